// POST /api/register (customer-areas §3, §5, §6): every validation rule with the spec's message, the roles
// registration accepts, duplicate emails, and what a new account looks like.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { newPerson } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: { registerPerAddress: { max: 1000, windowMs: 60_000 } } });
}, 30_000);
afterAll(() => server.stop());

async function fieldErrors(overrides: Record<string, unknown>) {
  const res = await server.client().post('/api/register', newPerson(overrides));
  expect(res.status).toBe(400);
  expect(typeof res.body.message).toBe('string');
  return res.body.errors as Record<string, string[]>;
}

describe('registration validation (customer-areas §5)', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['first name shorter than 2 characters', { firstName: 'A' }, 'firstName', 'First name must be at least 2 characters'],
    ['first name longer than 50 characters', { firstName: 'A'.repeat(51) }, 'firstName', 'First name must not exceed 50 characters'],
    ['last name shorter than 2 characters', { lastName: 'B' }, 'lastName', 'Last name must be at least 2 characters'],
    ['last name longer than 50 characters', { lastName: 'B'.repeat(51) }, 'lastName', 'Last name must not exceed 50 characters'],
    ['an invalid email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['an email over 100 characters', { email: `${'a'.repeat(95)}@example.test` }, 'email', 'Email must not exceed 100 characters'],
    ['a missing phone', { phone: '' }, 'phone', 'Please enter a 10-digit phone number'],
    ['a phone of 9 digits', { phone: '+1415555012' }, 'phone', 'Phone number must be exactly 10 digits'],
    ['a phone of 11 digits', { phone: '+141555501234' }, 'phone', 'Phone number must be exactly 10 digits'],
    ['a phone with letters', { phone: '+1415555012a' }, 'phone', 'Phone number must contain only digits'],
    ['a phone without one of the 19 country codes', { phone: '+9994155550123' }, 'phone', 'Please select a country code'],
    ['a password under 8 characters', { password: 'short12' }, 'password', 'Password must be at least 8 characters'],
    ['a password over 100 characters', { password: 'p'.repeat(101) }, 'password', 'Password must not exceed 100 characters'],
    ['a role other than customer or coach', { role: 'superuser' }, 'role', 'Please select a role'],
  ];
  for (const [what, overrides, field, message] of cases) {
    test(`${what}: 400 "${message}"`, async () => {
      const errors = await fieldErrors(overrides);
      expect(errors[field]).toContain(message);
    });
  }

  test('every missing field gets its own message, never a generic one', async () => {
    const res = await server.client().post('/api/register', {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      firstName: ['First name must be at least 2 characters'],
      lastName: ['Last name must be at least 2 characters'],
      email: ['Please enter a valid email address'],
      phone: ['Please enter a 10-digit phone number'],
      password: ['Password must be at least 8 characters'],
      role: ['Please select a role'],
    });
  });

  test('names are trimmed before their length is checked', async () => {
    const errors = await fieldErrors({ firstName: '  A  ' });
    expect(errors.firstName).toEqual(['First name must be at least 2 characters']);
  });
});

describe('roles at registration (customer-areas §6)', () => {
  test('registration refuses the admin role with 400', async () => {
    const res = await server.client().post('/api/register', newPerson({ role: 'admin' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.role).toEqual(['Please select a role']);
    const [row] = await server.ctx.db.select().from(users).where(eq(users.role, 'admin'));
    expect(row).toBeUndefined();
  });

  test('a customer is approved at once; a coach registers awaiting approval', async () => {
    const customer = await server.client().post('/api/register', newPerson({ role: 'customer' }));
    const coach = await server.client().post('/api/register', newPerson({ role: 'coach' }));
    expect(customer.status).toBe(201);
    expect(customer.body).toMatchObject({ role: 'customer', isApproved: true });
    expect(coach.status).toBe(201);
    expect(coach.body).toMatchObject({ role: 'coach', isApproved: false });
  });
});

describe('a new account', () => {
  test('returns the user, signs them in, and stores the email lower-cased and the phone joined', async () => {
    const client = server.client();
    const body = newPerson({ email: '  Mixed.Case@Example.TEST ', phone: '+447911123456', firstName: '  Jo  ' });
    const res = await client.post('/api/register', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'mixed.case@example.test',
      phone: '+447911123456',
      firstName: 'Jo',
      lastName: 'Park',
      role: 'customer',
    });
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.id);
  });

  test('the answer never includes the password hash or other secrets', async () => {
    const res = await server.client().post('/api/register', newPerson());
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/passwordHash|password_hash|googleSub|argon2/);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'areasOfExpertise',
        'bio',
        'certifications',
        'classReminders',
        'createdAt',
        'email',
        'firstName',
        'hasPassword',
        'id',
        'isApproved',
        'lastName',
        'phone',
        'profileImage',
        'role',
      ].sort(),
    );
  });

  test('passwords are stored as argon2id hashes, never as typed', async () => {
    const body = newPerson();
    await server.client().post('/api/register', body);
    const row = await server.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, body.email as string))
      .get();
    expect(row!.passwordHash).toStartWith('$argon2id$');
    expect(row!.passwordHash).not.toContain(body.password as string);
  });

  test('a duplicate email (in any letter case) gets a clear 409', async () => {
    const body = newPerson();
    expect((await server.client().post('/api/register', body)).status).toBe(201);
    const again = await server.client().post('/api/register', { ...body, email: (body.email as string).toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An account with this email already exists. Please sign in instead.');
  });

  test('two sign-ups with one email at the same moment make one account', async () => {
    const body = newPerson();
    const results = await Promise.all([server.client().post('/api/register', body), server.client().post('/api/register', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
