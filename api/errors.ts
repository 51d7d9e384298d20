// The one error type services throw: a status from the runtime contract and a message for people. An expected
// failure that code reacts to also carries a `code`: callers branch on it, never on the message text.
export type DomainErrorCode =
  | 'offer_expired'
  | 'offer_answered'
  | 'offer_not_yet'
  | 'offer_open'
  | 'already_booked'
  | 'already_waiting'
  | 'class_full'
  | 'class_started'
  | 'changed_meanwhile'
  | 'pass_past_due'
  | 'pass_unusable'
  | 'not_enough_credits'
  | 'no_credit_offered'
  | 'waiver_required'
  | 'waiver_changed';

export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 502 | 503 | 507,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    readonly code?: DomainErrorCode,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Is this the expected failure `code`? */
export const hasCode = (error: unknown, code: DomainErrorCode): error is DomainError => error instanceof DomainError && error.code === code;

export const badRequest = (message: string, errors?: Record<string, string[]>) => new DomainError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue.') => new DomainError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new DomainError(403, message);
export const notFound = (message = 'Not found.') => new DomainError(404, message);
export const conflict = (message: string, code?: DomainErrorCode) => new DomainError(409, message, undefined, undefined, code);
