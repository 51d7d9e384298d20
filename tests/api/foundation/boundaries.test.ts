// The import boundaries check refuses what it is meant to refuse: the real .dependency-cruiser.cjs run over a
// small tree laid out like ours (a feature importing another's service, a model.ts import, the domain reaching
// into a feature, db/ importing api/, a cycle). The repository itself is checked by `npm run lint:deps`, a step
// of `npm test`.
import { afterAll, describe, expect, test } from 'bun:test';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = join(import.meta.dir, '../../..');
const depcruise = join(root, 'node_modules/.bin/depcruise');
const dir = mkdtempSync(join(tmpdir(), 'fogline-boundaries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
