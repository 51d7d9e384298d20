// GET /api/categories, /api/coaches, /api/coaches/{id}(/classes) and the coach review reads.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { addCategory, addClass, addCoach, addReview, addUser, DAY } from './fixtures';

let server: TestServer;
let yoga: number;
let run: number;
let maya: number;
let noah: number;
let pending: number;
let customer: number;
let pastClass: number;

beforeAll(async () => {
  server = await startTestServer();
  const ctx = server.ctx;
  yoga = await addCategory(ctx, 'Yoga');
  run = await addCategory(ctx, 'Running');
  maya = await addCoach(ctx, {
    firstName: 'Maya',
    lastName: 'Chen',
    bio: 'Yoga on the beach',
    areasOfExpertise: [yoga, run, 9999],
    certifications: 'RYT-500',
  });
  noah = await addCoach(ctx, { firstName: 'Noah', lastName: 'Kim' });
  pending = await addCoach(ctx, { firstName: 'Pat', lastName: 'Pending', isApproved: false });
  customer = await addUser(ctx, { firstName: 'Casey', lastName: 'Morgan' });
  pastClass = await addClass(ctx, { coachId: maya, title: 'Past Flow', startTime: new Date(ctx.clock.now().getTime() - 2 * DAY) });
  await addClass(ctx, { coachId: maya, title: 'Next Flow', categoryId: yoga });
  await addClass(ctx, { coachId: maya, title: 'Series template', isRecurring: true, recurrenceType: 'weekly' });
  const t0 = ctx.clock.now().getTime();
  await addReview(ctx, {
    classId: pastClass,
    userId: customer,
    coachId: maya,
    rating: 5,
    comment: 'Wonderful',
    at: new Date(t0 - 3 * DAY),
  });
  await addReview(ctx, {
    classId: pastClass,
    userId: await addUser(ctx, { firstName: 'Jo', lastName: 'Park' }),
    coachId: maya,
    rating: 4,
    comment: 'Great',
    at: new Date(t0 - DAY),
  });
  await addReview(ctx, {
    classId: pastClass,
    userId: await addUser(ctx, { firstName: 'Sam', lastName: 'Lee' }),
    coachId: maya,
    rating: 4,
    at: new Date(t0 - 2 * DAY),
  });
});
afterAll(() => server.stop());

const get = (path: string) => server.client().get(path);

describe('GET /api/categories', () => {
  test('lists every category with id, name and image', async () => {
    const res = await get('/api/categories');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: run, name: 'Running', image: '/images/categories/running.svg' },
      { id: yoga, name: 'Yoga', image: '/images/categories/yoga.svg' },
    ]);
  });

  test('GET /api/categories/{id} answers one category, 404 when unknown', async () => {
    expect((await get(`/api/categories/${yoga}`)).body).toEqual({ id: yoga, name: 'Yoga', image: '/images/categories/yoga.svg' });
    const missing = await get('/api/categories/777');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Category not found.' });
  });
});

describe('GET /api/coaches', () => {
  test('lists approved coaches only, best rated first, with rating and expertise names', async () => {
    const res = await get('/api/coaches');
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([maya, noah]);
    expect(res.body[0]).toEqual({
      id: maya,
      firstName: 'Maya',
      lastName: 'Chen',
      bio: 'Yoga on the beach',
      profileImage: null,
      certifications: 'RYT-500',
      areasOfExpertise: [yoga, run, 9999],
      expertise: ['Yoga', 'Running'],
      rating: { averageRating: 4.3, totalReviews: 3 },
    });
    expect(res.body[1].rating).toEqual({ averageRating: 0, totalReviews: 0 });
  });

  test('never exposes an email, phone or password hash', async () => {
    const text = JSON.stringify((await get('/api/coaches')).body);
    expect(text).not.toContain('email');
    expect(text).not.toContain('password');
    expect(text).not.toContain('phone');
  });

  test('GET /api/coaches/{id} answers an approved coach, 404 for a pending coach, a customer or nobody', async () => {
    expect((await get(`/api/coaches/${maya}`)).body.firstName).toBe('Maya');
    for (const id of [pending, customer, 999, 'x']) {
      const res = await get(`/api/coaches/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Coach not found.' });
    }
  });

  test("GET /api/coaches/{id}/classes lists the coach's classes, series template included", async () => {
    const res = await get(`/api/coaches/${maya}/classes`);
    expect(res.status).toBe(200);
    expect(res.body.map((c: { title: string }) => c.title).sort()).toEqual(['Next Flow', 'Past Flow', 'Series template']);
    expect(res.body[0]).toHaveProperty('spotsLeft');
    expect((await get(`/api/coaches/${customer}/classes`)).status).toBe(404);
  });
});

describe('coach reviews', () => {
  test('GET /api/reviews/coach/{coachId}/stats answers totalReviews and averageRating', async () => {
    expect((await get(`/api/reviews/coach/${maya}/stats`)).body).toEqual({ totalReviews: 3, averageRating: 4.3 });
    expect((await get(`/api/reviews/coach/${noah}/stats`)).body).toEqual({ totalReviews: 0, averageRating: 0 });
  });

  test('GET /api/reviews/coach/{coachId}?limit=2 answers the 2 most recent reviews', async () => {
    const res = await get(`/api/reviews/coach/${maya}?limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.reviews.map((r: { comment: string | null }) => r.comment)).toEqual(['Great', null]);
    expect(res.body.reviews[0]).toMatchObject({
      classId: pastClass,
      rating: 4,
      customerName: 'Jo P.',
      customerFirstName: 'Jo',
      className: 'Past Flow',
    });
    expect(typeof res.body.reviews[0].updatedAt).toBe('string');
  });

  test('without a limit every review is listed', async () => {
    expect((await get(`/api/reviews/coach/${maya}`)).body.reviews).toHaveLength(3);
  });

  test('a malformed limit is a 400', async () => {
    expect((await get(`/api/reviews/coach/${maya}?limit=two`)).status).toBe(400);
  });
});

describe('bounded coach reads (issue 9)', () => {
  test('GET /api/coaches?q= searches the full name or the bio, case-insensitive, and pages with X-Total-Count', async () => {
    const byName = await get('/api/coaches?q=MAYA%20c');
    expect(byName.body.map((c: { id: number }) => c.id)).toEqual([maya]);
    expect((await get('/api/coaches?q=on%20the%20BEACH')).body.map((c: { id: number }) => c.id)).toEqual([maya]);
    const page = await get('/api/coaches?limit=1&offset=1');
    expect(page.body.map((c: { id: number }) => c.id)).toEqual([noah]);
    expect(page.headers.get('x-total-count')).toBe('2');
    expect((await get('/api/coaches?limit=101')).status).toBe(400);
  });

  test('GET /api/coaches/{id}/classes?when= pages the public profile lists: upcoming soonest first, past latest first', async () => {
    const upcoming = await get(`/api/coaches/${maya}/classes?when=upcoming&limit=10`);
    expect(upcoming.body.map((c: { title: string }) => c.title)).toEqual(['Next Flow']);
    expect(upcoming.headers.get('x-total-count')).toBe('1');
    const past = await get(`/api/coaches/${maya}/classes?when=past`);
    expect(past.body.map((c: { id: number }) => c.id)).toEqual([pastClass]);
    expect((await get(`/api/coaches/${pending}/classes?when=upcoming`)).status).toBe(404);
    expect((await get(`/api/coaches/${maya}/classes?when=later`)).status).toBe(400);
  });

  test('GET /api/coaches?q= ignores accents and case both ways, for 1 and 2 characters too, and follows renames', async () => {
    const ctx = server.ctx;
    const jose = await addCoach(ctx, { firstName: 'José', lastName: 'Ramírez', bio: 'Fútbol and capoeira in Golden Gate Park' });
    const ids = async (q: string) => (await get(`/api/coaches?q=${encodeURIComponent(q)}`)).body.map((c: { id: number }) => c.id);
    expect(await ids('jose')).toEqual([jose]);
    expect(await ids('JOSÉ RAMIREZ')).toEqual([jose]);
    expect(await ids('futbol')).toEqual([jose]);
    expect(await ids('é r')).toEqual([jose]);
    expect(await ids('ír')).toEqual([jose]);
    expect(await ids('mí')).toEqual([jose]);
    expect(await ids('%')).toEqual([]);
    // A pending coach is indexed but never listed; a rename is searchable at once.
    await server.ctx.db.write((tx) => tx.update(users).set({ firstName: 'Joaquín' }).where(eq(users.id, jose)));
    expect(await ids('jose')).toEqual([]);
    expect(await ids('joaquin')).toEqual([jose]);
    expect(await ids('pat pend')).toEqual([]);
  });

  test('GET /api/coaches and GET /api/coaches/{id}/classes are one page by default (24, at most 100), with X-Total-Count', async () => {
    const ctx = server.ctx;
    const busy = await addCoach(ctx, { firstName: 'Busy', lastName: 'Bee' });
    for (let i = 0; i < 30; i++)
      await addClass(ctx, { coachId: busy, title: `Busy ${i}`, startTime: new Date(ctx.clock.now().getTime() + (i + 1) * DAY) });
    const classes = await get(`/api/coaches/${busy}/classes`);
    expect(classes.body).toHaveLength(24);
    expect(classes.body[0].title).toBe('Busy 0');
    expect(classes.headers.get('x-total-count')).toBe('30');
    const rest = await get(`/api/coaches/${busy}/classes?limit=100&offset=24`);
    expect(rest.body.map((c: { title: string }) => c.title)).toEqual(['Busy 24', 'Busy 25', 'Busy 26', 'Busy 27', 'Busy 28', 'Busy 29']);
    expect((await get(`/api/coaches/${busy}/classes?limit=101`)).status).toBe(400);

    const before = Number((await get('/api/coaches')).headers.get('x-total-count'));
    await Promise.all(Array.from({ length: 30 }, (_, i) => addCoach(ctx, { firstName: 'Extra', lastName: `Coach${i}` })));
    const coaches = await get('/api/coaches');
    expect(coaches.body).toHaveLength(24);
    expect(coaches.headers.get('x-total-count')).toBe(String(before + 30));
    expect((await get('/api/coaches?offset=24&limit=100')).body).toHaveLength(before + 30 - 24);
  });

  test('GET /api/reviews/coach/{coachId} pages with offset, X-Total-Count gives them all', async () => {
    const res = await get(`/api/reviews/coach/${maya}?limit=1&offset=1`);
    expect(res.body.reviews.map((r: { comment: string | null }) => r.comment)).toEqual([null]);
    expect(res.headers.get('x-total-count')).toBe('3');
  });
});
