// Session look-ups at once (api/auth/session.ts): on a libSQL server the look-ups asked in one turn of the event loop
// go as one statement (TEST_DATABASE=sqld); on the file each is its own prepared read. Either way each answers its
// own token: the right user, nobody for a wrong secret, an unknown id, a suspended or deleted account.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { createSession, validateSessionToken } from '../../../api/auth/session';
import { users } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../helpers/api';
import { createUser } from '../../helpers/fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

test('120 look-ups at once each answer their own token', async () => {
  const { db } = server.ctx;
  const people = await Promise.all(Array.from({ length: 30 }, () => createUser(server)));
  const tokens = await Promise.all(people.map((person) => createSession(db, server.clock, person.id).then((s) => s.token)));
  const suspended = people[3]!;
  const deleted = people[7]!;
  await db.write((tx) => tx.update(users).set({ suspendedAt: server.clock.now() }).where(eq(users.id, suspended.id)));
  await db.write((tx) => tx.update(users).set({ deletedAt: server.clock.now() }).where(eq(users.id, deleted.id)));
  const asked = tokens.flatMap((token, i) => [
    { token, expected: i === 3 || i === 7 ? null : people[i]!.id },
    { token: `${token.split('.')[0]}.wrongsecret`, expected: null },
    { token: `nosuchsession${i}.${token.split('.')[1]}`, expected: null },
    // The same token twice in one turn answers both.
    { token, expected: i === 3 || i === 7 ? null : people[i]!.id },
  ]);
  const answers = await Promise.all(asked.map(({ token }) => validateSessionToken(db, server.clock, token)));
  expect(answers.map((session) => session?.user.id ?? null)).toEqual(asked.map(({ expected }) => expected));
});
