// Issue 11 row 12: a class's latitude is -90...90 (longitude stays -180...180), when created and when changed.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { categories } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { classBody } from '../accounts/helpers';
import { createUser } from '../../helpers/fixtures';

let server: TestServer;
let categoryId: number;
beforeAll(async () => {
  server = await startTestServer();
  const [category] = await server.ctx.db.write((tx) => tx.insert(categories).values({ name: 'Yoga' }).returning());
  categoryId = category!.id;
});
afterAll(() => server.stop());

test('POST and PUT /api/classes refuse a latitude outside -90...90 and accept one inside', async () => {
  const coach = await createUser(server, 'coach');
  for (const latitude of [120, -90.5]) {
    const res = await coach.client.post('/api/classes', { ...classBody(server, categoryId), latitude, longitude: -122.47 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toContain('latitude');
  }
  const created = await coach.client.post('/api/classes', { ...classBody(server, categoryId), latitude: 37.8, longitude: -179.5 });
  expect(created.status).toBe(201);
  const moved = await coach.client.put(`/api/classes/${created.body.id}`, { latitude: 91, longitude: -122.47 });
  expect(moved.status).toBe(400);
  expect(Object.keys(moved.body.errors)).toContain('latitude');
  expect((await coach.client.put(`/api/classes/${created.body.id}`, { latitude: -89.5, longitude: -122.47 })).status).toBe(200);
});
