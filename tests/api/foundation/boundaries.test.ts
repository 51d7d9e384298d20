// The import boundaries check refuses what it is meant to refuse: the real .dependency-cruiser.cjs run over a
// small tree laid out like ours (a feature importing another's service, a model.ts import, the domain reaching
// into a feature, db/ importing api/, api/lib or common/ reaching up, a cycle), and the site's rule (browser code
// takes only model.ts files and types from api/). The repository itself is checked by `npm run lint:deps`, a step
// of `npm test`.
import { afterAll, describe, expect, test } from 'bun:test';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { siteImportViolations } from '../../../scripts/lib/site-imports';

const { MODEL, SITE_SERVER } = require('../../../scripts/lib/boundaries.cjs') as { MODEL: string; SITE_SERVER: string[] };

const root = join(import.meta.dir, '../../..');
const depcruise = join(root, 'node_modules/.bin/depcruise');
const dir = mkdtempSync(join(tmpdir(), 'fogline-boundaries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): string {
  const at = mkdtempSync(join(dir, 'case-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(at, path)), { recursive: true });
    writeFileSync(join(at, path), text);
  }
  return at;
}

function tree(files: Record<string, string>): string[] {
  const at = mkdtempSync(join(dir, 'case-'));
  cpSync(join(root, '.dependency-cruiser.cjs'), join(at, '.dependency-cruiser.cjs'));
  cpSync(join(root, 'scripts/lib/boundaries.cjs'), join(at, 'scripts/lib/boundaries.cjs'), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(at, path)), { recursive: true });
    writeFileSync(join(at, path), text);
  }
  const run = Bun.spawnSync([depcruise, '--config', '.dependency-cruiser.cjs', '--output-type', 'err', ...Object.keys(files)], { cwd: at });
  return `${run.stdout}${run.stderr}`
    .split('\n')
    .filter((line) => /^\s*error /.test(line))
    .map((line) => line.trim());
}

describe('dependency-cruiser rules', () => {
  test('a feature importing another feature fails; its model.ts and the domain are fine', () => {
    const errors = tree({
      'api/probe-a/service.ts':
        "import { book } from '../probe-b/service';\nimport type { Booking } from '../probe-b/model';\nimport { takesSpots } from '../spots/taken';\nexport const x = [book, takesSpots];\n",
      'api/probe-b/service.ts': 'export const book = 1;\n',
      'api/probe-b/model.ts': 'export type Booking = { id: number };\n',
      'api/spots/taken.ts': 'export const takesSpots = 1;\n',
    });
    expect(errors).toEqual(['error no-feature-to-feature: api/probe-a/service.ts → api/probe-b/service.ts']);
  });

  test('the domain importing a feature, db importing api, and a cycle fail', () => {
    const errors = tree({
      'api/spots/release.ts': "import { mail } from '../waitlist/emails';\nexport const r = mail;\n",
      'api/waitlist/emails.ts': 'export const mail = 1;\n',
      'db/seed/demo.ts': "import { m } from '../../api/lib/money';\nexport const d = m;\n",
      'api/lib/money.ts': 'export const m = 1;\n',
      'api/lib/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'api/lib/b.ts': "import { a } from './a';\nexport const b = a;\n",
    });
    expect(errors).toContain('error domain-imports-only-db-lib-errors: api/spots/release.ts → api/waitlist/emails.ts');
    expect(errors).toContain('error db-imports-nothing-from-api: db/seed/demo.ts → api/lib/money.ts');
    expect(errors.some((line) => line.startsWith('error no-circular: api/lib/a.ts'))).toBe(true);
  });
});

describe('layers below the features', () => {
  test('api/lib importing a feature or the booking domain fails; db/, common/ and the error type are fine', () => {
    const errors = tree({
      'api/lib/class-json.ts':
        "import { policyOf } from '../conditions/model';\nimport { isSeriesParent } from '../spots/series';\nimport { notFound } from '../errors';\nimport { money } from '../../common/money';\nexport const j = [policyOf, isSeriesParent, notFound, money];\n",
      'api/conditions/model.ts': 'export const policyOf = 1;\n',
      'api/spots/series.ts': 'export const isSeriesParent = 1;\n',
      'api/errors.ts': 'export const notFound = 1;\n',
      'common/money.ts': 'export const money = 1;\n',
    });
    expect(errors.sort()).toEqual([
      'error lib-imports-no-feature: api/lib/class-json.ts → api/conditions/model.ts',
      'error lib-imports-no-feature: api/lib/class-json.ts → api/spots/series.ts',
    ]);
  });

  test('common/ importing api/, db/ or site/ fails', () => {
    const errors = tree({
      'common/pacific.ts':
        "import { notFound } from '../api/errors';\nimport { users } from '../db/schema';\nimport { x } from '../site/lib/x';\nexport const p = [notFound, users, x];\n",
      'api/errors.ts': 'export const notFound = 1;\n',
      'db/schema.ts': 'export const users = 1;\n',
      'site/lib/x.ts': 'export const x = 1;\n',
    });
    expect(errors.sort()).toEqual([
      'error common-imports-nothing-above: common/pacific.ts → api/errors.ts',
      'error common-imports-nothing-above: common/pacific.ts → db/schema.ts',
      'error common-imports-nothing-above: common/pacific.ts → site/lib/x.ts',
    ]);
  });
});

describe("the site's rule: browser code takes from api/ only model.ts files and types", () => {
  const files = {
    'site/islands/Card.tsx': [
      "import { formatDollars } from '../../api/lib/money';", // a value from api/lib: refused
      "import { book } from '../../api/bookings/service';", // a service: refused
      "import { users } from '../../db/schema';", // a value from db/: refused
      "import { Booking } from '../../api/bookings/model';", // a model.ts: fine
      "import type { Session } from '../../api/auth/session';", // types only: fine
      "import { spotCount } from '../../common/plural';", // the shared home: fine
      'export const c = [formatDollars, book, users, Booking, spotCount] as unknown as Session;',
    ].join('\n'),
    'site/pages/api/[...path].ts': "import { book } from '../../../api/bookings/service';\nexport const p = book;\n", // SSR: fine
    'api/lib/money.ts': 'export const formatDollars = 1;\n',
    'api/bookings/service.ts': 'export const book = 1;\n',
    'api/bookings/model.ts': 'export const Booking = 1;\n',
    'api/auth/session.ts': 'export type Session = { id: string };\n',
    'db/schema.ts': 'export const users = 1;\n',
    'common/plural.ts': 'export const spotCount = 1;\n',
  };

  test('a value from api/ beyond model.ts, or from db/, is named; types, model.ts, common/ and server pages pass', async () => {
    const at = write(files);
    const violations = await siteImportViolations(at, Object.keys(files), { siteServer: SITE_SERVER, model: MODEL });
    expect(violations.map((line) => line.trim().replace(/ \(.*$/, ''))).toEqual([
      'error site-imports-only-api-models: site/islands/Card.tsx → api/lib/money.ts',
      'error site-imports-only-api-models: site/islands/Card.tsx → api/bookings/service.ts',
      'error site-imports-only-api-models: site/islands/Card.tsx → db/schema.ts',
    ]);
  });
});
