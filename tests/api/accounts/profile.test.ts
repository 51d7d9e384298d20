// PUT /api/users/{id} and PUT /api/users/{id}/password (coach-admin-areas §2, §5, §7): the owner only,
// the spec's messages, coach-only fields, and the current password required.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { categories } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { PASSWORD, register } from './helpers';

let server: TestServer;
let yoga: number;
let surf: number;
beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.ctx.db.write((tx) =>
    tx
      .insert(categories)
      .values([{ name: 'Yoga' }, { name: 'Surfing' }])
      .returning(),
  );
  [yoga, surf] = rows.map((r) => r.id) as [number, number];
}, 30_000);
afterAll(() => server.stop());

describe('profile update', () => {
  test('saves names, phone and picture and answers the updated profile', async () => {
    const person = await register(server);
    const res = await person.client.put(`/api/users/${person.id}`, {
      firstName: ' Sam ',
      lastName: 'Rivera',
      phone: '+1 415 555 0199',
      profileImage: '/uploads/abcdef123.png',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: person.id,
      firstName: 'Sam',
      lastName: 'Rivera',
      phone: '+1 415 555 0199',
      profileImage: '/uploads/abcdef123.png',
    });
    expect((await person.client.get('/api/user')).body.firstName).toBe('Sam');
  });

  test('"First name is required" and "Last name is required"', async () => {
    const person = await register(server);
    const res = await person.client.put(`/api/users/${person.id}`, { firstName: '  ', lastName: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ firstName: ['First name is required'], lastName: ['Last name is required'] });
  });

  test('phone, bio, image and certifications are optional', async () => {
    const person = await register(server);
    const res = await person.client.put(`/api/users/${person.id}`, { firstName: 'Only', lastName: 'Names' });
    expect(res.status).toBe(200);
  });

  test('a picture must be an uploaded image (no javascript: or foreign paths)', async () => {
    const person = await register(server);
    for (const profileImage of ['javascript:alert(1)', '/etc/passwd', 'http://insecure.example/a.png']) {
      const res = await person.client.put(`/api/users/${person.id}`, { firstName: 'Pic', lastName: 'Test', profileImage });
      expect(res.status).toBe(400);
      expect(res.body.errors.profileImage).toEqual(['The profile picture must be an uploaded image']);
    }
  });

  test('a coach also keeps bio, areas of expertise and certifications', async () => {
    const coach = await register(server, { role: 'coach' });
    const res = await coach.client.put(`/api/users/${coach.id}`, {
      firstName: 'Cora',
      lastName: 'Coach',
      bio: 'Ten years of ocean swims.',
      areasOfExpertise: [yoga, surf, yoga],
      certifications: 'Lifeguard',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bio: 'Ten years of ocean swims.', areasOfExpertise: [yoga, surf], certifications: 'Lifeguard' });
  });

  test('areas of expertise must be existing categories', async () => {
    const coach = await register(server, { role: 'coach' });
    const res = await coach.client.put(`/api/users/${coach.id}`, {
      firstName: 'Cora',
      lastName: 'Coach',
      areasOfExpertise: [yoga, 999999],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.areasOfExpertise).toEqual(['Please choose areas of expertise from the list']);
  });

  test("a customer's profile never takes coach fields", async () => {
    const person = await register(server);
    const res = await person.client.put(`/api/users/${person.id}`, {
      firstName: 'Cus',
      lastName: 'Tomer',
      bio: 'Hello',
      areasOfExpertise: [yoga],
      certifications: 'None',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bio: null, areasOfExpertise: [], certifications: null });
  });

  test('role and approval cannot be changed through the profile', async () => {
    const coach = await register(server, { role: 'coach' });
    const res = await coach.client.put(`/api/users/${coach.id}`, {
      firstName: 'Sneaky',
      lastName: 'Coach',
      role: 'admin',
      isApproved: true,
      email: 'other@example.test',
    });
    // Not fields of the profile: refused by name (strict writes), and nothing changes.
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown fields: role, isApproved, email');
    expect((await coach.client.get('/api/user')).body).toMatchObject({
      firstName: 'Riley',
      role: 'coach',
      isApproved: false,
      email: coach.email,
    });
  });

  test("another user's profile is refused with 403, whoever asks", async () => {
    const [owner, other] = await Promise.all([register(server), register(server)]);
    const res = await other.client.put(`/api/users/${owner.id}`, { firstName: 'Mallory', lastName: 'Evil' });
    expect(res.status).toBe(403);
    expect((await owner.client.get('/api/user')).body.firstName).toBe('Riley');
  });

  test('an id that is not a number is a 404', async () => {
    const person = await register(server);
    expect((await person.client.put('/api/users/me', { firstName: 'A', lastName: 'B' })).status).toBe(404);
  });
});

describe('password change', () => {
  test('validation: "Current password is required" and "Password must be at least 8 characters"', async () => {
    const person = await register(server);
    const res = await person.client.put(`/api/users/${person.id}/password`, { currentPassword: '', newPassword: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      currentPassword: ['Current password is required'],
      newPassword: ['Password must be at least 8 characters'],
    });
  });

  test('a wrong current password is refused and the password stays', async () => {
    const person = await register(server);
    const res = await person.client.put(`/api/users/${person.id}/password`, {
      currentPassword: 'not-my-password',
      newPassword: 'new-password-1',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.currentPassword).toEqual(['Current password is incorrect']);
    expect((await server.client().post('/api/login', { email: person.email, password: PASSWORD })).status).toBe(200);
  });

  test('the right current password changes it', async () => {
    const person = await register(server);
    const res = await person.client.put(`/api/users/${person.id}/password`, { currentPassword: PASSWORD, newPassword: 'new-password-1' });
    expect(res.status).toBe(200);
    expect((await server.client().post('/api/login', { email: person.email, password: 'new-password-1' })).status).toBe(200);
  });

  test('wrong current passwords are limited like failed logins', async () => {
    const person = await register(server);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await person.client.put(`/api/users/${person.id}/password`, { currentPassword: `guess-${i}`, newPassword: 'new-password-1' }))
          .status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  test("another user's password is refused with 403", async () => {
    const [owner, other] = await Promise.all([register(server), register(server)]);
    const res = await other.client.put(`/api/users/${owner.id}/password`, { currentPassword: PASSWORD, newPassword: 'taken-over-1' });
    expect(res.status).toBe(403);
  });
});
