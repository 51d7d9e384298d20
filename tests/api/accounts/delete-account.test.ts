// DELETE /api/users/me (issue 24, item 5): a customer deletes their account and can no longer sign in, while
// their past bookings still count in the coach's totals; what stops it (upcoming bookings, a wrong password, a
// coach's account) is said plainly.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { bookingAttendees, users } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { createClass, createUser, type SignedIn } from '../../helpers/fixtures';
import { register } from './helpers';
import { withWaivers } from '../../helpers/waivers';

let server: TestServer;
let coach: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  coach = await createUser(server, 'coach', 'Maya');
});
afterAll(() => server.stop());

/** A free class starting in `hours`, booked by `client` for `quantity` named spots. */
async function book(client: SignedIn['client'], hours: number, quantity = 1) {
  const cls = await createClass(server, { coachId: coach.id, priceCents: 0, startsInHours: hours, capacity: 10 });
  const attendees = Array.from({ length: quantity }, (_, i) => ({ name: i === 0 ? 'Riley Park' : `Sam Park ${i}` }));
  const res = await client.post('/api/bookings/free', withWaivers({ classId: cls.id, quantity, attendees }));
  expect(res.status).toBe(201);
  return { classId: cls.id, bookingId: res.body.id as number };
}

test('a customer deletes their account: they cannot sign in again, and their past bookings still count for the coach', async () => {
  const person = await register(server, { firstName: 'Riley', lastName: 'Park' });
  const { bookingId } = await book(person.client, 2, 2);
  server.clock.advance(3 * 3_600_000); // the class has been taught
  const before = await coach.client.get('/api/customers');
  expect(before.status).toBe(200);

  const res = await person.client.request('DELETE', '/api/users/me', { password: person.password });
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Your account has been deleted.');
  expect(res.headers.get('set-cookie')).toContain('fogline_session=;');

  expect((await person.client.get('/api/user')).status).toBe(401);
  const login = await server
    .client()
    .request('POST', '/api/login', { email: person.email, password: person.password }, { headers: { 'x-forwarded-for': '100.70.0.1' } });
  expect(login.status).toBe(401);

  const after = await coach.client.get('/api/customers');
  expect(after.body.summary).toEqual(before.body.summary);
  const row = after.body.rows.find((r: { id: number }) => r.id === bookingId);
  expect(row).toMatchObject({ quantity: 2, customerFirstName: 'Deleted user', customerPhone: null });
  expect(row.customerEmail).not.toContain(person.email.split('@')[0]);

  const stored = await server.ctx.db.select().from(users).where(eq(users.id, person.id)).get();
  expect(stored).toMatchObject({ passwordHash: null, googleSub: null, phone: null, lastName: '' });
  expect(stored!.deletedAt).not.toBeNull();
  const names = await server.ctx.db
    .select({ name: bookingAttendees.name })
    .from(bookingAttendees)
    .where(eq(bookingAttendees.bookingId, bookingId));
  expect(names.map((n) => n.name)).toEqual(['Attendee 1', 'Attendee 2']);
});

test('the email address is free again for a new account once the old one is deleted', async () => {
  const person = await register(server);
  expect((await person.client.request('DELETE', '/api/users/me', { password: person.password })).status).toBe(200);
  const again = await register(server, { email: person.email });
  expect(again.id).not.toBe(person.id);
});

test('upcoming bookings must be cancelled first (409), and nothing is erased', async () => {
  const person = await register(server);
  await book(person.client, 72);
  const res = await person.client.request('DELETE', '/api/users/me', { password: person.password });
  expect(res.status).toBe(409);
  expect(res.body.message).toBe('You have upcoming bookings or waitlist offers. Cancel them on My Bookings before deleting your account.');
  expect((await person.client.get('/api/user')).body.email).toBe(person.email);
});

test('the password is asked and checked', async () => {
  const person = await register(server);
  const missing = await person.client.request('DELETE', '/api/users/me', {});
  expect(missing.status).toBe(400);
  expect(missing.body.errors.password).toEqual(['Enter your password to delete your account']);
  const wrong = await person.client.request('DELETE', '/api/users/me', { password: 'not-my-password' });
  expect(wrong.status).toBe(400);
  expect(wrong.body.errors.password).toEqual(['Password is incorrect']);
  expect((await person.client.get('/api/user')).status).toBe(200);
});

test('coaches and admins are closed by the team (403); visitors get 401', async () => {
  const res = await coach.client.request('DELETE', '/api/users/me', { password: 'x' });
  expect(res.status).toBe(403);
  expect(res.body.message).toBe('Coach and admin accounts are closed by our team. Please write to us from the Contact page.');
  expect((await server.client().request('DELETE', '/api/users/me', {})).status).toBe(401);
});
