// POST /api/classes: who may create, the create rules and messages of coach-admin-areas §5, defaults,
// end = start + duration, recurring series in Pacific time, and coordinates.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { MapsProvider } from '../../../api/providers/maps';
import { startTestServer, type TestServer } from '../../helpers/api';
import { type Cast, classForm, makeCast, pacific, startWithCast } from './helpers';

const geocoded: string[] = [];
const fakeMaps: MapsProvider = {
  kind: 'google',
  async geocode(query) {
    geocoded.push(query);
    if (query.includes('Nowhere')) return null;
    return {
      latitude: 37.8039,
      longitude: -122.4648,
      addressLine1: '1199 E Beach',
      city: 'San Francisco',
      state: 'CA',
      zipCode: '94129',
      formattedAddress: query,
    };
  },
  reverseGeocode: async () => null,
};

let server: TestServer;
let cast: Cast;
beforeAll(async () => ({ server, cast } = await startWithCast('2027-03-01T20:00:00Z', { maps: fakeMaps })));
afterAll(() => server.stop());

describe('who may create a class', () => {
  test('a visitor gets 401', async () => {
    const res = await cast.visitor.post('/api/classes', classForm(cast.categoryId));
    expect(res.status).toBe(401);
  });

  test('a customer gets 403', async () => {
    const res = await cast.customer.post('/api/classes', classForm(cast.categoryId));
    expect(res.status).toBe(403);
  });

  test('a coach awaiting approval gets 403: only approved coaches can create classes', async () => {
    const res = await cast.pendingCoach.post('/api/classes', classForm(cast.categoryId));
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('awaiting approval');
  });

  test('an approved coach creates a class that is theirs', async () => {
    const res = await cast.coach.post('/api/classes', classForm(cast.categoryId));
    expect(res.status).toBe(201);
    expect(res.body.coachId).toBe(cast.coachId);
    expect(res.body.isRecurring).toBe(false);
    expect(res.body.sessionCount).toBe(1);
  });

  test('a coach cannot create a class for another coach', async () => {
    const res = await cast.coach.post('/api/classes', classForm(cast.categoryId, { coachId: cast.otherCoachId }));
    expect(res.status).toBe(201);
    expect(res.body.coachId).toBe(cast.coachId);
  });

  test('an admin creates a class on behalf of an approved coach, and must name one', async () => {
    const missing = await cast.admin.post('/api/classes', classForm(cast.categoryId));
    expect(missing.status).toBe(400);
    expect(missing.body.errors.coachId).toEqual(['Choose the approved coach this class is for']);
    const pending = await cast.admin.post('/api/classes', classForm(cast.categoryId, { coachId: cast.pendingCoachId }));
    expect(pending.status).toBe(400);
    const ok = await cast.admin.post('/api/classes', classForm(cast.categoryId, { coachId: cast.otherCoachId }));
    expect(ok.status).toBe(201);
    expect(ok.body.coachId).toBe(cast.otherCoachId);
  });
});

describe('create rules and messages', () => {
  const rejects = async (extra: Record<string, unknown>, field: string, message: string) => {
    const res = await cast.coach.post('/api/classes', classForm(cast.categoryId, extra));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toContain(message);
  };

  test('title needs at least 3 characters', () => rejects({ title: ' ab ' }, 'title', 'Title must be at least 3 characters'));
  test('description needs at least 10 characters', () =>
    rejects({ description: 'too short' }, 'description', 'Description must be at least 10 characters'));
  test('a category is required: Please select a category', async () => {
    await rejects({ categoryId: null }, 'categoryId', 'Please select a category');
    await rejects({ categoryId: 999999 }, 'categoryId', 'Please select a category');
  });
  test('location name, address line 1, city, state and ZIP are required', async () => {
    const res = await cast.coach.post(
      '/api/classes',
      classForm(cast.categoryId, { location: '', addressLine1: ' ', city: '', state: '', zipCode: '' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      location: ['Location name is required'],
      addressLine1: ['Address is required'],
      city: ['City is required'],
      state: ['State is required'],
      zipCode: ['ZIP code is required'],
    });
  });
  test('price must be 0 or greater', () => rejects({ price: -1 }, 'price', 'Price must be 0 or greater'));
  test('duration must be at least 15 minutes', () => rejects({ duration: 10 }, 'duration', 'Duration must be at least 15 minutes'));
  test('capacity must be at least 1', () => rejects({ capacity: 0 }, 'capacity', 'Capacity must be at least 1'));
  test('the start time is required, as an RFC 3339 instant', async () => {
    await rejects({ startTime: '' }, 'startTime', 'Start time is required');
    const instant = 'Start time must be an RFC 3339 date and time with an offset, such as 2027-03-07T09:00:00-08:00';
    await rejects({ startTime: '2027-03-07' }, 'startTime', instant);
    await rejects({ startTime: '09:00' }, 'startTime', instant);
    await rejects({ startTime: '2027-03-07T09:00' }, 'startTime', instant);
  });
  test('any RFC 3339 offset names the same instant, at any minute (half-hour starts are a page rule)', async () => {
    const utc = await cast.coach.post('/api/classes', classForm(cast.categoryId, { startTime: '2027-03-07T17:15:00Z' }));
    const pacificOffset = await cast.coach.post('/api/classes', classForm(cast.categoryId, { startTime: '2027-03-07T09:15:00-08:00' }));
    const india = await cast.coach.post('/api/classes', classForm(cast.categoryId, { startTime: '2027-03-07T22:45:00.000+05:30' }));
    expect([utc.status, pacificOffset.status, india.status]).toEqual([201, 201, 201]);
    expect(new Set([utc.body.startTime, pacificOffset.body.startTime, india.body.startTime])).toEqual(
      new Set(['2027-03-07T17:15:00.000Z']),
    );
  });
  test('age group is Adults or Kids', () => rejects({ ageGroup: 'Teens' }, 'ageGroup', 'Age group must be Adults or Kids'));
  test('a missing field fails with its own message, not a generic one', async () => {
    const res = await cast.coach.post('/api/classes', {});
    expect(res.status).toBe(400);
    expect(res.body.errors.title).toEqual(['Title must be at least 3 characters']);
    expect(res.body.errors.categoryId).toEqual(['Please select a category']);
  });
  test('the start date cannot be in the past', () =>
    rejects({ startTime: pacific('2027-02-28', '09:00') }, 'startTime', 'Start date cannot be in the past'));
  test('today is a valid start date, but not at an hour that has gone by', async () => {
    // the clock reads 2027-03-01 12:00 PT
    await rejects({ startTime: pacific('2027-03-01', '09:00') }, 'startTime', 'Start time cannot be in the past');
    await rejects(
      { startTime: pacific('2027-03-01', '09:00'), recurrence: { type: 'daily', endType: 'count', endCount: 3 } },
      'startTime',
      'Start time cannot be in the past',
    );
    expect((await cast.coach.post('/api/classes', classForm(cast.categoryId, { startTime: pacific('2027-03-01', '17:30') }))).status).toBe(
      201,
    );
  });
  test('a day that is not on the calendar is refused, not rolled into the next month', async () => {
    await rejects(
      { startTime: '2027-02-30T09:00:00-08:00' },
      'startTime',
      'Start time must be an RFC 3339 date and time with an offset, such as 2027-03-07T09:00:00-08:00',
    );
    await rejects({ recurrence: { type: 'weekly', endType: 'date', endDate: '2027-04-31' } }, 'recurrence', 'Enter a valid end date');
  });
});

describe('defaults and times', () => {
  test('a new class defaults to 60 minutes, 10 spots, price 0 and Adults', async () => {
    const { price, duration, capacity, ageGroup, ...rest } = classForm(cast.categoryId);
    const res = await cast.coach.post('/api/classes', rest);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ duration: 60, capacity: 10, price: 0, ageGroup: 'Adults' });
    expect(res.body.startTime).toBe('2027-03-07T17:00:00.000Z'); // 09:00 PST
  });

  test('end time is start plus duration, stored as instants', async () => {
    const res = await cast.coach.post('/api/classes', classForm(cast.categoryId, { startTime: '2027-07-04T18:30:00-07:00', duration: 90 }));
    expect(res.body.startTime).toBe('2027-07-05T01:30:00.000Z'); // 18:30 PDT
    expect(res.body.endTime).toBe('2027-07-05T03:00:00.000Z');
  });

  test('the address is combined as "street, city, ST zip" and prices are stored in cents', async () => {
    const res = await cast.coach.post('/api/classes', classForm(cast.categoryId, { price: 19.99 }));
    expect(res.body.address).toBe('1199 E Beach, San Francisco, CA 94129');
    expect(res.body.price).toBe(19.99);
  });
});

describe('coordinates', () => {
  test('the address is geocoded when the maps service finds it', async () => {
    const res = await cast.coach.post('/api/classes', classForm(cast.categoryId));
    expect(res.body.latitude).toBeCloseTo(37.8039);
    expect(res.body.longitude).toBeCloseTo(-122.4648);
    expect(res.body.locationNotice).toBeNull();
    expect(geocoded).toContain('1199 E Beach, San Francisco, CA 94129');
  });

  test('coordinates from use-my-location are kept', async () => {
    const res = await cast.coach.post('/api/classes', classForm(cast.categoryId, { latitude: 37.77, longitude: -122.45 }));
    expect([res.body.latitude, res.body.longitude]).toEqual([37.77, -122.45]);
  });

  test('no coordinates found: they are 0 and the notice says Using address only', async () => {
    const res = await cast.coach.post('/api/classes', classForm(cast.categoryId, { addressLine1: '1 Nowhere Lane' }));
    expect(res.status).toBe(201);
    expect([res.body.latitude, res.body.longitude]).toEqual([0, 0]);
    expect(res.body.locationNotice).toBe('Using address only');
  });

  test('without a maps key the server geocodes nothing and uses the address only', async () => {
    const plain = await startTestServer();
    try {
      plain.clock.set('2027-03-01T20:00:00Z');
      const local = await makeCast(plain);
      const res = await local.coach.post('/api/classes', classForm(local.categoryId));
      expect(res.body.locationNotice).toBe('Using address only');
      const lookup = await local.coach.get('/api/geocode?q=Crissy%20Field');
      expect(lookup.body).toMatchObject({ found: false, notice: 'Using address only' });
    } finally {
      await plain.stop();
    }
  });

  test('address autofill answers coaches and admins only, for more than 3 characters', async () => {
    expect((await cast.customer.get('/api/geocode?q=Crissy%20Field')).status).toBe(403);
    expect((await cast.coach.get('/api/geocode?q=Cri')).status).toBe(400);
    const res = await cast.coach.get('/api/geocode?q=Crissy%20Field');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ found: true, addressLine1: '1199 E Beach', city: 'San Francisco', state: 'CA', zipCode: '94129' });
  });
});

describe('recurring series', () => {
  test('a weekly 9:00 AM series is one parent plus one session per week, all at 9:00 AM PT across 2027-03-14 and 2027-11-07', async () => {
    const res = await cast.coach.post(
      '/api/classes',
      classForm(cast.categoryId, { recurrence: { type: 'weekly', interval: 1, daysOfWeek: [0], endType: 'date', endDate: '2027-11-14' } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.isRecurring).toBe(true);
    expect(res.body.parentClassId).toBeNull();
    expect(res.body.sessionCount).toBe(37);
    const mine = await cast.coach.get('/api/classes/managed');
    const sessions = mine.body.filter((c: any) => c.parentClassId === res.body.id);
    expect(sessions.length).toBe(37);
    const clock = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' });
    expect(new Set(sessions.map((s: any) => clock.format(new Date(s.startTime))))).toEqual(new Set(['9:00 AM']));
    const byDay = (day: string) => sessions.find((s: any) => s.startTime.startsWith(day));
    expect(byDay('2027-03-07').startTime).toBe('2027-03-07T17:00:00.000Z');
    expect(byDay('2027-03-14').startTime).toBe('2027-03-14T16:00:00.000Z');
    expect(byDay('2027-11-07').startTime).toBe('2027-11-07T17:00:00.000Z');
    expect(sessions.every((s: any) => s.recurrenceType === 'weekly' && s.recurrenceDaysOfWeek === '[0]' && s.isRecurring)).toBe(true);
  });

  test('the browse list shows each session once and never the series parent', async () => {
    const res = await cast.coach.post(
      '/api/classes',
      classForm(cast.categoryId, { title: 'Tuesday Run Club', recurrence: { type: 'daily', interval: 7, endType: 'count', endCount: 3 } }),
    );
    const list = await cast.visitor.get('/api/classes');
    const rows = list.body.filter((c: any) => c.title === 'Tuesday Run Club');
    expect(rows.length).toBe(3);
    expect(rows.every((c: any) => c.parentClassId === res.body.id)).toBe(true);
  });

  test('end count defaults to 10 sessions', async () => {
    const res = await cast.coach.post('/api/classes', classForm(cast.categoryId, { recurrence: { type: 'monthly', endType: 'count' } }));
    expect(res.body.sessionCount).toBe(10);
  });

  test('interval is 1-99 and end count 1-999', async () => {
    const series = (extra: Record<string, unknown>) =>
      cast.coach.post('/api/classes', classForm(cast.categoryId, { recurrence: { type: 'daily', endType: 'count', ...extra } }));
    expect((await series({ interval: 0 })).body.errors.recurrence).toEqual(['Interval must be between 1 and 99']);
    expect((await series({ interval: 100 })).body.errors.recurrence).toEqual(['Interval must be between 1 and 99']);
    expect((await series({ endCount: 0 })).body.errors.recurrence).toEqual(['End count must be between 1 and 999']);
    expect((await series({ endCount: 1000 })).body.errors.recurrence).toEqual(['End count must be between 1 and 999']);
  });

  test('days of week are numbers 0-6', async () => {
    const res = await cast.coach.post(
      '/api/classes',
      classForm(cast.categoryId, { recurrence: { type: 'weekly', daysOfWeek: [1, 7], endType: 'count' } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.recurrence).toEqual(['Days of week must be numbers from 0 (Sunday) to 6 (Saturday)']);
  });

  test('the end date cannot be in the past', async () => {
    const res = await cast.coach.post(
      '/api/classes',
      classForm(cast.categoryId, { recurrence: { type: 'weekly', endType: 'date', endDate: '2027-02-01' } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.recurrence).toEqual(['End date cannot be in the past']);
  });
});
