// A failed API answer in the browser: the status, the server's {"message"} (or "status: text" when it sent
// none) and its field errors; `api.ts` throws it for every non-OK answer.
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

/** The server's message for a failed call, or the given fallback (the spec's "server message else ..."). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
