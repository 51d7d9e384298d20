// The weather call and the minimum class size, on the real server with the real NWS client against the local
// stand-in (80% chance of rain every hour): a coach sets a rain threshold, the clock passes the 24 h check, the
// coach and admins are emailed once, attendees see "Weather watch", the coach chooses Cancel and each attendee
// is refunded in full and notified exactly once, also with two processes deciding at the same moment; a class
// below its minimum is cancelled at its decision time with refunds, one at its minimum is confirmed to run.
// TEST_DATABASE=sqld runs the same on sqld.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { type AppContext, createContext } from '../../../api/context';
import { decideClassSizes } from '../../../api/conditions/minimum-size';
import { refreshConditions } from '../../../api/conditions/refresh';
import { checkWeatherCalls, decideWeatherCall } from '../../../api/conditions/weather-call';
import { toSessionUser } from '../../../api/auth/session';
import { env } from '../../../api/env';
import { bookings as bookingsTable, emergencyContacts, pendingChangeNotices, testPaymentIntents, users } from '../../../db/schema';
import type { TestClient, TestServer } from '../../helpers/api';
import { outbox } from '../../helpers/fixtures';
import { addUser, type Cast, classForm, clientFor, startWithCast } from '../classes/helpers';
import { type StandIn, startStandIn } from './stand-in';
import { testNow } from '../../helpers/today';
import { withWaivers } from '../../helpers/waivers';

const CRISSY = { latitude: 37.8039, longitude: -122.4648 };
const HOUR = 3_600_000;
let standIn: StandIn;
let server: TestServer;
let cast: Cast;

beforeAll(async () => {
  standIn = startStandIn();
  // The stand-in's hours start at the tests' day's hour (tests/helpers/today.ts): the test clock starts there too.
  ({ server, cast } = await startWithCast(new Date(Math.floor(testNow() / HOUR) * HOUR + 60_000).toISOString(), {
    env: { conditions: { ...env.conditions, weather: 'nws', airQuality: 'off', nwsBaseUrl: standIn.url } },
  }));
});
afterAll(async () => {
  standIn.stop();
  await server.stop();
});

async function customer(name: string): Promise<{ id: number; email: string; client: TestClient }> {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const id = await addUser(server.ctx, { email, firstName: name });
  return { id, email, client: await clientFor(server, id) };
}

/** Books and pays through the built-in test provider, as the checkout page does. */
async function bookAndPay(client: TestClient, classId: number, price: number, quantity = 1): Promise<string> {
  const amount = Math.round(price * quantity * 105) / 100;
  const intent = await client.post('/api/payment/create-intent', withWaivers({ classId, quantity, amount }));
  expect(intent.status).toBe(200);
  const pay = await client.post('/api/payment/test-provider/pay', {
    paymentIntentId: intent.body.id,
    clientSecret: intent.body.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/40',
    cvc: '123',
  });
  expect(pay.status).toBe(200);
  expect((await client.post('/api/payment/confirm', { paymentIntentId: intent.body.id })).status).toBe(200);
  return intent.body.id;
}

const refundedCents = async (intentId: string) =>
  (await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)).get())!.refundedCents;
const mailsTo = (email: string, subject: string) => outbox(server).filter((m) => m.includes(`To: ${email}`) && m.includes(subject));

async function classAt(startsInHours: number, extra: Record<string, unknown>) {
  const start = new Date(server.clock.now().getTime() + startsInHours * HOUR);
  start.setUTCMinutes(0, 0, 0);
  const created = await cast.coach.post(
    '/api/classes',
    classForm(cast.categoryId, { startTime: start.toISOString(), price: 20, ...CRISSY, ...extra }),
  );
  expect(created.status).toBe(201);
  return created.body as { id: number; title: string };
}

describe('the weather call', () => {
  test('a coach sets a rain threshold; at the 24 h check the coach and admins are emailed once, attendees see Weather watch, Cancel refunds each attendee in full and notifies them once', async () => {
    const policy = { rainChance: 60, aqi: 150, windMph: null, heatF: null, rainPlan: 'cancel', backupLocation: null };
    const cls = await classAt(30, { title: 'Rainy Day Bootcamp' });
    const set = await cast.coach.request('PATCH', `/api/classes/${cls.id}`, { weatherPolicy: policy });
    expect(set.status).toBe(200);
    expect(set.body.weatherPolicy).toEqual(policy);
    expect(set.body.weatherPolicyText).toBe('Cancelled at 60% chance of rain, AQI 150+ with a full refund');
    const ana = await customer('Ana');
    const ben = await customer('Ben');
    const anaIntent = await bookAndPay(ana.client, cls.id, 20, 2);
    const benIntent = await bookAndPay(ben.client, cls.id, 20);
    await refreshConditions(server.ctx);
    // 30 hours ahead: no call yet.
    expect(await checkWeatherCalls(server.ctx)).toBe(0);
    // The clock passes the 24 h check with 80% forecast.
    server.clock.advance(6.5 * HOUR);
    await refreshConditions(server.ctx);
    expect(await checkWeatherCalls(server.ctx)).toBe(1);
    expect(await checkWeatherCalls(server.ctx)).toBe(0);
    const coachEmail = (await server.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, cast.coachId)).get())!.email;
    const adminEmail = (await server.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, cast.adminId)).get())!.email;
    expect(mailsTo(coachEmail, 'Weather call: Rainy Day Bootcamp')).toHaveLength(1);
    expect(mailsTo(adminEmail, 'Weather call: Rainy Day Bootcamp')).toHaveLength(1);
    expect(mailsTo(coachEmail, 'Weather call')[0]).toContain('Chance of rain 80% (limit 60%)');
    // The banner's list, and the attendees' "Weather watch".
    const pending = await cast.coach.get('/api/weather-calls');
    expect(pending.body).toEqual([
      expect.objectContaining({ classId: cls.id, checkpoint: '24h', status: 'pending', reasons: ['Chance of rain 80% (limit 60%)'] }),
    ]);
    expect((await cast.otherCoach.get('/api/weather-calls')).body).toEqual([]);
    expect((await ana.client.get(`/api/conditions?classIds=${cls.id}`)).body[0].watch).toMatchObject({ status: 'pending' });
    // Only the class's coach or an admin decides.
    expect((await cast.otherCoach.post(`/api/classes/${cls.id}/weather-call`, { decision: 'cancel' })).status).toBe(403);
    expect((await ana.client.post(`/api/classes/${cls.id}/weather-call`, { decision: 'cancel' })).status).toBe(403);
    // Cancel, sent three times at once and once more: one decision, one refund each, one email each.
    const answers = await Promise.all([1, 2, 3].map(() => cast.coach.post(`/api/classes/${cls.id}/weather-call`, { decision: 'cancel' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[0]!.body).toMatchObject({ status: 'cancelled', classId: cls.id });
    expect((await cast.coach.post(`/api/classes/${cls.id}/weather-call`, { decision: 'cancel' })).status).toBe(200);
    expect((await cast.coach.post(`/api/classes/${cls.id}/weather-call`, { decision: 'go' })).body.message).toBe(
      'This weather call was already decided: Cancel.',
    );
    expect(await refundedCents(anaIntent)).toBe(4200);
    expect(await refundedCents(benIntent)).toBe(2100);
    for (const person of [ana, ben]) {
      const notices = mailsTo(person.email, 'Booking cancelled: Rainy Day Bootcamp');
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain('cancelled for the weather');
    }
    const bookings = (await ana.client.get('/api/bookings')).body as { classId: number; status: string; refundAmount: number }[];
    expect(bookings.find((b) => b.classId === cls.id)).toMatchObject({ status: 'cancelled', refundAmount: 42 });
    expect((await ana.client.get(`/api/classes/${cls.id}`)).status).toBe(404);
  });

  test('two processes on one database decide the same call at the same moment: one decision, one refund, one email each', async () => {
    const cls = await classAt(20, {
      title: 'Windy Ridge Hike',
      weatherPolicy: { rainChance: 50, aqi: null, windMph: null, heatF: null, rainPlan: 'cancel', backupLocation: null },
    });
    const cara = await customer('Cara');
    const caraIntent = await bookAndPay(cara.client, cls.id, 20);
    await refreshConditions(server.ctx);
    expect(await checkWeatherCalls(server.ctx)).toBe(1);
    const other: AppContext = await createContext({ env: server.ctx.env, clock: server.clock, migrate: false });
    try {
      const coach = toSessionUser((await server.ctx.db.select().from(users).where(eq(users.id, cast.coachId)).get())!);
      const admin = toSessionUser((await server.ctx.db.select().from(users).where(eq(users.id, cast.adminId)).get())!);
      // A cancel moves nothing: class management's edit (wired by api/app.ts) must not run.
      const noMove = () => Promise.reject(new Error('a cancelled class is not moved'));
      const [a, b] = await Promise.all([
        decideWeatherCall(server.ctx, coach, cls.id, { decision: 'cancel', notifyAttendees: true }, noMove),
        decideWeatherCall(other, admin, cls.id, { decision: 'cancel', notifyAttendees: true }, noMove),
      ]);
      expect(a.id).toBe(b.id);
      expect([a.status, b.status]).toEqual(['cancelled', 'cancelled']);
    } finally {
      other.db.close();
    }
    expect(await refundedCents(caraIntent)).toBe(2100);
    expect(mailsTo(cara.email, 'Booking cancelled: Windy Ridge Hike')).toHaveLength(1);
  });

  test('Go ahead tells attendees "It\'s on" once; a move needs a place or time', async () => {
    const cls = await classAt(10, {
      title: 'Drizzle Yoga',
      weatherPolicy: { rainChance: 50, aqi: null, windMph: null, heatF: null, rainPlan: 'light_rain', backupLocation: null },
    });
    const dev = await customer('Dev');
    await bookAndPay(dev.client, cls.id, 20);
    await refreshConditions(server.ctx);
    expect(await checkWeatherCalls(server.ctx)).toBe(1);
    const move = await cast.coach.post(`/api/classes/${cls.id}/weather-call`, { decision: 'move' });
    expect(move.status).toBe(400);
    expect(move.body.message).toBe('Choose where or when the class moves to');
    const go = await cast.coach.post(`/api/classes/${cls.id}/weather-call`, { decision: 'go', message: 'Bring a rain shell' });
    expect(go.body).toMatchObject({ status: 'go', message: 'Bring a rain shell' });
    expect((await cast.coach.post(`/api/classes/${cls.id}/weather-call`, { decision: 'go' })).status).toBe(200);
    const onIt = mailsTo(dev.email, "It's on: Drizzle Yoga");
    expect(onIt).toHaveLength(1);
    expect(onIt[0]).toContain('Bring a rain shell');
    expect((await dev.client.get(`/api/conditions?classIds=${cls.id}`)).body[0].watch).toMatchObject({ status: 'go' });
  });

  test("Move to the backup place runs class management's edit: the class moves and each person booked gets the change notice", async () => {
    const backup = 'Crissy Field Warming Hut, 983 Marine Dr, San Francisco, CA';
    const cls = await classAt(10, {
      title: 'Puddle Pilates',
      weatherPolicy: { rainChance: 50, aqi: null, windMph: null, heatF: null, rainPlan: 'backup', backupLocation: backup },
    });
    const gus = await customer('Gus');
    await bookAndPay(gus.client, cls.id, 20);
    await refreshConditions(server.ctx);
    expect(await checkWeatherCalls(server.ctx)).toBe(1);
    const moved = await cast.coach.post(`/api/classes/${cls.id}/weather-call`, { decision: 'move' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'moved', classId: cls.id });
    expect((await server.client().get(`/api/classes/${cls.id}`)).body.location).toBe(backup);
    const notices = await server.ctx.db.select().from(pendingChangeNotices).where(eq(pendingChangeNotices.classId, cls.id));
    expect(notices.map((n) => ({ userId: n.userId, booked: n.booked }))).toEqual([{ userId: gus.id, booked: true }]);
  });
});

describe('moving or offering another session for the weather', () => {
  test('Move takes the class to the backup location of its rain plan; Offer emails attendees the other session and lets them cancel with a full refund', async () => {
    const policy = { rainChance: 50, aqi: null, windMph: null, heatF: null, rainPlan: 'backup', backupLocation: 'Presidio Rec Center gym' };
    const moving = await classAt(12, { title: 'Backup Boxing', weatherPolicy: policy });
    const offering = await classAt(14, { title: 'Offer Pilates', weatherPolicy: policy });
    const other = await classAt(60, { title: 'Sunny Pilates' });
    const gil = await customer('Gil');
    await bookAndPay(gil.client, moving.id, 20);
    const hal = await customer('Hal');
    const halIntent = await bookAndPay(hal.client, offering.id, 20);
    await refreshConditions(server.ctx);
    expect(await checkWeatherCalls(server.ctx)).toBe(2);
    const moved = await cast.coach.post(`/api/classes/${moving.id}/weather-call`, { decision: 'move' });
    expect(moved.body.status).toBe('moved');
    expect((await server.client().get(`/api/classes/${moving.id}`)).body.location).toBe('Presidio Rec Center gym');
    expect((await gil.client.get(`/api/bookings?classId=${moving.id}`)).body[0].classChangedAt).not.toBeNull();
    // Offer: only one of the coach's own sessions that has not started.
    expect((await cast.coach.post(`/api/classes/${offering.id}/weather-call`, { decision: 'offer' })).status).toBe(400);
    const offered = await cast.coach.post(`/api/classes/${offering.id}/weather-call`, { decision: 'offer', offerClassId: other.id });
    expect(offered.body).toMatchObject({ status: 'offered', offerClassId: other.id });
    const [mail] = mailsTo(hal.email, 'Another session for the weather: Offer Pilates');
    expect(mail).toContain('Sunny Pilates');
    expect((await hal.client.get(`/api/conditions?classIds=${offering.id}`)).body[0].watch).toMatchObject({
      status: 'offered',
      offerClassId: other.id,
    });
    // The booking now refunds in full whenever Hal cancels before the class.
    const [booking] = (await hal.client.get(`/api/bookings?classId=${offering.id}`)).body;
    expect((await hal.client.put(`/api/bookings/${booking.id}/cancel`)).body.refundAmount).toBe(21);
    expect(await refundedCents(halIntent)).toBe(2100);
  });
});

describe('the minimum class size', () => {
  test('below its minimum at the decision time a class is cancelled with full refunds; at its minimum it is confirmed to run', async () => {
    const low = await classAt(20, { title: 'Tiny Tai Chi', capacity: 8, minAttendees: 3, decisionHours: 12 });
    const ok = await classAt(20, { title: 'Full Frisbee', capacity: 8, minAttendees: 2, decisionHours: 12 });
    expect(
      (
        await cast.coach.post(
          '/api/classes',
          classForm(cast.categoryId, {
            capacity: 4,
            minAttendees: 5,
            startTime: new Date(server.clock.now().getTime() + 48 * HOUR).toISOString(),
          }),
        )
      ).body.errors,
    ).toEqual({
      minAttendees: ['Minimum must be from 2 to the capacity'],
    });
    const eli = await customer('Eli');
    const fay = await customer('Fay');
    const eliIntent = await bookAndPay(eli.client, low.id, 20, 2);
    await bookAndPay(fay.client, ok.id, 20, 2);
    const read = (await server.client().get(`/api/classes/${low.id}`)).body;
    expect(read).toMatchObject({ minAttendees: 3, decisionHours: 12, sizeDecision: null });
    expect(Date.parse(read.decisionTime)).toBe(Date.parse(read.startTime) - 12 * HOUR);
    // Before the decision time nothing happens.
    expect(await decideClassSizes(server.ctx)).toBe(0);
    server.clock.advance(8.5 * HOUR);
    expect(await decideClassSizes(server.ctx)).toBe(2);
    expect(await decideClassSizes(server.ctx)).toBe(0);
    expect(await refundedCents(eliIntent)).toBe(4200);
    const notice = mailsTo(eli.email, 'Booking cancelled: Tiny Tai Chi');
    expect(notice).toHaveLength(1);
    expect(notice[0]).toContain('needed at least 3 people');
    expect((await server.client().get(`/api/classes/${low.id}`)).status).toBe(404);
    expect((await server.client().get(`/api/classes/${ok.id}`)).body.sizeDecision).toBe('confirmed');
    expect(mailsTo(fay.email, 'Booking cancelled')).toHaveLength(0);
  });
});

describe('moving a booking to the offered session with one click', () => {
  const rain = { rainChance: 50, aqi: null, windMph: null, heatF: null, rainPlan: 'cancel', backupLocation: null };
  const move = (client: TestClient, bookingId: number) => client.post(`/api/bookings/${bookingId}/move-to-offered-session`);
  const bookingOn = async (client: TestClient, classId: number) => (await client.get(`/api/bookings?classId=${classId}`)).body[0];

  test('the same spots, people and payment move exactly once, capacity checked; a second click answers the moved booking; the money reconciles', async () => {
    const stormy = await classAt(16, { title: 'Stormy Stretch', weatherPolicy: rain });
    const sunny = await classAt(40, { title: 'Sunny Stretch', capacity: 3 });
    const jo = await customer('Jo');
    const kit = await customer('Kit');
    const lou = await customer('Lou');
    const joIntent = await bookAndPay(jo.client, stormy.id, 20, 2);
    await bookAndPay(kit.client, stormy.id, 20, 2);
    await bookAndPay(lou.client, sunny.id, 20); // 2 of the 3 spots left
    const joOld = await bookingOn(jo.client, stormy.id);
    // The contact given with the booking's waivers (tests/helpers/waivers.ts), made Jo's own.
    await server.ctx.db.write((tx) =>
      tx.update(emergencyContacts).set({ name: 'Pat Jo', phone: '+14155550100' }).where(eq(emergencyContacts.bookingId, joOld.id)),
    );
    // No offer yet: nothing to move to.
    expect((await move(jo.client, joOld.id)).body.message).toBe('No other session is offered for this booking.');
    await refreshConditions(server.ctx);
    expect(await checkWeatherCalls(server.ctx)).toBeGreaterThanOrEqual(1);
    expect(
      (await cast.coach.post(`/api/classes/${stormy.id}/weather-call`, { decision: 'offer', offerClassId: sunny.id })).body.status,
    ).toBe('offered');
    const [mail] = mailsTo(jo.email, 'Another session for the weather: Stormy Stretch');
    expect(mail).toContain('Move to');
    expect(mail).toContain('cancel it for a full refund');
    // Someone else's booking is not theirs to move.
    expect((await move(kit.client, joOld.id)).status).toBe(404);
    // Two clicks at once and one more: one move.
    const clicks = await Promise.all([move(jo.client, joOld.id), move(jo.client, joOld.id)]);
    expect(clicks.map((c) => c.status)).toEqual([200, 200]);
    expect(clicks.map((c) => c.body.moved).sort()).toEqual([false, true]);
    expect(clicks[0]!.body.bookingId).toBe(clicks[1]!.body.bookingId);
    const again = await move(jo.client, joOld.id);
    expect(again.body).toMatchObject({
      bookingId: clicks[0]!.body.bookingId,
      movedFromBookingId: joOld.id,
      classId: sunny.id,
      status: 'confirmed',
      quantity: 2,
      amount: 42,
      moved: false,
    });
    const joNew = await bookingOn(jo.client, sunny.id);
    expect(joNew).toMatchObject({ id: again.body.bookingId, status: 'confirmed', quantity: 2 });
    expect(joNew.attendees.map((a: { name: string }) => a.name)).toEqual(joOld.attendees.map((a: { name: string }) => a.name));
    const ended = (await jo.client.get(`/api/bookings?classId=${stormy.id}`)).body.find((b: { id: number }) => b.id === joOld.id);
    expect(ended).toMatchObject({ status: 'cancelled', cancelReason: 'moved' });
    // Money: nothing refunded, the paid amount recorded once, on the new booking.
    const rows = await server.ctx.db.select().from(bookingsTable).where(eq(bookingsTable.userId, jo.id));
    const intent = (await server.ctx.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, joIntent)).get())!;
    expect(intent.refundedCents).toBe(0);
    expect(rows.reduce((sum, b) => sum + b.amountCents - (b.refundAmountCents ?? 0), 0)).toBe(intent.amountCents - intent.refundedCents);
    expect(rows.find((b) => b.id === joNew.id)!.paymentIntentId).toBe(joIntent);
    expect((await server.ctx.db.select().from(emergencyContacts).where(eq(emergencyContacts.bookingId, joNew.id)).get())?.name).toBe(
      'Pat Jo',
    );
    // Sunny Stretch now has 0 of 3 left: Kit's 2 spots do not fit, and their booking stays as it was.
    const kitOld = await bookingOn(kit.client, stormy.id);
    const full = await move(kit.client, kitOld.id);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('The offered session has no room for your spots any more. You can still cancel for a full refund.');
    expect((await bookingOn(kit.client, stormy.id)).status).toBe('confirmed');
    // The moved booking is cancelled like any other, refunding from what was paid.
    expect((await jo.client.put(`/api/bookings/${joNew.id}/cancel`)).status).toBe(200);
    expect(await refundedCents(joIntent)).toBeLessThanOrEqual(4200);
  });

  test('refused with a clear message when the offered session has another price or has started', async () => {
    const wetA = await classAt(15, { title: 'Wet Walk A', weatherPolicy: rain });
    const wetB = await classAt(15, { title: 'Wet Walk B', weatherPolicy: rain });
    const pricier = await classAt(30, { title: 'Pricier Walk', price: 25 });
    const soon = await classAt(2, { title: 'Soon Walk' });
    const max = await customer('Max');
    await bookAndPay(max.client, wetA.id, 20);
    await bookAndPay(max.client, wetB.id, 20);
    await refreshConditions(server.ctx);
    expect(await checkWeatherCalls(server.ctx)).toBeGreaterThanOrEqual(2);
    await cast.coach.post(`/api/classes/${wetA.id}/weather-call`, { decision: 'offer', offerClassId: pricier.id });
    await cast.coach.post(`/api/classes/${wetB.id}/weather-call`, { decision: 'offer', offerClassId: soon.id });
    const differs = await move(max.client, (await bookingOn(max.client, wetA.id)).id);
    expect(differs.status).toBe(409);
    expect(differs.body.message).toBe(
      'The offered session has another price, so your booking cannot move with its payment: cancel for a full refund and book it from its page.',
    );
    server.clock.advance(2.5 * HOUR);
    const started = await move(max.client, (await bookingOn(max.client, wetB.id)).id);
    expect(started.status).toBe(409);
    expect(started.body.message).toBe('The offered session has already started. You can still cancel for a full refund.');
    expect((await bookingOn(max.client, wetB.id)).status).toBe('confirmed');
  });
});
