// Waivers (issue 24, item 2): accepted at booking for each attendee (by the attendee, or by the booker for a
// child) with an emergency contact, in the booking's own request and write; a booking without them is refused,
// naming who and which version; the same version for the same person by the same account counts again, a new
// version asks again; a payment hold is never paid or confirmed without them. Each acceptance is a row (version,
// text hash, who, for whom, when, address, user agent); medical notes only for the class's coach; the customer
// reads what they accepted and an admin exports it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isTestProvider } from '../../../api/providers/payments';
import { bookings, classes, waiverAcceptances } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { acceptanceFor, createClass, createUser, pageTotal, type SignedIn } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';
import { readOutbox } from '../accounts/helpers';

let server: TestServer;
let coach: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  [coach, admin] = await Promise.all([createUser(server, 'coach', 'Maya'), createUser(server, 'admin', 'Ada')]);
});
afterAll(() => server.stop());

const CHILDREN = [
  { name: 'Maya Lee', age: 7 },
  { name: 'Leo Lee', age: 5 },
];
const CONTACT = { name: 'Jordan Lee', phone: '+1 415 555 0111' };
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const both = (note?: string) => [
  { position: 0, accepted: true, ...(note ? { medicalNote: note } : {}) },
  { position: 1, accepted: true },
];

async function kidsClass(coachId = coach.id, priceCents = 0) {
  const cls = await createClass(server, { coachId, priceCents, title: 'Little Kickers' });
  await server.ctx.db.write((tx) => tx.update(classes).set({ ageGroup: 'Kids' }).where(eq(classes.id, cls.id)));
  return cls;
}

/** A free Kids class of the coach, booked by a parent for two children with the waiver accepted for both. */
async function kidsBooking(coachId = coach.id) {
  const cls = await kidsClass(coachId);
  const parent = await createUser(server, 'customer', 'Sam');
  const res = await parent.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 2, attendees: CHILDREN }));
  expect(res.status).toBe(201);
  return { cls, parent, bookingId: res.body.id as number };
}

const acceptancesOf = (bookingId: number) =>
  server.ctx.db.select().from(waiverAcceptances).where(eq(waiverAcceptances.bookingId, bookingId)).orderBy(waiverAcceptances.id);

describe('accepted at booking', () => {
  test('a parent books two children, accepting the platform waiver for each with an emergency contact; the coach sees both on the roster', async () => {
    const cls = await kidsClass();
    const parent = await createUser(server, 'customer', 'Sam');
    const asked = await parent.client.get(`/api/classes/${cls.id}/waivers`);
    expect(asked.status).toBe(200);
    expect(asked.body).toHaveLength(1);
    const [platform] = asked.body;
    expect(platform).toMatchObject({ owner: 'platform', version: 1, title: 'Fogline participation waiver', alreadyAcceptedFor: [] });
    expect(platform.textHash).toBe(createHash('sha256').update(`${platform.title}\n\n${platform.body}`).digest('hex'));

    const res = await parent.client.request(
      'POST',
      '/api/bookings/free',
      {
        classId: cls.id,
        quantity: 2,
        attendees: CHILDREN,
        waiverAcceptance: {
          waivers: [{ id: platform.id, version: 1 }],
          emergencyContact: CONTACT,
          attendees: both('Mild asthma: inhaler in her bag.'),
        },
      },
      { headers: { 'user-agent': 'Fogline test browser', 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(res.status).toBe(201);
    const bookingId = res.body.id as number;

    const rows = await acceptancesOf(bookingId);
    expect(
      rows.map((r) => [r.position, r.attendeeName, r.relation, r.version, r.textHash, r.acceptedBy, r.userAgent, r.ipAddress]),
    ).toEqual([
      [0, 'Maya Lee', 'guardian', 1, platform.textHash, parent.id, 'Fogline test browser', '203.0.113.9'],
      [1, 'Leo Lee', 'guardian', 1, platform.textHash, parent.id, 'Fogline test browser', '203.0.113.9'],
    ]);
    expect(rows[0]!.acceptedAt.getTime()).toBe(server.clock.now().getTime());

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

  test('a free booking without the waiver is refused, naming who and the version to accept; nothing is booked', async () => {
    const cls = await kidsClass();
    const parent = await createUser(server, 'customer', 'Sam');
    const none = await parent.client.post('/api/bookings/free', { classId: cls.id, quantity: 2, attendees: CHILDREN });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please accept the waiver for Maya Lee and Leo Lee (Fogline participation waiver, version 1).');
    const one = await parent.client.post('/api/bookings/free', {
      classId: cls.id,
      quantity: 2,
      attendees: CHILDREN,
      waiverAcceptance: { waivers: [{ id: 1, version: 1 }], emergencyContact: CONTACT, attendees: [{ position: 0, accepted: true }] },
    });
    expect(one.status).toBe(400);
    expect(one.body.message).toBe('Please accept the waiver for Leo Lee (Fogline participation waiver, version 1).');
    const noContact = await parent.client.post('/api/bookings/free', {
      classId: cls.id,
      quantity: 2,
      attendees: CHILDREN,
      waiverAcceptance: { waivers: [{ id: 1, version: 1 }], emergencyContact: { name: '', phone: '' }, attendees: both() },
    });
    expect(noContact.status).toBe(400);
    expect(noContact.body.message).toBe("Enter the emergency contact's name");
    const beyond = await parent.client.post('/api/bookings/free', {
      classId: cls.id,
      quantity: 2,
      attendees: CHILDREN,
      waiverAcceptance: acceptanceFor(3),
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe('waiverAcceptance names spot 3, but the booking has 2 spots.');
    expect(await server.ctx.db.select().from(bookings).where(eq(bookings.classId, cls.id))).toEqual([]);
    const booked = await parent.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 2, attendees: CHILDREN }));
    expect(booked.status).toBe(201);
  });

  test('a free waitlist offer is accepted only with the waiver; without it the offer stays open', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 1 });
    const booker = await createUser(server);
    const booked = await booker.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }));
    const waiting = await createUser(server, 'customer', 'Wren');
    expect((await waiting.client.post(`/api/classes/${cls.id}/waitlist`, { quantity: 1 })).status).toBe(201);
    expect((await booker.client.put(`/api/bookings/${booked.body.id}/cancel`)).status).toBe(200);
    const entry = (await waiting.client.get(`/api/waitlist?classId=${cls.id}&limit=1`)).body[0];
    expect(entry.status).toBe('offered');
    const without = await waiting.client.post(`/api/waitlist/${entry.id}/accept`);
    expect(without.status).toBe(400);
    expect(without.body.message).toBe('Please accept the waiver for Wren Tester (Fogline participation waiver, version 1).');
    expect((await waiting.client.get(`/api/waitlist?classId=${cls.id}&limit=1`)).body[0].status).toBe('offered');
    const accepted = await waiting.client.post(`/api/waitlist/${entry.id}/accept`, { waiverAcceptance: acceptanceFor(1) });
    expect(accepted.status).toBe(200);
    expect(accepted.body.booking.status).toBe('confirmed');
    expect(await acceptancesOf(accepted.body.booking.id)).toHaveLength(1);
  });
});

describe('accepted once, reused; a new version asks again', () => {
  test('the same version for the same people by the same account counts again; the class page says for whom', async () => {
    const { parent, bookingId } = await kidsBooking();
    const first = await acceptancesOf(bookingId);
    server.clock.advance(60_000);
    const next = await kidsClass();
    const asked = await parent.client.get(`/api/classes/${next.id}/waivers`);
    expect(asked.body[0].alreadyAcceptedFor.sort()).toEqual(['Leo Lee', 'Maya Lee']);
    const again = await parent.client.post('/api/bookings/free', { classId: next.id, quantity: 2, attendees: CHILDREN });
    expect(again.status).toBe(201);
    // The record is the acceptance as it was made: same version, text, time, address and browser.
    const reused = await acceptancesOf(again.body.id);
    expect(reused.map((r) => [r.attendeeName, r.version, r.textHash, r.acceptedAt.getTime(), r.ipAddress, r.userAgent])).toEqual(
      first.map((r) => [r.attendeeName, r.version, r.textHash, r.acceptedAt.getTime(), r.ipAddress, r.userAgent]),
    );
    const roster = await coach.client.get(`/api/classes/${next.id}/roster`);
    expect(roster.body.bookings[0].emergencyContact).toEqual({ name: 'Robin Tester', phone: '+1 415 555 0100' });
    // Someone new in the party is asked for; another account's acceptance never counts.
    const third = await kidsClass();
    const withNew = await parent.client.post('/api/bookings/free', {
      classId: third.id,
      quantity: 2,
      attendees: [CHILDREN[0], { name: 'Ivy Lee', age: 4 }],
    });
    expect(withNew.status).toBe(400);
    expect(withNew.body.message).toBe('Please accept the waiver for Ivy Lee (Fogline participation waiver, version 1).');
    const stranger = await createUser(server, 'customer', 'Sam');
    const theirs = await stranger.client.post('/api/bookings/free', { classId: third.id, quantity: 2, attendees: CHILDREN });
    expect(theirs.status).toBe(400);
  });

  test("a coach's own waiver is asked as well, and a new version asks again", async () => {
    const own = await createUser(server, 'coach', 'Rio');
    const first = await own.client.put(`/api/coaches/${own.id}/waiver`, {
      title: 'Ocean swim waiver',
      body: 'Open-water swimming carries risks of cold, currents and marine life. I can swim 200 m unaided.',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ owner: 'coach', version: 1 });
    const cls = await kidsClass(own.id);
    const parent = await createUser(server, 'customer', 'Sam');
    const asked = (await parent.client.get(`/api/classes/${cls.id}/waivers`)).body as { id: number; version: number; owner: string }[];
    expect(asked.map((w) => w.owner)).toEqual(['platform', 'coach']);
    const platformOnly = await parent.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 2, attendees: CHILDREN }));
    expect(platformOnly.status).toBe(409);
    expect(platformOnly.body.message).toBe(
      'A waiver has a new version (Ocean swim waiver, version 1). Please read it and accept it again.',
    );
    const booked = await parent.client.post(
      '/api/bookings/free',
      withWaivers({ classId: cls.id, quantity: 2, attendees: CHILDREN }, 2, asked),
    );
    expect(booked.status).toBe(201);
    const bookingId = booked.body.id as number;
    const accept = (list: { id: number; version: number }[]) =>
      parent.client.request('PUT', `/api/bookings/${bookingId}/waivers`, {
        waivers: list.map(({ id, version }) => ({ id, version })),
        emergencyContact: CONTACT,
        attendees: both(),
      });

    const second = await own.client.put(`/api/coaches/${own.id}/waiver`, {
      title: 'Ocean swim waiver',
      body: 'Open-water swimming carries risks of cold, currents and marine life. I can swim 400 m unaided.',
    });
    expect(second.body.version).toBe(2);
    const stale = await accept(asked);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('A waiver has a new version (Ocean swim waiver, version 2). Please read it and accept it again.');
    const now = (await parent.client.get(`/api/classes/${cls.id}/waivers`)).body;
    expect(now[1].alreadyAcceptedFor).toEqual([]);
    expect((await accept(now)).status).toBe(200);
    expect(await acceptancesOf(bookingId)).toHaveLength(8); // 2 children x (2 waivers, then both again with the new version)
    // The next booking asks for the new version only: the platform's was accepted for them already.
    const later = await kidsClass(own.id);
    const refused = await parent.client.post('/api/bookings/free', {
      classId: later.id,
      quantity: 2,
      attendees: [{ name: 'Ivy Lee', age: 4 }, CHILDREN[0]],
    });
    expect(refused.body.message).toBe(
      'Please accept the waiver for Ivy Lee (Fogline participation waiver, version 1; Ocean swim waiver, version 2).',
    );
    expect((await coach.client.put(`/api/coaches/${own.id}/waiver`, { title: 'Not mine', body: 'x'.repeat(60) })).status).toBe(403);
  });
});

describe('paid classes: a hold is never paid or confirmed without the waiver', () => {
  test('the test card is refused until the waiver is accepted for the hold, then the booking is confirmed', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000 });
    const customer = await createUser(server, 'customer', 'Pat');
    const amount = pageTotal(2000, 2);
    const hold = await customer.client.post('/api/payment/create-intent', { classId: cls.id, quantity: 2, amount });
    expect(hold.status).toBe(200);
    const pay = () =>
      customer.client.post('/api/payment/test-provider/pay', {
        paymentIntentId: hold.body.id,
        clientSecret: hold.body.clientSecret,
        ...CARD,
      });
    const refused = await pay();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please accept the waiver for Pat Tester and Guest 2 of Pat Tester before paying.');
    expect((await server.ctx.payments.retrieveIntent(hold.body.id))!.status).not.toBe('succeeded');
    // The checkout sends the names and the acceptance with the same hold before paying.
    const named = await customer.client.post(
      '/api/payment/create-intent',
      withWaivers({ classId: cls.id, quantity: 2, amount, attendees: [{ name: 'Pat Tester' }, { name: 'Kim Park' }] }),
    );
    expect(named.body.id).toBe(hold.body.id);
    expect((await pay()).status).toBe(200);
    const confirmed = await customer.client.post('/api/payment/confirm', { paymentIntentId: hold.body.id });
    expect(confirmed.status).toBe(200);
    expect((await acceptancesOf(hold.body.bookingId)).map((r) => [r.attendeeName, r.relation])).toEqual([
      ['Pat Tester', 'self'],
      ['Kim Park', 'companion'],
    ]);
  });

  test('a payment made at the provider without the waiver is refunded in full, and the customer is told why', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 2000, title: 'Bay Paddle' });
    const customer = await createUser(server, 'customer', 'Lou');
    const hold = await customer.client.post('/api/payment/create-intent', { classId: cls.id, quantity: 1, amount: pageTotal(2000, 1) });
    const provider = server.ctx.payments;
    if (!isTestProvider(provider)) throw new Error('the test provider is expected');
    // As a client paying Stripe directly would, past the checkout's waiver step.
    await provider.payIntent(hold.body.id, hold.body.clientSecret, { number: '4242424242424242', expiry: '12/40', cvc: '123' });
    const confirm = await customer.client.post('/api/payment/confirm', { paymentIntentId: hold.body.id });
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toBe(
      'The waiver was not accepted for every attendee before paying, so your payment has been refunded in full. Please book again and accept the waiver.',
    );
    const row = (await server.ctx.db.select().from(bookings).where(eq(bookings.id, hold.body.bookingId)).get())!;
    expect(row.status).toBe('cancelled');
    expect(row.refundAmountCents).toBe(row.amountCents);
    const told = readOutbox(server).filter((m) => m.to.includes(customer.email) && /cancelled/i.test(m.subject));
    expect(told.map((m) => m.raw.includes('The waiver was not accepted for every attendee'))).toEqual([true]);
  });
});

test('the customer reads what they accepted; another customer cannot; an admin exports the record', async () => {
  const cls = await kidsClass();
  const parent = await createUser(server, 'customer', 'Sam');
  const [platform] = (await parent.client.get(`/api/classes/${cls.id}/waivers`)).body;
  const booked = await parent.client.post('/api/bookings/free', {
    classId: cls.id,
    quantity: 2,
    attendees: CHILDREN,
    waiverAcceptance: { waivers: [{ id: platform.id, version: 1 }], emergencyContact: CONTACT, attendees: both('Peanut allergy') },
  });
  const bookingId = booked.body.id as number;
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
