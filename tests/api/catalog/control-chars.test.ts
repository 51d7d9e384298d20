// A search text with a NUL or another control character (a client's mistake, or an attack) is searched as the
// rest of its text: the full-text index's parser would stop at the NUL ("unterminated string") and fail the query.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { classes } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { addCoach, HOUR } from './fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const coach = await addCoach(server.ctx, { firstName: 'Maya', lastName: 'Chen' });
  const start = server.clock.now().getTime() + HOUR;
  await server.ctx.db.write((tx) =>
    tx.insert(classes).values({
      title: 'Sunset Flow',
      description: 'Outdoors',
      priceCents: 1000,
      capacity: 5,
      coachId: coach,
      startTime: new Date(start),
      endTime: new Date(start + HOUR),
    }),
  );
});
afterAll(() => server.stop());

describe('search text with control characters', () => {
  for (const [what, path] of [
    ['classes', '/api/classes?q=%00sunset'],
    ['classes, ranked by relevance', '/api/classes?q=sun%00set&sort=relevance'],
    ['coaches', '/api/coaches?q=%00maya'],
    ['coaches, short', '/api/coaches?q=%00m'],
  ] as const)
    test(`${what}: 200, searched without them`, async () => {
      const res = await server.client().get(path);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
    });
});
