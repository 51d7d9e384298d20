// Coach review (issue 24, item 3): the application opens before Approve; Reject with a reason (emailed);
// Suspend and Reinstate (a suspended coach's classes leave the catalogue, their customers refunded in full and
// told); every admin action in the audit log (who, what, when, why).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { NEUTRAL_CUSTOMER_REASON } from '../../../api/admin/model';
import { bookings, categories, users } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { createClass, createUser, type SignedIn } from '../../helpers/fixtures';
import { readOutbox, register, waitForEmail } from '../accounts/helpers';
import { paidBooking } from './helpers';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let admin: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, 'admin', 'Ada');
});
afterAll(() => server.stop());

/** A coach who registered and filled in their application (pending approval). */
async function applicant() {
  const coach = await register(server, { role: 'coach', firstName: 'Penny', lastName: 'Applicant' });
  const [category] = await server.ctx.db
    .insert(categories)
    .values({ name: `Surfing ${coach.id}` })
    .returning();
  const profile = await coach.client.put(`/api/users/${coach.id}`, {
    firstName: 'Penny',
    lastName: 'Applicant',
    bio: 'Ten years teaching surf at Ocean Beach.',
    certifications: 'ISA Level 1 Surf Coach (2019)',
    areasOfExpertise: [category!.id],
  });
  expect(profile.status).toBe(200);
  return { ...coach, category: category! };
}

describe('the application', () => {
  test('opens with bio, expertise, certifications, photo and payout status before any decision', async () => {
    const coach = await applicant();
    const res = await admin.client.get(`/api/admin/coaches/${coach.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: coach.id,
      status: 'pending',
      isApproved: false,
      bio: 'Ten years teaching surf at Ocean Beach.',
      certifications: 'ISA Level 1 Surf Coach (2019)',
      areasOfExpertise: [{ id: coach.category.id, name: coach.category.name }],
      profileImage: null,
      payout: { onboarded: false, canReceivePayments: false },
      upcomingClasses: 0,
    });
  });

  test('a customer is not a coach (404); a coach cannot read it (403)', async () => {
    const customer = await createUser(server);
    expect((await admin.client.get(`/api/admin/coaches/${customer.id}`)).status).toBe(404);
    const coach = await createUser(server, 'coach');
    expect((await coach.client.get(`/api/admin/coaches/${coach.id}`)).status).toBe(403);
  });
});

describe('Reject', () => {
  test('turns the application down, emails the coach the reason and logs who, what, when and why', async () => {
    const coach = await applicant();
    const reason = 'Your certifications could not be verified: please add the issuing body and year.';
    const res = await admin.client.put(`/api/admin/coaches/${coach.id}/reject`, { reason });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');

    const email = await waitForEmail(server, coach.email);
    expect(email.subject).toBe('Your Fogline coach application');
    expect(email.raw).toContain(reason);

    const log = await admin.client.get(`/api/admin/audit?userId=${coach.id}`);
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({
      action: 'coach.reject',
      reason,
      actor: { id: admin.id, name: 'Ada Tester' },
      subject: { id: coach.id, name: 'Penny Applicant' },
    });
    expect(Math.abs(Date.parse(log.body[0].createdAt) - server.clock.now().getTime())).toBeLessThan(1000);

    // Still unable to publish classes.
    expect((await coach.client.post('/api/classes', {})).status).toBe(403);
    expect((await admin.client.put(`/api/admin/coaches/${coach.id}/reject`, { reason })).status).toBe(409);
  });

  test('needs a reason', async () => {
    const coach = await applicant();
    const res = await admin.client.put(`/api/admin/coaches/${coach.id}/reject`, { reason: ' ' });
    expect(res.status).toBe(400);
    expect(res.body.errors.reason).toEqual(['Please give a reason of at least 5 characters']);
  });

  test('a rejected coach can still be approved on a second look, and the approval is logged too', async () => {
    const coach = await applicant();
    await admin.client.put(`/api/admin/coaches/${coach.id}/reject`, { reason: 'Missing certifications.' });
    const res = await admin.client.put(`/api/admin/coaches/${coach.id}/approve`);
    expect(res.body.status).toBe('approved');
    const log = await admin.client.get(`/api/admin/audit?userId=${coach.id}`);
    expect(log.body.map((e: { action: string }) => e.action)).toEqual(['coach.approve', 'coach.reject']);
  });
});

describe('Suspend and Reinstate', () => {
  test("a suspended coach's classes leave the catalogue, booked customers are refunded in full and told; reinstating brings the classes back", async () => {
    const coach = await createUser(server, 'coach', 'Sol');
    const paid = await createClass(server, { coachId: coach.id, priceCents: 2500, title: 'Sunset Surf' });
    const free = await createClass(server, { coachId: coach.id, priceCents: 0, title: 'Beach Stretch' });
    const customer = await createUser(server, 'customer', 'Cam');
    const { bookingId, amount } = await paidBooking(server, customer, paid.id, 2500);
    expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: free.id }))).status).toBe(201);

    const res = await admin.client.put(`/api/admin/users/${coach.id}/suspend`, {
      reason: 'Repeated no-shows reported by customers.',
      customerReason: 'The coach missed several classes without notice.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'suspended', cancelledBookings: 2, refunded: amount });

    expect((await server.client().get(`/api/classes/${paid.id}`)).status).toBe(404);
    expect((await server.client().get(`/api/coaches/${coach.id}`)).status).toBe(404);
    const listed = await server.client().get('/api/classes?limit=100');
    expect(listed.body.some((c: { coachId: number }) => c.coachId === coach.id)).toBe(false);

    const booking = await server.ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).get();
    expect(booking).toMatchObject({ status: 'cancelled', refundAmountCents: Math.round(amount * 100) });
    const told = readOutbox(server).filter((m) => m.to.includes(customer.email) && /cancel/i.test(m.subject));
    expect(told.length).toBe(2);
    // Each customer is told why, in the words the admin chose for them (not the audit log's).
    for (const mail of told) {
      expect(mail.raw).toContain('The coach missed several classes without notice.');
      expect(mail.raw).not.toContain('Repeated no-shows');
    }
    expect((await waitForEmail(server, coach.email)).raw).toContain('Repeated no-shows reported by customers.');

    // The coach's session ended.
    expect((await coach.client.get('/api/user')).status).toBe(401);

    const back = await admin.client.put(`/api/admin/users/${coach.id}/reinstate`, { reason: 'Spoke with the coach; resolved.' });
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('approved');
    expect((await server.client().get(`/api/classes/${paid.id}`)).status).toBe(200);
    expect((await server.client().get(`/api/coaches/${coach.id}`)).status).toBe(200);

    const log = await admin.client.get(`/api/admin/audit?userId=${coach.id}`);
    expect(log.body.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([
      ['account.reinstate', 'Spoke with the coach; resolved.'],
      ['account.suspend', 'Repeated no-shows reported by customers.'],
    ]);
  });

  test("without a reason for customers, a suspended coach's customers read a neutral one", async () => {
    const coach = await createUser(server, 'coach', 'Nell');
    const free = await createClass(server, { coachId: coach.id, priceCents: 0, title: 'Dawn Yoga' });
    const customer = await createUser(server, 'customer', 'Ari');
    expect((await customer.client.post('/api/bookings/free', withWaivers({ classId: free.id }))).status).toBe(201);
    const res = await admin.client.put(`/api/admin/users/${coach.id}/suspend`, { reason: 'Under investigation after a complaint.' });
    expect(res.status).toBe(200);
    const told = readOutbox(server).filter((m) => m.to.includes(customer.email) && /cancel/i.test(m.subject));
    expect(told.length).toBe(1);
    expect(told[0]!.raw).toContain(NEUTRAL_CUSTOMER_REASON);
    expect(told[0]!.raw).not.toContain('Under investigation');
    const short = await admin.client.put(`/api/admin/users/${coach.id}/suspend`, { reason: 'Again, to check.', customerReason: 'No' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Please give the customers a reason of at least 5 characters');
  });

  test('a suspended account cannot sign in, even with the right password', async () => {
    const person = await register(server);
    await admin.client.put(`/api/admin/users/${person.id}/suspend`, { reason: 'Abusive messages to a coach.' });
    const login = await server
      .client()
      .request('POST', '/api/login', { email: person.email, password: person.password }, { headers: { 'x-forwarded-for': '100.71.0.1' } });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('This account is suspended. Please write to us from the Contact page.');
    const wrong = await server
      .client()
      .request('POST', '/api/login', { email: person.email, password: 'wrong-password' }, { headers: { 'x-forwarded-for': '100.71.0.2' } });
    expect(wrong.status).toBe(401);
  });

  test('admins cannot be suspended; reinstating an active account is a 409', async () => {
    const other = await createUser(server, 'admin');
    expect((await admin.client.put(`/api/admin/users/${other.id}/suspend`, { reason: 'Testing the rule.' })).status).toBe(403);
    const person = await createUser(server);
    expect((await admin.client.put(`/api/admin/users/${person.id}/reinstate`, { reason: 'Testing the rule.' })).status).toBe(409);
    const row = await server.ctx.db.select().from(users).where(eq(users.id, person.id)).get();
    expect(row!.suspendedAt).toBeNull();
  });
});
