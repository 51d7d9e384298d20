// What the bounded-list tests share: the total a list reports, and a refused filter's message.
import { expect } from 'bun:test';
import type { ApiResponse } from '../../helpers/api';

export const total = (res: { headers: Headers }) => Number(res.headers.get('x-total-count'));

export async function expectRefused(call: Promise<ApiResponse>, message: string): Promise<void> {
  const res = await call;
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(message);
}
