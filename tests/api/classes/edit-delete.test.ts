// PUT, PATCH and DELETE /api/classes/{id}: owner coach or admin, the resource's rules, series scopes, bookings
// kept on edit, and deleteOption=following. Deleting marks the rows deleted (see soft-delete.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { inArray } from 'drizzle-orm';
import { bookings, classes } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { addBooking, type Cast, classForm, startWithCast } from './helpers';

let server: TestServer;
let cast: Cast;
beforeAll(async () => ({ server, cast } = await startWithCast('2027-03-01T20:00:00Z')));
beforeEach(() => server.clock.set('2027-03-01T20:00:00Z'));
afterAll(() => server.stop());

const pacificClock = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

async function createOne(extra: Record<string, unknown> = {}) {
  const res = await cast.coach.post('/api/classes', classForm(cast.categoryId, extra));
  expect(res.status).toBe(201);
  return res.body;
}

/** A weekly Sunday series of `count` sessions from 2027-03-07; returns the parent and its sessions by start. */
async function createSeries(count = 5, title = 'Weekly Yoga') {
  const parent = await createOne({ title, recurrence: { type: 'weekly', daysOfWeek: [0], endType: 'count', endCount: count } });
  return { parent, sessions: await sessionsOf(parent.id) };
}

async function sessionsOf(parentId: number) {
  const mine = await cast.coach.get('/api/classes/managed');
  return mine.body.filter((c: any) => c.parentClassId === parentId).sort((a: any, b: any) => a.startTime.localeCompare(b.startTime));
}

/** What the edit page sends: a subset, with the resource's names and an RFC 3339 start. */
const editPage = (extra: Record<string, unknown> = {}) => ({
  title: 'Evening Yoga',
  description: 'A slower flow as the fog rolls in.',
  price: 30,
  capacity: 12,
  location: 'Crissy Field',
  address: '1199 E Beach, San Francisco, CA 94129',
  duration: 75,
  startTime: '2027-03-10T18:30:00-08:00',
  ...extra,
});

describe('who may edit or delete a class', () => {
  test('a visitor gets 401, a customer 403, another coach 403, a missing class 404', async () => {
    const created = await createOne();
    expect((await cast.visitor.put(`/api/classes/${created.id}`, editPage())).status).toBe(401);
    expect((await cast.customer.put(`/api/classes/${created.id}`, editPage())).status).toBe(403);
    expect((await cast.otherCoach.put(`/api/classes/${created.id}`, editPage())).status).toBe(403);
    expect((await cast.otherCoach.delete(`/api/classes/${created.id}`)).status).toBe(403);
    expect((await cast.customer.delete(`/api/classes/${created.id}`)).status).toBe(403);
    expect((await cast.coach.put('/api/classes/999999', editPage())).status).toBe(404);
    expect((await cast.coach.delete('/api/classes/999999')).status).toBe(404);
    expect((await cast.coach.delete('/api/classes/abc')).status).toBe(404);
  });

  test('the owner coach edits their class', async () => {
    const created = await createOne();
    const res = await cast.coach.put(`/api/classes/${created.id}`, editPage());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Evening Yoga', price: 30, capacity: 12, duration: 75 });
    expect(res.body.startTime).toBe('2027-03-11T02:30:00.000Z');
    expect(res.body.endTime).toBe('2027-03-11T03:45:00.000Z');
  });

  test('an admin edits and deletes any class', async () => {
    const created = await createOne();
    const edit = await cast.admin.put(`/api/classes/${created.id}`, classForm(cast.categoryId, { title: 'Admin Edited' }));
    expect(edit.status).toBe(200);
    expect(edit.body.title).toBe('Admin Edited');
    expect(edit.body.coachId).toBe(cast.coachId);
    const del = await cast.admin.delete(`/api/classes/${created.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Class deleted successfully');
    expect((await cast.visitor.get(`/api/classes/${created.id}`)).status).toBe(404);
  });
});

describe("change rules: the resource's, the same for PUT and PATCH (page rules live with the pages)", () => {
  const rejects = async (extra: Record<string, unknown>, field: string, message: string) => {
    const created = await createOne();
    for (const method of ['PUT', 'PATCH']) {
      const res = await cast.coach.request(method, `/api/classes/${created.id}`, extra);
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toContain(message);
    }
  };
  test('title needs at least 3 characters', () => rejects({ title: 'Yo' }, 'title', 'Title must be at least 3 characters'));
  test('description needs at least 10 characters', () =>
    rejects({ description: 'Short' }, 'description', 'Description must be at least 10 characters'));
  test('price must be 0 or greater', () => rejects({ price: -5 }, 'price', 'Price must be 0 or greater'));
  test('capacity is a whole number of at least 1', async () => {
    await rejects({ capacity: 0 }, 'capacity', 'Capacity must be at least 1');
    await rejects({ capacity: 2.5 }, 'capacity', 'Capacity must be at least 1');
  });
  test('address needs at least 5 characters', () => rejects({ address: 'Park' }, 'address', 'Address must be at least 5 characters'));
  test('duration is at least 15 minutes', () => rejects({ duration: 0 }, 'duration', 'Duration must be at least 15 minutes'));
  test('start time is an RFC 3339 instant', async () => {
    await rejects({ startTime: '' }, 'startTime', 'Start time is required');
    await rejects(
      { startTime: '2027-03-10T18:30' },
      'startTime',
      'Start time must be an RFC 3339 date and time with an offset, such as 2027-03-07T09:00:00-08:00',
    );
    await rejects(
      { startTime: '2027-02-30T09:00:00Z' },
      'startTime',
      'Start time must be an RFC 3339 date and time with an offset, such as 2027-03-07T09:00:00-08:00',
    );
  });
  test('an RFC 3339 start with any offset is accepted (it was refused as "Enter a valid date and time")', async () => {
    const created = await createOne();
    const res = await cast.coach.put(`/api/classes/${created.id}`, { startTime: '2027-03-20T10:00:00-07:00' });
    expect(res.status).toBe(200);
    expect(res.body.startTime).toBe('2027-03-20T17:00:00.000Z');
  });
  test('PATCH changes only the fields sent', async () => {
    const created = await createOne({ whatToBring: 'A mat' });
    const res = await cast.coach.request('PATCH', `/api/classes/${created.id}`, { price: 31.5 });
    expect(res.status).toBe(200);
    const { price, updatedCount, sessionCount, locationNotice, ...rest } = res.body;
    expect(price).toBe(31.5);
    const { price: _before, sessionCount: _s, locationNotice: _l, ...restBefore } = created;
    expect(rest).toEqual(restBefore);
  });
  test('a new duration moves the end, a new start moves both', async () => {
    const created = await createOne();
    const longer = await cast.coach.request('PATCH', `/api/classes/${created.id}`, { duration: 90 });
    expect([longer.body.startTime, longer.body.endTime]).toEqual(['2027-03-07T17:00:00.000Z', '2027-03-07T18:30:00.000Z']);
    const moved = await cast.coach.request('PATCH', `/api/classes/${created.id}`, { startTime: '2027-03-08T10:00:00-08:00' });
    expect([moved.body.startTime, moved.body.endTime]).toEqual(['2027-03-08T18:00:00.000Z', '2027-03-08T19:30:00.000Z']);
  });
  test('a changed address is split back into its parts', async () => {
    const created = await createOne();
    const res = await cast.coach.put(`/api/classes/${created.id}`, editPage({ address: '500 Stanyan St, San Francisco, CA 94117' }));
    expect(res.body).toMatchObject({
      address: '500 Stanyan St, San Francisco, CA 94117',
      addressLine1: '500 Stanyan St',
      city: 'San Francisco',
      state: 'CA',
      zipCode: '94117',
    });
    expect(res.body.locationNotice).toBe('Using address only');
  });
  test('changed address parts are combined over the stored ones', async () => {
    const created = await createOne();
    const res = await cast.coach.request('PATCH', `/api/classes/${created.id}`, { addressLine1: '501 Stanyan St', zipCode: '94117' });
    expect(res.body).toMatchObject({ address: '501 Stanyan St, San Francisco, CA 94117', city: 'San Francisco' });
  });
});

describe('editing a series', () => {
  test('scope "this" edits only that session', async () => {
    const { sessions } = await createSeries(4, 'Only This');
    const res = await cast.coach.put(
      `/api/classes/${sessions[1].id}`,
      editPage({ title: 'Moved Session', startTime: '2027-03-15T07:00:00-07:00' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.updatedCount).toBe(1);
    const after = await sessionsOf(sessions[0].parentClassId);
    expect(after.filter((s: any) => s.title === 'Moved Session').map((s: any) => s.id)).toEqual([sessions[1].id]);
    expect(after.filter((s: any) => s.title === 'Only This').length).toBe(3);
    expect(after.find((s: any) => s.id === sessions[1].id).startTime).toBe('2027-03-15T14:00:00.000Z');
  });

  test('scope "following" edits this and the later sessions, each keeping its date with the new time of day', async () => {
    const { sessions } = await createSeries(5, 'Following');
    const res = await cast.coach.put(
      `/api/classes/${sessions[2].id}?scope=following`,
      classForm(cast.categoryId, { title: 'Later Yoga', startTime: '2027-03-21T10:30:00-07:00' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.updatedCount).toBe(3);
    const after = await sessionsOf(sessions[0].parentClassId);
    expect(after.map((s: any) => s.title)).toEqual(['Following', 'Following', 'Later Yoga', 'Later Yoga', 'Later Yoga']);
    expect(after.slice(2).map((s: any) => pacificClock(s.startTime))).toEqual(['10:30 AM', '10:30 AM', '10:30 AM']);
    expect(after.map((s: any) => s.startTime.slice(0, 10))).toEqual(['2027-03-07', '2027-03-14', '2027-03-21', '2027-03-28', '2027-04-04']);
  });

  test('editing the series edits its sessions that have not started', async () => {
    const { parent, sessions } = await createSeries(4, 'Whole Series');
    server.clock.set('2027-03-10T20:00:00Z'); // the first session (Mar 7) is past
    const res = await cast.coach.put(
      `/api/classes/${parent.id}`,
      editPage({ title: 'Renamed Series', startTime: '2027-03-07T09:00:00-08:00', duration: 60 }),
    );
    expect(res.status).toBe(200);
    expect(res.body.updatedCount).toBe(3);
    const after = await sessionsOf(parent.id);
    expect(after.map((s: any) => s.title)).toEqual(['Whole Series', 'Renamed Series', 'Renamed Series', 'Renamed Series']);
    expect(after.map((s: any) => s.id)).toEqual(sessions.map((s: any) => s.id));
  });

  test('sessions with bookings keep their bookings, and capacity cannot drop below what is booked', async () => {
    const { sessions } = await createSeries(3, 'Booked');
    await addBooking(server.ctx, { classId: sessions[1].id, userId: cast.customerId, status: 'confirmed', quantity: 3 });
    const tooSmall = await cast.coach.put(`/api/classes/${sessions[0].id}?scope=following`, classForm(cast.categoryId, { capacity: 2 }));
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.errors.capacity).toEqual(["Capacity can't be lower than the 3 spots already booked"]);
    const ok = await cast.coach.put(
      `/api/classes/${sessions[0].id}?scope=following`,
      classForm(cast.categoryId, { title: 'Booked Renamed', capacity: 3 }),
    );
    expect(ok.status).toBe(200);
    const count = await cast.visitor.get(`/api/classes/${sessions[1].id}/bookings/count`);
    expect(count.body).toEqual({ spotsLeft: 0, capacity: 3, active: 3 });
  });

  test('a booking that lands while capacity is lowered is counted: the check runs in the write itself', async () => {
    const cls = await createOne({ title: 'Racing Capacity', capacity: 5 });
    await addBooking(server.ctx, { classId: cls.id, userId: cast.customerId, status: 'confirmed', quantity: 2 });
    // A booking of 2 more is being written (its transaction holds the write lock) when the coach lowers the
    // capacity to 3: the change must wait for it and see 4 booked.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let booking!: Promise<unknown>;
    const started = new Promise<void>((resolve) => {
      booking = server.ctx.db.write(async (tx) => {
        await tx
          .insert(bookings)
          .values({ classId: cls.id, userId: cast.otherCoachId, status: 'confirmed', quantity: 2, confirmedAt: server.clock.now() });
        resolve();
        await gate;
      });
    });
    await started;
    const lowering = cast.coach.request('PATCH', `/api/classes/${cls.id}`, { capacity: 3 });
    await Bun.sleep(300);
    release();
    await booking;
    const res = await lowering;
    expect(res.status).toBe(400);
    expect(res.body.errors.capacity).toEqual(["Capacity can't be lower than the 4 spots already booked"]);
    expect((await cast.visitor.get(`/api/classes/${cls.id}/bookings/count`)).body).toEqual({ spotsLeft: 1, capacity: 5, active: 4 });
  });
});

describe('deleting', () => {
  test('deleteOption=following deletes this session and the later ones of its series only', async () => {
    const { parent, sessions } = await createSeries(5, 'Delete Following');
    const other = await createSeries(2, 'Untouched Series');
    const res = await cast.coach.delete(`/api/classes/${sessions[2].id}?deleteOption=following`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Class and following classes deleted successfully', deleted: 3 });
    expect((await sessionsOf(parent.id)).map((s: any) => s.id)).toEqual([sessions[0].id, sessions[1].id]);
    expect((await sessionsOf(other.parent.id)).length).toBe(2);
    expect((await cast.visitor.get(`/api/classes/${parent.id}`)).status).toBe(200);
  });

  test('without deleteOption only that session is deleted', async () => {
    const { parent, sessions } = await createSeries(3, 'Delete One');
    const res = await cast.coach.delete(`/api/classes/${sessions[1].id}`);
    expect(res.body).toMatchObject({ message: 'Class deleted successfully', deleted: 1 });
    expect((await sessionsOf(parent.id)).map((s: any) => s.id)).toEqual([sessions[0].id, sessions[2].id]);
  });

  test('an unknown deleteOption or scope is a 400 that says what is allowed, and nothing is deleted', async () => {
    const created = await createOne();
    const bad = await cast.coach.delete(`/api/classes/${created.id}?deleteOption=everything`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.deleteOption).toEqual(['deleteOption must be following, this or all']);
    const scope = await cast.coach.put(`/api/classes/${created.id}?scope=all`, { title: 'Any Title' });
    expect(scope.status).toBe(400);
    expect(scope.body.errors.scope).toEqual(['scope must be this or following']);
    expect((await cast.coach.get(`/api/classes/${created.id}`)).status).toBe(200);
  });

  test('deleting a series deletes all its sessions', async () => {
    const { parent, sessions } = await createSeries(4, 'Delete Series');
    const res = await cast.coach.delete(`/api/classes/${parent.id}`);
    expect(res.body.deleted).toBe(5);
    for (const s of sessions) expect((await cast.visitor.get(`/api/classes/${s.id}`)).status).toBe(404);
  });

  test('deleted rows are kept, marked with the time of the deletion (their bookings keep their history)', async () => {
    const { parent, sessions } = await createSeries(2, 'Soft Deleted Series');
    await cast.coach.delete(`/api/classes/${parent.id}`);
    const rows = await server.ctx.db
      .select()
      .from(classes)
      .where(inArray(classes.id, [parent.id, ...sessions.map((s: any) => s.id)]));
    expect(rows.map((r) => r.deletedAt?.toISOString())).toEqual(Array(3).fill('2027-03-01T20:00:00.000Z'));
  });

  test('deleting the first session with "following" removes the whole series, parent included', async () => {
    const { parent, sessions } = await createSeries(3, 'Delete From First');
    const res = await cast.coach.delete(`/api/classes/${sessions[0].id}?deleteOption=following`);
    expect(res.body.deleted).toBe(4);
    expect((await cast.visitor.get(`/api/classes/${parent.id}`)).status).toBe(404);
  });
});

describe('the managed list', () => {
  test('a coach sees only their own classes; an admin sees every class with its coach', async () => {
    await createOne({ title: 'Mine Only' });
    await cast.admin.post('/api/classes', classForm(cast.categoryId, { title: 'Theirs Only', coachId: cast.otherCoachId }));
    const coachList = await cast.coach.get('/api/classes/managed');
    expect(coachList.body.every((c: any) => c.coachId === cast.coachId)).toBe(true);
    expect(coachList.body.some((c: any) => c.title === 'Theirs Only')).toBe(false);
    const adminList = await cast.admin.get('/api/classes/managed');
    const theirs = adminList.body.find((c: any) => c.title === 'Theirs Only');
    expect(theirs.coach).toEqual({ id: cast.otherCoachId, firstName: 'Omar', lastName: 'Diaz' });
    expect((await cast.customer.get('/api/classes/managed')).status).toBe(403);
    expect((await cast.visitor.get('/api/classes/managed')).status).toBe(401);
  });

  test('each row carries its active booked spots, and a series its number of sessions', async () => {
    const { parent, sessions } = await createSeries(3, 'Counted');
    await addBooking(server.ctx, { classId: sessions[0].id, userId: cast.customerId, status: 'confirmed', quantity: 2 });
    const list = await cast.coach.get('/api/classes/managed');
    expect(list.body.find((c: any) => c.id === parent.id).sessionCount).toBe(3);
    expect(list.body.find((c: any) => c.id === sessions[0].id).activeBookings).toBe(2);
  });
});
