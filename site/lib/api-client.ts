// The browser's API client: sends cookies, a JSON content type only when there is a body, and turns every
// non-OK answer into an ApiError whose message is the server's {"message"} (or "status: text" otherwise).
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function api<T = unknown>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(path, { method: init.method ?? 'GET', headers, body, credentials: 'same-origin', signal: init.signal });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const payload = data as { message?: string; errors?: Record<string, string[]> } | null;
    throw new ApiError(response.status, payload?.message ?? `${response.status}: ${text || response.statusText}`, payload?.errors);
  }
  return data as T;
}

export const apiGet = <T>(path: string, signal?: AbortSignal) => api<T>(path, { signal });
export const apiPost = <T>(path: string, body: unknown = {}) => api<T>(path, { method: 'POST', body });
export const apiPut = <T>(path: string, body: unknown = {}) => api<T>(path, { method: 'PUT', body });
export const apiDelete = <T>(path: string) => api<T>(path, { method: 'DELETE' });

/** The server's message for a failed call, or the given fallback (the spec's "server message else ..."). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
