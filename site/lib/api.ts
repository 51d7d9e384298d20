// The browser's typed API client: Eden Treaty over the Elysia app's own type (a type-only import, so no
// server code reaches the bundle). Paths, parameters, bodies and answers are checked against api/ when the
// site compiles; `unwrap` turns a failed answer into an ApiError carrying the server's {"message"}.
import { treaty } from '@elysiajs/eden';
import type { Api } from '../../api/app';
import { ApiError } from './api-client';

const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/** `api.bookings.get()`, `api.classes({ id }).get()`, … (the `/api` prefix is the first segment). */
export const api = treaty<Api>(origin, { parseDate: false, fetch: { credentials: 'same-origin' } }).api;

interface EdenAnswer<T> {
  data: T;
  error: { status: unknown; value: unknown } | null;
  response: Response;
}

function failure(answer: EdenAnswer<unknown>): ApiError {
  const payload = answer.error?.value as { message?: unknown; errors?: Record<string, string[]> } | null | undefined;
  const { status, statusText } = answer.response;
  const message = payload && typeof payload.message === 'string' ? payload.message : `${status}: ${typeof payload === 'string' && payload ? payload : statusText}`;
  return new ApiError(status, message, payload?.errors);
}

/** The answer's data, or an ApiError for a non-OK status. */
export async function unwrap<T>(call: Promise<EdenAnswer<T>>): Promise<NonNullable<T>> {
  const answer = await call;
  if (answer.error) throw failure(answer);
  return answer.data as NonNullable<T>;
}

/** One page of a bounded list: its rows and the total the server counted (the X-Total-Count header). */
export interface Page<T> {
  items: T[];
  total: number;
}

export async function unwrapPage<T>(call: Promise<EdenAnswer<T[] | null>>): Promise<Page<T>> {
  const answer = await call;
  if (answer.error) throw failure(answer);
  const items = answer.data ?? [];
  return { items, total: Number(answer.response.headers.get('x-total-count') ?? items.length) };
}
