// The site's import rule, which dependency-cruiser cannot check without a TypeScript compiler API: code under site/
// that can reach the browser takes from api/ only model.ts files (valibot schemas) and types, and nothing but types
// from db/. Pure helpers both sides run (Pacific time, money, plural, the catalogue's filters...) live in common/.
// Bun's transpiler drops type-only imports, so what it still lists is a value the browser bundle would carry.
import { dirname, join, normalize, relative } from 'node:path';

export interface SiteRule {
  /** Site files that run only on the server (scripts/lib/boundaries.cjs SITE_SERVER). */
  siteServer: string[];
  /** What a browser file may take values from under api/ (scripts/lib/boundaries.cjs MODEL). */
  model: string;
}

/** One line per browser import of a value from api/ (other than a model.ts) or from db/. `files` are relative to `root`. */
export async function siteImportViolations(root: string, files: string[], rule: SiteRule): Promise<string[]> {
  const transpiler = new Bun.Transpiler({ loader: 'tsx' });
  const server = rule.siteServer.map((pattern) => new RegExp(pattern));
  const model = new RegExp(rule.model);
  const violations: string[] = [];
  for (const file of files.filter((f) => f.startsWith('site/') && !server.some((p) => p.test(f)))) {
    for (const { path } of transpiler.scanImports(await Bun.file(join(root, file)).text())) {
      if (!path.startsWith('.')) continue;
      const target = relative(root, normalize(join(root, dirname(file), path)));
      if (!target.startsWith('api/') && !target.startsWith('db/')) continue;
      const to = relative(root, Bun.resolveSync(`./${target}`, root));
      if (to.startsWith('api/') && model.test(to)) continue;
      violations.push(`  error site-imports-only-api-models: ${file} → ${to} (a value, not only types; shared helpers go in common/)`);
    }
  }
  return violations;
}
