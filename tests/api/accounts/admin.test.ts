// Admin account calls (coach-admin-areas §1, §4, §7): list every user without secrets, approve a coach
// (emailed), and only then can the coach create classes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { categories } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { classBody, createAdmin, readOutbox, register, type Person } from './helpers';

let server: TestServer;
let admin: Person;
let categoryId: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await createAdmin(server);
  const [row] = await server.ctx.db.write((tx) => tx.insert(categories).values({ name: 'Yoga' }).returning());
  categoryId = row!.id;
}, 30_000);
afterAll(() => server.stop());

describe('GET /api/admin/users', () => {
  test('lists every user with status and join date, newest first, and no secrets', async () => {
    const coach = await register(server, { role: 'coach', firstName: 'Newest' });
    const res = await admin.client.get('/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ id: coach.id, firstName: 'Newest', email: coach.email, role: 'coach', isApproved: false });
    expect(typeof res.body[0].createdAt).toBe('string');
    expect(res.body.some((u: { id: number }) => u.id === admin.id)).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|googleSub|argon2|secretHash/);
  });
});

describe('PUT /api/admin/coaches/{id}/approve', () => {
  test('an unapproved coach cannot create classes; once approved they can', async () => {
    const coach = await register(server, { role: 'coach' });
    const before = await coach.client.post('/api/classes', classBody(server, categoryId));
    expect(before.status).toBe(403);
    const res = await admin.client.put(`/api/admin/coaches/${coach.id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: coach.id, firstName: 'Riley', lastName: 'Park', isApproved: true });
    const after = await coach.client.post('/api/classes', classBody(server, categoryId));
    expect(after.status).toBe(201);
  });

  test('emails the coach that they were approved, once', async () => {
    const coach = await register(server, { role: 'coach' });
    await admin.client.put(`/api/admin/coaches/${coach.id}/approve`);
    await admin.client.put(`/api/admin/coaches/${coach.id}/approve`);
    const mails = readOutbox(server).filter((m) => m.to.includes(coach.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You are approved to teach on Fogline');
    expect(mails[0]!.raw).toContain('Content-Type: text/html');
    expect(mails[0]!.raw).toContain(`${server.url}/create-class`);
  });

  test('only coaches can be approved: a customer or a missing id is a 404', async () => {
    const customer = await register(server);
    expect((await admin.client.put(`/api/admin/coaches/${customer.id}/approve`)).status).toBe(404);
    expect((await admin.client.put('/api/admin/coaches/999999/approve')).status).toBe(404);
    expect((await admin.client.put('/api/admin/coaches/abc/approve')).status).toBe(404);
  });
});
