// The browse rules in SQL (api/catalog/browse-query.ts) against the spec's rules as the pure function
// filterClasses states them, over many filter combinations on the demo data. The only intended difference:
// q also looks in the category name, the coach's name and the location (issue 9), so the reference reads
// those as part of the description.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import { browseClassIds } from '../../../api/catalog/browse-query';
import { type ClassFilters, filterClasses } from '../../../common/class-filters';
import { pacificDay } from '../../../common/pacific';
import { categories, classes, users } from '../../../db/schema';
import { seededRandom } from '../../../api/seed/plan';
import { startTestServer, type TestServer } from '../../helpers/api';

let server: TestServer;
let reference: Array<{
  id: number;
  title: string;
  description: string;
  categoryId: number | null;
  ageGroup: string;
  address: string | null;
  startTime: Date | null;
}>;
let now: Date;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  now = server.clock.now();
  const rows = await server.ctx.db
    .select({ row: classes, category: categories.name, coachFirst: users.firstName, coachLast: users.lastName })
    .from(classes)
    .leftJoin(categories, eq(categories.id, classes.categoryId))
    .leftJoin(users, eq(users.id, classes.coachId))
    .orderBy(asc(classes.startTime), asc(classes.id));
  reference = rows
    .filter(({ row }) => row.deletedAt === null && !(row.isRecurring && row.parentClassId === null))
    .map(({ row, category, coachFirst, coachLast }) => ({
      id: row.id,
      title: row.title,
      description: [row.description, category ?? '', `${coachFirst} ${coachLast}`, row.location ?? ''].join('\n'),
      categoryId: row.categoryId,
      ageGroup: row.ageGroup,
      address: row.address,
      startTime: row.startTime,
    }));
});
afterAll(() => server.stop());

const expected = (filters: ClassFilters) => filterClasses(reference, filters, now).map((c) => c.id);
async function actual(filters: ClassFilters) {
  const { ids, total } = await browseClassIds(server.ctx.db, now, { filters, limit: 100_000, offset: 0 });
  expect(total).toBe(ids.length);
  return ids;
}

/** Values each filter takes: real ones from the data, odd spellings, and ones that match nothing. */
function filterValues() {
  const days = [...new Set(reference.filter((c) => c.startTime).map((c) => pacificDay(c.startTime!)))];
  const categoryIds = [...new Set(reference.map((c) => c.categoryId).filter((id) => id !== null))];
  const pick = seededRandom(9);
  return {
    q: [
      'yoga',
      'YOGA',
      'Yog',
      'oga',
      'run',
      'sunset flow',
      'ocean beach',
      'Maya',
      'chen',
      'soccer',
      'golden gate',
      'park',
      'a',
      'ab',
      'zz',
      'no such class',
      'crissy field',
      '"',
      "o'",
      '%',
      '_',
      'yoga*',
      'tennis OR yoga',
      'É',
    ],
    type: [...categoryIds.map(String), '01', 'abc', '1.5', '999'],
    ageGroup: ['Adults', 'Kids', 'kids'],
    city: ['San Francisco', 'francisco', 'oak', 'OAKLAND', 'berkeley', 'sausalito', 'CA', 'nowhere'],
    date: [...days.filter(() => pick() < 0.3).slice(0, 12), `${days[3]}T19:00:00.000Z`, 'not a date', '2027-02-30', '1999-01-01'],
  };
}

describe('browse in SQL, the same results as the spec rules (demo data)', () => {
  test('no filter: every class from today on, by start time, classes without one last', async () => {
    expect(await actual({})).toEqual(expected({}));
    expect((await actual({})).length).toBeGreaterThan(50);
  });

  test('each filter value alone', async () => {
    const values = filterValues();
    for (const [key, list] of Object.entries(values)) {
      for (const value of list) {
        const filters = { [key]: value } as ClassFilters;
        expect({ filters, ids: await actual(filters) }).toEqual({ filters, ids: expected(filters) });
      }
    }
    // The category filter under its other name, and both at once.
    expect(await actual({ category: values.type[0] })).toEqual(expected({ category: values.type[0] }));
    expect(await actual({ type: values.type[0], category: values.type[1] })).toEqual([]);
  });

  test('400 random combinations of two to five filters', async () => {
    const values = filterValues();
    const random = seededRandom(2027);
    const keys = Object.keys(values) as Array<keyof typeof values>;
    let nonEmpty = 0;
    for (let i = 0; i < 400; i++) {
      const filters: ClassFilters = {};
      for (const key of keys) if (random() < 0.55) filters[key] = values[key][Math.floor(random() * values[key].length)];
      const ids = await actual(filters);
      expect({ filters, ids }).toEqual({ filters, ids: expected(filters) });
      if (ids.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(40);
  });

  test('time of day (Pacific start: morning, afternoon, evening), alone and with a day or a type', async () => {
    const values = filterValues();
    for (const time of ['morning', 'afternoon', 'evening', 'night']) {
      for (const extra of [{}, { date: values.date[0] }, { type: values.type[0] }, { q: 'yoga' }] as ClassFilters[]) {
        const filters = { ...extra, time };
        expect({ filters, ids: await actual(filters) }).toEqual({ filters, ids: expected(filters) });
      }
    }
    const parts = await Promise.all(['morning', 'afternoon', 'evening'].map((time) => actual({ time })));
    // The three parts of the day split the classes that have a start time, with none left over.
    expect(parts.flat().sort((a, b) => a - b)).toEqual(
      expected({})
        .filter((id) => reference.find((c) => c.id === id)!.startTime)
        .sort((a, b) => a - b),
    );
    expect(parts.every((ids) => ids.length > 0)).toBe(true);
  });

  test('pages are slices of the whole list', async () => {
    const all = expected({ q: 'a' });
    const page = await browseClassIds(server.ctx.db, now, { filters: { q: 'a' }, limit: 7, offset: 5 });
    expect(page).toEqual({ ids: all.slice(5, 12), total: all.length });
  });
});
