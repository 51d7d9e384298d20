// Reminders before class and change notices (issue 13): a reminder email with the address, a map link and
// the .ics file, exactly once, at the configured lead time, none for classes booked less than that ahead or
// for customers who turned them off; a coach's change of time or place emails everyone booked or waiting
// (before -> after), marks their bookings and makes cancelling fully refunded until the class starts.
import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { createContext } from '../../../api/context';
import { noticeClassChanges, sendDueChangeNotices } from '../../../api/notices/changes';
import { pruneSentReminderKeys, sendDueReminders } from '../../../api/notices/reminders';
import { classes, jobLeases } from '../../../db/schema';
import type { TestServer } from '../../helpers/api';
import { createClass, createUser, outbox, pageTotal, type SignedIn, startWithCoach } from '../../helpers/fixtures';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let coach: SignedIn;
beforeAll(async () => ({ server, coach } = await startWithCoach()));
afterAll(() => server.stop());

const HOUR = 3_600_000;
/** The outbox's messages to one address with this subject, quoted-printable text decoded. */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const mailsTo = (email: string, subject: string) =>
  outbox(server)
    .map(decoded)
    .filter((m) => m.includes(`To: ${email}`) && m.includes(subject));

/** Change notices wait for their window (api/notices/changes.ts): it ends, and the timed job runs. */
async function noticeWindowEnds() {
  server.clock.advance(server.ctx.env.changeNoticeWindowMs);
  await sendDueChangeNotices(server.ctx);
}

async function bookPaid(customer: SignedIn, classId: number, priceCents: number) {
  const intent = await customer.client.post(
    '/api/payment/create-intent',
    withWaivers({ classId, quantity: 1, amount: pageTotal(priceCents, 1) }),
  );
  expect(intent.status).toBe(200);
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
  expect(
    (
      await customer.client.post('/api/payment/test-provider/pay', {
        paymentIntentId: intent.body.id,
        clientSecret: intent.body.clientSecret,
        ...card,
      })
    ).status,
  ).toBe(200);
  const confirmed = await customer.client.post('/api/payment/confirm', { paymentIntentId: intent.body.id });
  expect(confirmed.status).toBe(200);
  return confirmed.body.booking;
}

describe('reminders', () => {
  test('one reminder 24 hours before the class, with the address, a map link and the .ics file, exactly once', async () => {
    const start = server.clock.now().getTime();
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 72, title: 'Reminder Yoga' });
    const customer = await createUser(server);
    expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    server.clock.set(new Date(cls.startTime!.getTime() - 24 * HOUR - 60_000));
    await sendDueReminders(server.ctx);
    expect(mailsTo(customer.email, 'Reminder: Reminder Yoga')).toHaveLength(0);
    server.clock.advance(2 * 60_000);
    // Several processes' jobs at once, then again later: still one email.
    await Promise.all([sendDueReminders(server.ctx), sendDueReminders(server.ctx), sendDueReminders(server.ctx)]);
    server.clock.advance(HOUR);
    await sendDueReminders(server.ctx);
    const reminders = mailsTo(customer.email, 'Reminder: Reminder Yoga');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toContain('1199 E Beach, San Francisco, CA 94129');
    expect(reminders[0]).toContain('https://www.google.com/maps/search/?api=1&query=1199%20E%20Beach');
    expect(reminders[0]).toContain('filename=class.ics');
    expect(reminders[0]).toContain(btoa('BEGIN:VCALENDAR').slice(0, 16));
    server.clock.set(new Date(start));
  });

  test('two processes on one database and a restart send one reminder: the job is claimed in the database', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 72, title: 'Twice Claimed Swim' });
    const customer = await createUser(server);
    expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    server.clock.set(new Date(cls.startTime!.getTime() - 23 * HOUR));
    // A second process: its own connection to the same database and outbox, its own write queue.
    const other = await createContext({ env: server.ctx.env, clock: server.clock });
    try {
      await Promise.all([sendDueReminders(server.ctx), sendDueReminders(other), sendDueReminders(server.ctx), sendDueReminders(other)]);
    } finally {
      other.db.close();
    }
    // A process started afterwards (a restart) finds the reminder sent.
    const restarted = await createContext({ env: server.ctx.env, clock: server.clock });
    try {
      expect(await sendDueReminders(restarted)).toBe(0);
    } finally {
      restarted.db.close();
    }
    expect(mailsTo(customer.email, 'Reminder: Twice Claimed Swim')).toHaveLength(1);
    server.clock.set(new Date());
  });

  test('no reminder for a class booked less than 24 hours ahead', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 10, title: 'Last-minute Run' });
    const customer = await createUser(server);
    expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    await sendDueReminders(server.ctx);
    server.clock.advance(5 * HOUR);
    await sendDueReminders(server.ctx);
    expect(mailsTo(customer.email, 'Reminder: Last-minute Run')).toHaveLength(0);
    server.clock.set(new Date());
  });

  test('a customer who turns reminders off on the profile gets none', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 48, title: 'Quiet Tai Chi' });
    const customer = await createUser(server);
    const off = await customer.client.put(`/api/users/${customer.id}`, { firstName: 'Casey', lastName: 'Tester', classReminders: false });
    expect(off.status).toBe(200);
    expect(off.body.classReminders).toBe(false);
    expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    server.clock.set(new Date(cls.startTime!.getTime() - 23 * HOUR));
    await sendDueReminders(server.ctx);
    expect(mailsTo(customer.email, 'Reminder: Quiet Tai Chi')).toHaveLength(0);
    server.clock.set(new Date());
  });

  test('one reminder that fails to send does not hold back the others, and is tried again on the next run', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 72, title: 'Stubborn Mail Run' });
    const [first, second] = [await createUser(server), await createUser(server)];
    for (const customer of [first, second])
      expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    server.clock.set(new Date(cls.startTime!.getTime() - 23 * HOUR));
    // The mail server refuses the first customer's address for one run.
    const send = server.ctx.mail.send.bind(server.ctx.mail);
    server.ctx.mail.send = async (message) => {
      if (message.to === first.email) throw new Error('550 mailbox unavailable');
      return send(message);
    };
    const errors = spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await sendDueReminders(server.ctx)).toBe(1);
    } finally {
      server.ctx.mail.send = send;
      errors.mockRestore();
    }
    expect(mailsTo(second.email, 'Reminder: Stubborn Mail Run')).toHaveLength(1);
    expect(mailsTo(first.email, 'Reminder: Stubborn Mail Run')).toHaveLength(0);
    await sendDueReminders(server.ctx);
    expect(mailsTo(first.email, 'Reminder: Stubborn Mail Run')).toHaveLength(1);
    expect(mailsTo(second.email, 'Reminder: Stubborn Mail Run')).toHaveLength(1);
    server.clock.set(new Date());
  });

  test('the lead time is configurable (REMINDER_LEAD_HOURS)', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 100, title: 'Early Bird Swim' });
    const customer = await createUser(server);
    expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    server.ctx.env.reminderLeadHours = 72;
    server.clock.set(new Date(cls.startTime!.getTime() - 71 * HOUR));
    await sendDueReminders(server.ctx);
    server.ctx.env.reminderLeadHours = 24;
    expect(mailsTo(customer.email, 'Reminder: Early Bird Swim')).toHaveLength(1);
    server.clock.set(new Date());
  });

  // Last: it moves the clock past other tests' classes, whose keys it drops too.
  test("a sent reminder's key is kept until its class starts, then dropped, and nothing is sent again", async () => {
    const start = server.clock.now().getTime();
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 72, title: 'Pruned Pilates' });
    const customer = await createUser(server);
    const booking = await customer.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }));
    expect(booking.status).toBe(201);
    const key = `reminder:booking:${booking.body.id}`;
    const hasKey = async () => (await server.ctx.db.select().from(jobLeases).where(eq(jobLeases.key, key))).length === 1;
    server.clock.set(new Date(cls.startTime!.getTime() - 23 * HOUR));
    await sendDueReminders(server.ctx);
    await pruneSentReminderKeys(server.ctx);
    expect(await hasKey()).toBe(true);
    server.clock.set(new Date(cls.startTime!.getTime() + HOUR));
    expect(await pruneSentReminderKeys(server.ctx)).toBeGreaterThanOrEqual(1);
    expect(await hasKey()).toBe(false);
    await sendDueReminders(server.ctx);
    expect(mailsTo(customer.email, 'Reminder: Pruned Pilates')).toHaveLength(1);
    server.clock.set(new Date(start));
  });
});

describe('change notices', () => {
  test('moving a class emails each attendee and each waiting person once, before -> after', async () => {
    const cls = await createClass(server, {
      coachId: coach.id,
      priceCents: 2000,
      capacity: 1,
      startsInHours: 24 * 10,
      title: 'Moved Bootcamp',
    });
    const attendee = await createUser(server);
    await bookPaid(attendee, cls.id, 2000);
    const waiter = await createUser(server);
    expect((await waiter.client.post(`/api/classes/${cls.id}/waitlist`, { quantity: 1 })).status).toBe(201);
    const before = (await server.ctx.db.select().from(classes).where(eq(classes.id, cls.id)))[0]!;
    const newStart = new Date(before.startTime!.getTime() + 2 * HOUR);
    const [after] = await server.ctx.db.write((tx) =>
      tx
        .update(classes)
        .set({ startTime: newStart, endTime: new Date(newStart.getTime() + HOUR), location: 'Marina Green' })
        .where(eq(classes.id, cls.id))
        .returning(),
    );
    await noticeClassChanges(server.ctx, [before], [after!]);
    await noticeWindowEnds();
    const [mail] = mailsTo(attendee.email, 'Class changed: Moved Bootcamp');
    expect(mailsTo(attendee.email, 'Class changed: Moved Bootcamp')).toHaveLength(1);
    expect(mail).toContain('Before:');
    expect(mail).toContain('Crissy Field');
    expect(mail).toContain('Now:');
    expect(mail).toContain('Marina Green');
    expect(mail).toContain('full refund until the class starts');
    expect(mailsTo(waiter.email, 'Class changed: Moved Bootcamp')).toHaveLength(1);
    const booking = (await attendee.client.get('/api/bookings')).body.find((b: { classId: number }) => b.classId === cls.id);
    expect(booking.classChangedAt).not.toBeNull();
    expect(booking.fullRefundUntil).toBe(newStart.toISOString());
  });

  test('after a change, cancelling an hour before the start still refunds everything', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 3000, startsInHours: 24 * 5, title: 'Refunded Pilates' });
    const attendee = await createUser(server);
    const booking = await bookPaid(attendee, cls.id, 3000);
    const before = (await server.ctx.db.select().from(classes).where(eq(classes.id, cls.id)))[0]!;
    const [after] = await server.ctx.db.write((tx) => tx.update(classes).set({ duration: 90 }).where(eq(classes.id, cls.id)).returning());
    await noticeClassChanges(server.ctx, [before], [after!]);
    server.clock.set(new Date(cls.startTime!.getTime() - HOUR));
    const cancelled = await attendee.client.put(`/api/bookings/${booking.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refundAmount).toBe(pageTotal(3000, 1));
    server.clock.set(new Date());
  });

  test('a series change that moves several booked sessions sends each person one email listing them', async () => {
    const sessions = [
      await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 24 * 3, title: 'Series Rowing' }),
      await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: 24 * 10, title: 'Series Rowing' }),
    ];
    const attendee = await createUser(server);
    for (const s of sessions)
      expect((await attendee.client.post('/api/bookings/free', withWaivers({ classId: s.id, quantity: 1 }))).status).toBe(201);
    const before = await Promise.all(
      sessions.map(async (s) => (await server.ctx.db.select().from(classes).where(eq(classes.id, s.id)))[0]!),
    );
    const after = await Promise.all(
      sessions.map(
        async (s) =>
          (
            await server.ctx.db.write((tx) => tx.update(classes).set({ location: 'Aquatic Park' }).where(eq(classes.id, s.id)).returning())
          )[0]!,
      ),
    );
    await noticeClassChanges(server.ctx, before, after);
    await noticeWindowEnds();
    const mails = mailsTo(attendee.email, 'Class changed: Series Rowing');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.match(/Now: [^\n]*Aquatic Park/g)?.length).toBe(4); // two sessions, in the text and the HTML part
  });

  test('PATCH /api/classes/{id} by the coach: a new start time sends the notice, a raised capacity makes an offer', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, capacity: 1, startsInHours: 24 * 6, title: 'Patched Kayak' });
    const attendee = await createUser(server);
    expect((await attendee.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    const waiter = await createUser(server);
    expect((await waiter.client.post(`/api/classes/${cls.id}/waitlist`, { quantity: 1 })).status).toBe(201);
    const later = new Date(cls.startTime!.getTime() + HOUR).toISOString();
    expect((await coach.client.request('PATCH', `/api/classes/${cls.id}`, { startTime: later })).status).toBe(200);
    await noticeWindowEnds();
    expect(mailsTo(attendee.email, 'Class changed: Patched Kayak')).toHaveLength(1);
    expect(mailsTo(waiter.email, 'Class changed: Patched Kayak')).toHaveLength(1);
    expect((await coach.client.request('PATCH', `/api/classes/${cls.id}`, { capacity: 2 })).status).toBe(200);
    const [entry] = (await waiter.client.get('/api/waitlist')).body;
    expect(entry.status).toBe('offered');
    expect(mailsTo(waiter.email, 'A spot opened up')).toHaveLength(1);
  });

  test("an admin's change to a session and the following ones (?scope=following) notifies the people of those sessions only", async () => {
    const admin = await createUser(server, 'admin', 'Ada');
    const parent = await createClass(server, { coachId: coach.id, priceCents: 0, title: 'Scoped Harbor Swim' });
    await server.ctx.db.write((tx) => tx.update(classes).set({ isRecurring: true }).where(eq(classes.id, parent.id)));
    const sessions = [];
    for (const week of [1, 2, 3]) {
      const session = await createClass(server, {
        coachId: coach.id,
        priceCents: 0,
        capacity: 2,
        startsInHours: week * 24 * 7,
        title: 'Scoped Harbor Swim',
      });
      await server.ctx.db.write((tx) =>
        tx.update(classes).set({ parentClassId: parent.id, isRecurring: true }).where(eq(classes.id, session.id)),
      );
      sessions.push(session);
    }
    const [everyWeek, firstOnly, lastOnly, waiter] = [
      await createUser(server),
      await createUser(server),
      await createUser(server),
      await createUser(server),
    ];
    for (const session of sessions)
      expect((await everyWeek.client.post('/api/bookings/free', withWaivers({ classId: session.id, quantity: 1 }))).status).toBe(201);
    expect((await firstOnly.client.post('/api/bookings/free', withWaivers({ classId: sessions[0]!.id, quantity: 1 }))).status).toBe(201);
    expect((await lastOnly.client.post('/api/bookings/free', withWaivers({ classId: sessions[2]!.id, quantity: 1 }))).status).toBe(201);
    expect((await waiter.client.post(`/api/classes/${sessions[2]!.id}/waitlist`, { quantity: 1 })).status).toBe(201);

    const res = await admin.client.request('PATCH', `/api/classes/${sessions[1]!.id}?scope=following`, { duration: 90 });
    expect(res.status).toBe(200);
    await noticeWindowEnds();
    const notices = (email: string) => mailsTo(email, 'Class changed: Scoped Harbor Swim');
    expect(notices(everyWeek.email)).toHaveLength(1);
    expect(notices(everyWeek.email)[0]).toContain('(2 sessions)');
    expect(notices(lastOnly.email)).toHaveLength(1);
    expect(notices(waiter.email)).toHaveLength(1);
    expect(notices(waiter.email)[0]).toContain('are on the waitlist for');
    expect(notices(firstOnly.email)).toHaveLength(0);
    // Only the bookings of the sessions moved are marked (their cards say "Changed by the coach").
    const changed = (await everyWeek.client.get('/api/bookings')).body.map((b: { classId: number; classChangedAt: string | null }) => [
      b.classId,
      b.classChangedAt !== null,
    ]);
    expect(changed.sort()).toEqual(sessions.map((s, i) => [s.id, i > 0]).sort());
  });

  test('a change that does not move the class (title, price) sends nothing', async () => {
    const cls = await createClass(server, { coachId: coach.id, priceCents: 0, title: 'Renamed Stretch' });
    const attendee = await createUser(server);
    expect((await attendee.client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity: 1 }))).status).toBe(201);
    const before = (await server.ctx.db.select().from(classes).where(eq(classes.id, cls.id)))[0]!;
    const [after] = await server.ctx.db.write((tx) =>
      tx.update(classes).set({ title: 'Renamed Stretch II' }).where(eq(classes.id, cls.id)).returning(),
    );
    await noticeClassChanges(server.ctx, [before], [after!]);
    await noticeWindowEnds();
    expect(outbox(server).filter((m) => m.includes(`To: ${attendee.email}`) && m.includes('Class changed'))).toHaveLength(0);
  });
});
