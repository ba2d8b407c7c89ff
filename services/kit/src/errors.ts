import { errorStatus, type ErrorCode, type FieldError } from './contracts/errors.js';

/**
 * A failure the caller should see: a catalogue code, a human message and,
 * where useful, extra JSON (e.g. the holder of an open ticket for ERR_OTHER_OPEN_TICKET).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown> | undefined;
  readonly fields: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { extra?: Record<string, unknown>; fields?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.extra = options.extra;
    this.fields = options.fields;
    this.headers = options.headers;
  }
}

export function notFound(code: ErrorCode = 'ERR_NOT_FOUND', message?: string): AppError {
  return new AppError(code, message);
}

export function forbidden(message = 'No permission'): AppError {
  return new AppError('ERR_NO_PERMISSION', message);
}

export function validationError(field: string, message: string): AppError {
  return new AppError('ERR_VALIDATION', `${field}: ${message}`, { fields: [{ field, message }] });
}
