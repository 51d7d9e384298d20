// The browser's typed API client: Eden Treaty over the Elysia app's own type (a type-only import, so no
// server code reaches the bundle). Paths, parameters, bodies and answers are checked against api/ when the
// site compiles; `unwrap` turns a failed answer into an ApiError carrying the server's {"message"}.
import { treaty } from '@elysiajs/eden/treaty2';
import type * as v from 'valibot';
import type { Api } from '../../api/app';
import type { TestPayAnswer, TestPayBody } from '../../api/payments/model';
import { ApiError } from './api-error';

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
  const message =
    payload && typeof payload.message === 'string'
      ? payload.message
      : `${status}: ${typeof payload === 'string' && payload ? payload : statusText}`;
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

/** /api/blog/{id}, the admin's writes. The public read /api/blog/{slug} sits at the same place, and the type
 * merges the two parameter names; either way the one value becomes the path segment. */
type BlogRoutes = ReturnType<typeof api.blog>;
export const blogPost = (id: number) =>
  (api.blog as unknown as (params: { id: number }) => Extract<BlogRoutes, { delete: unknown }>)({ id });

/** POST /api/payment/test-provider/pay exists only while no Stripe keys are set, so the app's type carries it
 * on one branch of a union; the checkout shows the test card form only in that case. */
type TestPayRoute = { pay: { post: (body: v.InferInput<typeof TestPayBody>) => Promise<EdenAnswer<v.InferOutput<typeof TestPayAnswer>>> } };
export const testProviderPay = (body: v.InferInput<typeof TestPayBody>) =>
  unwrap((api.payment as unknown as { 'test-provider': TestPayRoute })['test-provider'].pay.post(body));
