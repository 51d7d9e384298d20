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
  KNOWN: { siteValuesFromApi: string[] };
};

const files: string[] = [];
for (const pattern of ['{api,db,site,scripts}/**/*.ts', 'site/**/*.tsx']) {
  for await (const file of new Glob(pattern).scan({ cwd: root })) if (!/\.test\.tsx?$/.test(file)) files.push(file);
}
files.sort();

// dependency-cruiser reads only the files it is given when it has no TypeScript compiler to list them.
const cruiser = Bun.spawn([join(root, 'node_modules/.bin/depcruise'), '--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...files], {
  cwd: root,
  stdout: 'inherit',
  stderr: 'inherit',
});
let failed = (await cruiser.exited) !== 0;

// Browser code: every runtime import into api/ must be a model.ts (or a named known exception).
const transpiler = new Bun.Transpiler({ loader: 'tsx' });
const known = new Set(KNOWN.siteValuesFromApi);
const violations: string[] = [];
for (const file of files.filter((f) => f.startsWith('site/') && !SITE_SERVER.some((p) => new RegExp(p).test(f)))) {
  const imports = transpiler.scanImports(await Bun.file(join(root, file)).text());
  for (const { path } of imports) {
    if (!path.startsWith('.')) continue;
    const target = relative(root, normalize(join(root, dirname(file), path)));
    if (!target.startsWith('api/')) continue;
    const resolved = Bun.resolveSync(`./${target}`, root);
    const to = relative(root, resolved);
    if (new RegExp(MODEL).test(to) || known.has(to)) continue;
    violations.push(`  error site-imports-only-api-models: ${file} → ${to} (a value, not only types)`);
  }
}
if (violations.length > 0) {
  console.error(`\n${violations.join('\n')}\n\nx ${violations.length} site import(s) take values from api/ beyond model.ts (types are fine: import type).`);
  failed = true;
} else {
  console.log('✔ site: browser code takes only model.ts files and types from api/');
}
process.exit(failed ? 1 : 0);
