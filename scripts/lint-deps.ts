// The import boundaries check (`npm run lint:deps`, and a step of `npm test`): dependency-cruiser with
// .dependency-cruiser.cjs over api/, db/, site/ and scripts/ (no feature imports another, the booking domain
// and db/ import nothing above them, no cycles), then the site's rule: code that can reach the browser takes
// from api/ only model.ts files and types. That one is checked here with Bun's transpiler, which drops type-only
// imports (TypeScript 7 has no compiler API for dependency-cruiser to tell them apart). Exits 1 on a violation.
import { Glob } from 'bun';
import { createRequire } from 'node:module';
import { dirname, join, normalize, relative } from 'node:path';

const root = join(import.meta.dir, '..');
const { MODEL, SITE_SERVER, KNOWN } = createRequire(import.meta.url)('./lib/boundaries.cjs') as {
  MODEL: string;
  SITE_SERVER: string[];
  KNOWN: { featureToFeature: [string, string][]; dbToApi: [string, string][]; cycles: string[]; siteValuesFromApi: string[] };
};

const files: string[] = [];
for (const pattern of ['{api,db,site,scripts}/**/*.ts', 'site/**/*.tsx']) {
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

// Browser code: every runtime import into api/ must be a model.ts (or a named known exception).
const transpiler = new Bun.Transpiler({ loader: 'tsx' });
const known = new Set(KNOWN.siteValuesFromApi);
const violations: string[] = [];
const usedValues = new Set<string>();
for (const file of files.filter((f) => f.startsWith('site/') && !SITE_SERVER.some((p) => new RegExp(p).test(f)))) {
  const imports = transpiler.scanImports(await Bun.file(join(root, file)).text());
  for (const { path } of imports) {
    if (!path.startsWith('.')) continue;
    const target = relative(root, normalize(join(root, dirname(file), path)));
    if (!target.startsWith('api/')) continue;
    const resolved = Bun.resolveSync(`./${target}`, root);
    const to = relative(root, resolved);
    if (new RegExp(MODEL).test(to) || known.has(to)) {
      usedValues.add(to);
      continue;
    }
    violations.push(`  error site-imports-only-api-models: ${file} → ${to} (a value, not only types)`);
  }
}
for (const path of KNOWN.siteValuesFromApi.filter((p) => !usedValues.has(p))) {
  violations.push(
    `  error stale-known-exception: ${path}: browser code no longer takes values from it, remove it from scripts/lib/boundaries.cjs`,
  );
}
if (violations.length > 0) {
  console.error(
    `\n${violations.join('\n')}\n\nx ${violations.length} site import(s) take values from api/ beyond model.ts (types are fine: import type).`,
  );
  failed = true;
} else {
  console.log('✔ site: browser code takes only model.ts files and types from api/');
}
process.exit(failed ? 1 : 0);
