// The one error handler of the API: a DomainError answers with its status and message, a validation failure
// with 400 and the messages per field (./validation.ts), unreadable JSON with 400, and anything unexpected
// with a logged 500 whose message says nothing about the server.
import type { ValidationError } from 'elysia';
import { DomainError } from '../errors';
import { validationAnswer } from './validation';

interface ErrorContext {
  code: string | number;
  error: unknown;
  set: { status?: number | string; headers: Record<string, string | number> };
}

export function answerApiError({ code, error, set }: ErrorContext): { message: string; errors?: Record<string, string[]> } {
  if (error instanceof DomainError) {
    set.status = error.status;
    if (error.headers) Object.assign(set.headers, error.headers);
    return error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
  }
  switch (code) {
    case 'VALIDATION':
      set.status = 400;
      return validationAnswer(error as ValidationError);
    case 'PARSE':
      set.status = 400;
      return { message: 'The request body could not be read: send valid JSON.' };
    case 'NOT_FOUND':
      set.status = 404;
      return { message: 'Not found.' };
    case 'INVALID_COOKIE_SIGNATURE':
      set.status = 400;
      return { message: 'Invalid cookie.' };
    default: {
      // A body too large for Elysia's own reading; anything else unexpected is logged, never shown.
      const status = (error as { status?: number })?.status;
      if (status === 413) {
        set.status = 413;
        return { message: 'The request body is too large.' };
      }
      if (typeof status === 'number' && status >= 400 && status < 500) {
        set.status = status;
        return { message: (error as Error).message || 'Bad request.' };
      }
      console.error('[api] unexpected error', error);
      set.status = 500;
      return { message: 'Something went wrong on our side. Please try again.' };
    }
  }
}
