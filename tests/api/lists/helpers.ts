// What the bounded-list tests share: the total a list reports, and a refused filter's message.
import { expect } from 'bun:test';
import { type ApiResponse, startTestServer, type TestServer } from '../../helpers/api';
import { type Cast, makeCast } from '../classes/helpers';

export const total = (res: { headers: Headers }) => Number(res.headers.get('x-total-count'));

export async function expectRefused(call: Promise<ApiResponse>, message: string): Promise<void> {
  const res = await call;
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(message);
}

/** A server whose clock stands at `start`, with the usual cast of coaches, admin and customer. */
export async function startAt(start: string): Promise<{ server: TestServer; cast: Cast; now: number }> {
  const server = await startTestServer();
  server.clock.set(start);
  return { server, cast: await makeCast(server), now: Date.parse(start) };
}
