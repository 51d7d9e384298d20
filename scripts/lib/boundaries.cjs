// The folder lists behind the import boundaries (.dependency-cruiser.cjs builds its rules from them;
// scripts/lint-deps.ts runs it and checks the site's imports from api/). ARCHITECTURE.md explains the rules.

/** Modules every API folder may use: helpers, the error type, the context, the booking domain, the
 * providers, email rendering, the emails booking events send (api/notices: below the features, above the
 * domain), and the auth guard every route mounts (not the auth feature's workflows). */
const SHARED_API = [
  '^api/lib/',
  '^api/errors\\.ts$',
  '^api/context\\.ts$',
  '^api/env\\.ts$',
  '^api/spots/',
  '^api/providers/',
  '^api/mail-templates/',
  '^api/notices/',
  '^api/auth/(plugin|session|public-user)\\.ts$',
];

/** What a feature may take from another feature: its payload schemas and types. */
const MODEL = '[/-]model\\.ts$';

/** Site files that run only on the server (SSR pages, the adapter, middleware, the request context): they
 * call services like a route does. Everything else under site/ can reach the browser. */
const SITE_SERVER = ['^site/middleware\\.ts$', '^site/adapter/', '^site/lib/server-context\\.ts$', '^site/pages/', '\\.d\\.ts$'];

/**
 * Known violations that other work of issue 18 is removing, each named (from, to) so that any NEW one still
 * fails the check. Remove a line when its import goes.
 */
const KNOWN = {
  /** None left: a new feature → feature import fails the check. */
  featureToFeature: [],
  /** db/ imports nothing from api/: the seed, which writes through the API's helpers, lives in api/seed. */
  dbToApi: [],
  /** Modules on a known cycle (none left: the seed's entry, api/seed/index.ts, and its demo and scale sets no
   * longer import each other). */
  cycles: [],
  /** api/ modules browser code still takes values from (not only types) beyond model.ts files: pure helpers
   * with no server code in them, waiting for their shared home (issue 18, item 3). */
  siteValuesFromApi: [
    'api/lib/pacific.ts', // Pacific-time formatting and parsing
    'api/lib/plural.ts', // "1 spot", "3 spots"
    'api/lib/money.ts', // cents and dollars, the service fee
    'api/lib/schema.ts', // valibot helpers the class form's rules reuse
    'api/lib/pagination.ts', // the page size cap
    'api/auth/redirect.ts', // which ?redirect= targets are safe
    'api/catalog/filter-classes.ts', // the catalogue's filter rules, also run in the browser
    'api/catalog/featured.ts', // which classes the home page features
    'api/classes/shape.ts', // how a class's place and series read
    'api/lib/sun.ts', // civil dusk, for the class form's daylight warning (computed in the browser)
    'api/lib/directions.ts', // Google and Apple Maps directions links to a meeting point
  ],
};

module.exports = { SHARED_API, MODEL, SITE_SERVER, KNOWN };
