// The import boundaries, checked by `npm run lint:deps` (scripts/lint-deps.ts) and as a step of `npm test`.
// ARCHITECTURE.md explains them; the folder lists and the named known exceptions are in scripts/lib/boundaries.cjs.
const { SHARED_API, MODEL, KNOWN } = require('./scripts/lib/boundaries.cjs');

const exact = (path) => `^${path.replace(/[.]/g, '\\.')}$`;

/** One rule, with its known exceptions as exact (from, to) pairs: a file with known exceptions gets its own
 * copy of the rule that also allows just those targets. */
function withExceptions(rule, pairs) {
  const byFrom = new Map();
  for (const [from, to] of pairs) byFrom.set(from, [...(byFrom.get(from) ?? []), exact(to)]);
  const own = [...byFrom.keys()].map(exact);
  return [
    { ...rule, from: { ...rule.from, pathNot: [...(rule.from.pathNot ?? []), ...own] } },
    ...[...byFrom].map(([from, targets]) => ({
      ...rule,
      name: `${rule.name} (known: ${from})`,
      from: { ...rule.from, path: exact(from), pathNot: undefined },
      // The file's own folder stands in for the rule's $1 (its path is now exact, with no group to refer to).
      to: { ...rule.to, pathNot: [...(rule.to.pathNot ?? []).map((p) => p.replace('$1', from.split('/')[1])), ...targets] },
    })),
  ].map((r) => (r.from.pathNot === undefined ? { ...r, from: { path: r.from.path } } : r));
}

module.exports = {
  forbidden: [
    ...withExceptions(
      {
        name: 'no-feature-to-feature',
        comment:
          'A feature folder under api/ imports nothing from another one but its model.ts (payload schemas and types): shared booking logic lives in api/spots, helpers in api/lib.',
        severity: 'error',
        from: { path: '^api/([^/]+)/' },
        to: { path: '^api/[^/]+/', pathNot: ['^api/$1/', ...SHARED_API, MODEL] },
      },
      KNOWN.featureToFeature,
    ),
    {
      name: 'domain-imports-only-db-lib-errors',
      comment:
        'The booking domain (api/spots) is called by the features, never the other way round: it imports only db/, api/lib and api/errors.',
      severity: 'error',
      from: { path: '^api/spots/' },
      to: { path: '^api/', pathNot: ['^api/spots/', '^api/lib/', '^api/errors\\.ts$'] },
    },
    {
      name: 'lib-imports-no-feature',
      comment:
        'api/lib holds helpers every layer uses: it imports only itself, common/, db/, the error type, the context and env (types), never a feature or the booking domain.',
      severity: 'error',
      from: { path: '^api/lib/' },
      to: { path: '^api/', pathNot: ['^api/lib/', '^api/errors\\.ts$', '^api/context\\.ts$', '^api/env\\.ts$'] },
    },
    {
      name: 'common-imports-nothing-above',
      comment:
        'common/ holds the pure helpers the server and the browser both run (Pacific time, money, plural, schema pieces, the catalogue filters): it imports only itself and packages, never api/, db/, site/ or scripts/.',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(api|db|site|scripts)/' },
    },
    ...withExceptions(
      {
        name: 'db-imports-nothing-from-api',
        comment: 'db/ (schema, client, migrations, seed) sits below api/: it imports nothing from it.',
        severity: 'error',
        from: { path: '^db/' },
        to: { path: '^api/' },
      },
      KNOWN.dbToApi,
    ),
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere (type imports included).',
      severity: 'error',
      from: KNOWN.cycles.length > 0 ? { pathNot: KNOWN.cycles.map(exact) } : {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '\\.test\\.tsx?$'] },
    // TypeScript 7 has no compiler API for dependency-cruiser to load: it reads the files scripts/lint-deps.ts
    // lists (type imports count as imports) and resolves them with these extensions. The site's "types only"
    // rule, which needs to tell `import type` apart, is checked by scripts/lint-deps.ts with Bun's transpiler.
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
