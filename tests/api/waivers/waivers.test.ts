// Waivers (issue 24, item 2): a parent accepts the waiver for two children with an emergency contact and the
// coach sees both on the roster; each acceptance is a row (version, text hash, who, for whom, when, address,
// user agent); a new version asks again; medical notes only for the class's coach; the customer reads what they
// accepted and an admin exports it.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { classes, waiverAcceptances } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { createClass, createUser, type SignedIn } from '../../helpers/fixtures';

let server: TestServer;
let coach: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  [coach, admin] = await Promise.all([createUser(server, 'coach', 'Maya'), createUser(server, 'admin', 'Ada')]);
});
afterAll(() => server.stop());

/** A free Kids class of the coach, booked by a parent for two children. */
async function kidsBooking(coachId = coach.id) {
  const cls = await createClass(server, { coachId, priceCents: 0, title: 'Little Kickers' });
  await server.ctx.db.write((tx) => tx.update(classes).set({ ageGroup: 'Kids' }).where(eq(classes.id, cls.id)));
  const parent = await createUser(server, 'customer', 'Sam');
  const res = await parent.client.post('/api/bookings/free', {
    classId: cls.id,
    quantity: 2,
    attendees: [
      { name: 'Maya Lee', age: 7 },
      { name: 'Leo Lee', age: 5 },
    ],
  });
  expect(res.status).toBe(201);
  return { cls, parent, bookingId: res.body.id as number };
}

const both = (note?: string) => [
  { position: 0, accepted: true, ...(note ? { medicalNote: note } : {}) },
  { position: 1, accepted: true },
];
const CONTACT = { name: 'Jordan Lee', phone: '+1 415 555 0111' };

test('a parent accepts the platform waiver for two children with an emergency contact; the coach sees both on the roster', async () => {
  const { cls, parent, bookingId } = await kidsBooking();
  const asked = await parent.client.get(`/api/classes/${cls.id}/waivers`);
  expect(asked.status).toBe(200);
  expect(asked.body).toHaveLength(1);
  const [platform] = asked.body;
  expect(platform).toMatchObject({ owner: 'platform', version: 1, title: 'Fogline participation waiver' });
  expect(platform.textHash).toBe(createHash('sha256').update(`${platform.title}\n\n${platform.body}`).digest('hex'));

  const res = await parent.client.request(
    'PUT',
    `/api/bookings/${bookingId}/waivers`,
    { waivers: [{ id: platform.id, version: 1 }], emergencyContact: CONTACT, attendees: both('Mild asthma: inhaler in her bag.') },
    { headers: { 'user-agent': 'Fogline test browser', 'x-forwarded-for': '203.0.113.9' } },
  );
  expect(res.status).toBe(200);

  const rows = await server.ctx.db.select().from(waiverAcceptances).where(eq(waiverAcceptances.bookingId, bookingId));
  expect(rows.map((r) => [r.position, r.attendeeName, r.relation, r.version, r.textHash, r.acceptedBy, r.userAgent, r.ipAddress])).toEqual([
    [0, 'Maya Lee', 'guardian', 1, platform.textHash, parent.id, 'Fogline test browser', '203.0.113.9'],
    [1, 'Leo Lee', 'guardian', 1, platform.textHash, parent.id, 'Fogline test browser', '203.0.113.9'],
  ]);

  const roster = await coach.client.get(`/api/classes/${cls.id}/roster`);
  expect(roster.status).toBe(200);
  const booking = roster.body.bookings.find((b: { bookingId: number }) => b.bookingId === bookingId);
  expect(booking.emergencyContact).toEqual(CONTACT);
  expect(
    booking.waivers.map((w: { position: number; accepted: boolean; medicalNote: string | null }) => [
      w.position,
      w.accepted,
      w.medicalNote,
    ]),
  ).toEqual([
    [0, true, 'Mild asthma: inhaler in her bag.'],
    [1, true, null],
  ]);
  expect(booking.waivers[0].acceptances[0]).toMatchObject({ title: 'Fogline participation waiver', version: 1, relation: 'guardian' });

  // The medical note is for the class's coach only: an admin's roster does not carry it.
  const adminRoster = await admin.client.get(`/api/classes/${cls.id}/roster`);
  expect(adminRoster.body.bookings.find((b: { bookingId: number }) => b.bookingId === bookingId).waivers[0].medicalNote).toBeNull();
});

test('every attendee must be accepted for, with an emergency contact', async () => {
  const { cls, parent, bookingId } = await kidsBooking();
  const [platform] = (await parent.client.get(`/api/classes/${cls.id}/waivers`)).body;
  const one = await parent.client.request('PUT', `/api/bookings/${bookingId}/waivers`, {
    waivers: [{ id: platform.id, version: 1 }],
    emergencyContact: CONTACT,
    attendees: [{ position: 0, accepted: true }],
  });
  expect(one.status).toBe(400);
  expect(one.body.message).toBe('Please accept the waiver for Leo Lee.');
  const noContact = await parent.client.request('PUT', `/api/bookings/${bookingId}/waivers`, {
    waivers: [{ id: platform.id, version: 1 }],
    emergencyContact: { name: '', phone: '' },
    attendees: both(),
  });
  expect(noContact.status).toBe(400);
  const roster = await coach.client.get(`/api/classes/${cls.id}/roster`);
  const booking = roster.body.bookings.find((b: { bookingId: number }) => b.bookingId === bookingId);
  expect(booking.waivers.map((w: { accepted: boolean }) => w.accepted)).toEqual([false, false]);
  expect(booking.emergencyContact).toBeNull();
});

test("a coach's own waiver is asked as well, and a new version asks again", async () => {
  const own = await createUser(server, 'coach', 'Rio');
  const first = await own.client.put(`/api/coaches/${own.id}/waiver`, {
    title: 'Ocean swim waiver',
    body: 'Open-water swimming carries risks of cold, currents and marine life. I can swim 200 m unaided.',
  });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ owner: 'coach', version: 1 });
  const { cls, parent, bookingId } = await kidsBooking(own.id);
  const asked = (await parent.client.get(`/api/classes/${cls.id}/waivers`)).body as { id: number; version: number; owner: string }[];
  expect(asked.map((w) => w.owner)).toEqual(['platform', 'coach']);
  const accept = (list: { id: number; version: number }[]) =>
    parent.client.request('PUT', `/api/bookings/${bookingId}/waivers`, {
      waivers: list.map(({ id, version }) => ({ id, version })),
      emergencyContact: CONTACT,
      attendees: both(),
    });
  expect((await accept(asked)).status).toBe(200);

  const second = await own.client.put(`/api/coaches/${own.id}/waiver`, {
    title: 'Ocean swim waiver',
    body: 'Open-water swimming carries risks of cold, currents and marine life. I can swim 400 m unaided.',
  });
  expect(second.body.version).toBe(2);
  const stale = await accept(asked);
  expect(stale.status).toBe(409);
  expect(stale.body.message).toBe('A waiver has a new version. Please read it and accept it again.');
  const now = (await parent.client.get(`/api/classes/${cls.id}/waivers`)).body;
  expect((await accept(now)).status).toBe(200);
  const rows = await server.ctx.db.select().from(waiverAcceptances).where(eq(waiverAcceptances.bookingId, bookingId));
  expect(rows.length).toBe(8); // 2 children x (2 waivers, then 2 again with the new version)
  expect((await coach.client.put(`/api/coaches/${own.id}/waiver`, { title: 'Not mine', body: 'x'.repeat(60) })).status).toBe(403);
});

test('the customer reads what they accepted; another customer cannot; an admin exports the record', async () => {
  const { cls, parent, bookingId } = await kidsBooking();
  const [platform] = (await parent.client.get(`/api/classes/${cls.id}/waivers`)).body;
  await parent.client.request('PUT', `/api/bookings/${bookingId}/waivers`, {
    waivers: [{ id: platform.id, version: 1 }],
    emergencyContact: CONTACT,
    attendees: both('Peanut allergy'),
  });
  const mine = await parent.client.get(`/api/bookings/${bookingId}/waivers`);
  expect(mine.status).toBe(200);
  expect(mine.body).toMatchObject({ bookingId, classTitle: 'Little Kickers', emergencyContact: CONTACT });
  expect(mine.body.acceptances.map((a: { attendeeName: string; body: string }) => [a.attendeeName, a.body === platform.body])).toEqual([
    ['Maya Lee', true],
    ['Leo Lee', true],
  ]);
  expect(JSON.stringify(mine.body)).not.toContain('Peanut');
  const stranger = await createUser(server);
  expect((await stranger.client.get(`/api/bookings/${bookingId}/waivers`)).status).toBe(403);
  const exported = await admin.client.get(`/api/admin/bookings/${bookingId}/waivers`);
  expect(exported.status).toBe(200);
  expect(exported.headers.get('content-disposition')).toBe(`attachment; filename="booking-${bookingId}-waivers.json"`);
  expect(exported.body.acceptances).toHaveLength(2);
});
