// SEED=scale (issue 9): the demo data plus a marketplace-sized set, deterministic and quick. Checked here at a
// tenth of the full size; the sizes of the full set are checked on the plan alone (no database needed).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FakeClock } from '../../../api/lib/clock';
import { seedIfEmpty } from '../../../api/seed';
import { CATEGORIES } from '../../../api/seed/demo/categories';
import { seedScaleData } from '../../../api/seed/scale';
import { FULL_SCALE, planScale, scaleSize } from '../../../api/seed/scale/plan';
import { startTestServer, type TestServer } from '../../helpers/api';

const NOW = new Date('2027-03-10T23:00:00Z');
const ids = { user: 100, class: 1000, booking: 5000, categories: Object.fromEntries(CATEGORIES.map((c, i) => [c.key, i + 1])) as never };
const TENTH = scaleSize(0.1);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock: new FakeClock(NOW) });
  await seedScaleData(server.ctx, TENTH);
});
afterAll(() => server.stop());

const one = async (sql: string) => Number((await server.ctx.db.client.execute(sql)).rows[0]![0]);

describe('the scale plan', () => {
  test('the full size: 10,000 upcoming sessions, 300 coaches, 20,000 customers, 100,000 bookings, 30,000 reviews, 300 posts', () => {
    const plan = planScale(NOW, FULL_SCALE, ids, 'hash');
    const upcoming = plan.classes.filter((c) => c.startTime! > NOW && !(c.isRecurring && c.parentClassId === null));
    expect(upcoming).toHaveLength(10_000);
    expect(plan.users.filter((u) => u.role === 'coach')).toHaveLength(300);
    expect(plan.users.filter((u) => u.role === 'customer')).toHaveLength(20_000);
    expect(plan.bookings).toHaveLength(100_000);
    expect(plan.reviews).toHaveLength(30_000);
    expect(plan.blogPosts).toHaveLength(300);
    expect(new Set(upcoming.map((c) => c.categoryId)).size).toBe(CATEGORIES.length);
    expect(upcoming.some((c) => c.parentClassId)).toBe(true);
    expect(upcoming.some((c) => !c.isRecurring)).toBe(true);
  });

  test('is deterministic for a given day', () => {
    const a = planScale(NOW, TENTH, ids, 'hash');
    const b = planScale(NOW, TENTH, ids, 'hash');
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });
});

describe('SEED=scale in a database', () => {
  test('adds the scaled rows on top of the demo data, which keeps its accounts', async () => {
    expect(await one("select count(*) from users where email like '%@scale.fogline.test' and role = 'customer'")).toBe(TENTH.customers);
    expect(await one("select count(*) from users where email = 'customer@fogline.test'")).toBe(1);
    expect(
      await one(
        `select count(*) from classes where start_time > ${NOW.getTime()} and coach_id in (select id from users where email like 'coach%@scale.fogline.test') and not (is_recurring = 1 and parent_class_id is null)`,
      ),
    ).toBe(TENTH.upcomingSessions);
    expect(await one("select count(*) from reviews where user_id in (select id from users where email like '%@scale.fogline.test')")).toBe(
      TENTH.reviews,
    );
  });

  test('no class is booked beyond its capacity, and every review is of a class already taught', async () => {
    expect(
      await one(
        "select count(*) from classes c where capacity < (select coalesce(sum(quantity), 0) from bookings b where b.class_id = c.id and b.status = 'confirmed')",
      ),
    ).toBe(0);
    expect(await one(`select count(*) from reviews r join classes c on c.id = r.class_id where c.start_time > ${NOW.getTime()}`)).toBe(0);
    expect(await one('select count(*) from reviews r join classes c on c.id = r.class_id where r.coach_id <> c.coach_id')).toBe(0);
  });

  test('an empty database started with SEED=scale gets it, a seeded one is left alone', async () => {
    server.ctx.env.seedSet = 'scale';
    expect(await seedIfEmpty(server.ctx)).toBe(false);
    server.ctx.env.seedSet = 'demo';
  });
});
