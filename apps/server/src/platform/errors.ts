import { ERROR_MESSAGES, httpStatusOf, type ErrorCode, type FieldError } from '@far/contracts';

/** The one error type services throw; the error handler turns it into an answer. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly extra: { errors?: FieldError[]; data?: unknown; status?: number } = {},
  ) {
    super(message ?? ERROR_MESSAGES[code]);
  }
  get status(): number {
    return this.extra.status ?? httpStatusOf(this.code);
  }
}

/** Bad input on one field, with the same shape as a schema failure. */
export const fieldError = (field: string, message: string, key = 'invalid') => new AppError('VALIDATION', message, { errors: [{ field, key, message }] });
export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const rule = (message: string) => new AppError('BUSINESS_RULE', message);
export const conflict = (message?: string) => new AppError('CONFLICT', message);
