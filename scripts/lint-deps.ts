// The import boundaries check (`npm run lint:deps`, and a step of `npm test`): dependency-cruiser with
// .dependency-cruiser.cjs over common/, api/, db/, site/ and scripts/ (no feature imports another, the booking
// domain, api/lib, db/ and common/ import nothing above them, no cycles), then the site's rule: code that can reach
// the browser takes from api/ only model.ts files and types (scripts/lib/site-imports.ts, with Bun's transpiler,
// which drops type-only imports: TypeScript 7 has no compiler API for dependency-cruiser to tell them apart).
// Exits 1 on a violation.
import { Glob } from 'bun';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { siteImportViolations } from './lib/site-imports';

const root = join(import.meta.dir, '..');
const { MODEL, SITE_SERVER, KNOWN } = createRequire(import.meta.url)('./lib/boundaries.cjs') as {
  MODEL: string;
  SITE_SERVER: string[];
  KNOWN: { featureToFeature: [string, string][]; dbToApi: [string, string][]; cycles: string[] };
};

const files: string[] = [];
for (const pattern of ['{common,api,db,site,scripts}/**/*.ts', 'site/**/*.tsx']) {
  for await (const file of new Glob(pattern).scan({ cwd: root })) if (!/\.test\.tsx?$/.test(file)) files.push(file);
}
files.sort();

// dependency-cruiser reads only the files it is given when it has no TypeScript compiler to list them.
const cruiser = Bun.spawnSync(
  [join(root, 'node_modules/.bin/depcruise'), '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...files],
  { cwd: root },
);
if (cruiser.exitCode !== 0 && cruiser.stdout.length === 0) {
  console.error(`${cruiser.stderr}`);
  process.exit(1);
}
interface Cruise {
  modules: { source: string; dependencies: { resolved: string; circular: boolean }[] }[];
  summary: {
    violations: { from: string; to: string; rule: { name: string }; cycle?: { name: string }[] }[];
    totalCruised: number;
    totalDependenciesCruised: number;
  };
}
const cruise = JSON.parse(`${cruiser.stdout}`) as Cruise;
let failed = false;
for (const v of cruise.summary.violations) {
  const path = v.cycle ? [v.from, ...v.cycle.map((step) => step.name)].join(' → ') : `${v.from} → ${v.to}`;
  console.error(`  error ${v.rule.name}: ${path}`);
  failed = true;
}

// A known exception whose import is gone must leave the list, so the list stays the truth.
const imports = new Set(cruise.modules.flatMap((m) => m.dependencies.map((d) => `${m.source} -> ${d.resolved}`)));
const onCycle = new Set(cruise.modules.filter((m) => m.dependencies.some((d) => d.circular)).map((m) => m.source));
const stale = [
  ...[...KNOWN.featureToFeature, ...KNOWN.dbToApi]
    .filter(([from, to]) => !imports.has(`${from} -> ${to}`))
    .map(([from, to]) => `${from} → ${to}`),
  ...KNOWN.cycles.filter((path) => !onCycle.has(path)).map((path) => `${path} (no longer on a cycle)`),
];
for (const line of stale) console.error(`  error stale-known-exception: ${line}: remove it from scripts/lib/boundaries.cjs`);
failed ||= stale.length > 0;
if (!failed)
  console.log(
    `✔ no dependency violations found (${cruise.summary.totalCruised} modules, ${cruise.summary.totalDependenciesCruised} dependencies cruised)`,
  );
else
  console.error(
    `\nx ${cruise.summary.violations.length + stale.length} dependency violation(s) (.dependency-cruiser.cjs, scripts/lib/boundaries.cjs)`,
  );

// Browser code: every runtime import into api/ must be a model.ts; nothing but types from db/.
const violations = await siteImportViolations(root, files, { siteServer: SITE_SERVER, model: MODEL });
if (violations.length > 0) {
  console.error(
    `\n${violations.join('\n')}\n\nx ${violations.length} site import(s) take values from api/ beyond model.ts (types are fine: import type).`,
  );
  failed = true;
} else {
  console.log('✔ site: browser code takes only model.ts files and types from api/');
}
process.exit(failed ? 1 : 0);
