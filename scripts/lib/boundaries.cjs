// The folder lists behind the import boundaries (.dependency-cruiser.cjs builds its rules from them;
// scripts/lint-deps.ts runs it and checks the site's imports with scripts/lib/site-imports.ts). ARCHITECTURE.md
// explains the rules.

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
 * call services like a route does. Everything else under site/ can reach the browser, and takes from api/ only
 * model.ts files and types; pure helpers both sides run live in common/ (scripts/lib/site-imports.ts). */
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
};

module.exports = { SHARED_API, MODEL, SITE_SERVER, KNOWN };
