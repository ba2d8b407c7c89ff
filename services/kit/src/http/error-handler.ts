import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { errorStatus, type ErrorBody, type ErrorCode, type FieldError } from '../contracts/errors.js';
import { AppError } from '../errors.js';

function send(reply: FastifyReply, code: ErrorCode, message: string, extra: Partial<ErrorBody> = {}, status: number = errorStatus[code]): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send({ error: code, message, ...extra });
}

const fieldsFromZod = (issues: { path: PropertyKey[]; message: string }[], context?: string): FieldError[] =>
  issues.map((issue) => ({ field: issue.path.map(String).join('.') || context || 'body', message: issue.message }));

const summary = (fields: FieldError[]): string => fields.map((f) => `${f.field}: ${f.message}`).join('; ');

/** Fastify's own error codes that are the caller's fault. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'ERR_PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'ERR_PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'ERR_PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'ERR_PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'ERR_PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'ERR_UNSUPPORTED_MEDIA_TYPE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'ERR_UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'ERR_VALIDATION',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'ERR_VALIDATION',
  FST_ERR_CTP_INVALID_JSON_BODY: 'ERR_VALIDATION',
  FST_ERR_VALIDATION: 'ERR_VALIDATION',
  FST_PROTO_VIOLATION: 'ERR_VALIDATION',
  FST_ERR_BAD_URL: 'ERR_VALIDATION',
};

/** busboy's messages for a multipart body it cannot read (no boundary, cut short, broken part headers). */
const MALFORMED_MULTIPART = /^(Multipart: |Unexpected end of (multipart|form)|Malformed (part|urlencoded) |Part terminated early)/;

/**
 * PostgreSQL data exceptions (class 22) that slipped past a schema are still the caller's input;
 * drizzle wraps the driver's error as its cause.
 */
const isPgDataError = (err: unknown, depth = 0): boolean => {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code) && (err as { severity?: unknown }).severity !== undefined) return true;
  return depth < 3 && isPgDataError((err as { cause?: unknown }).cause, depth + 1);
};

/** One place turns every failure into `{ error, message }`; 5xx details stay in the log. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    if (error.status >= 500) request.log.error({ err: error }, 'request failed');
    return send(reply, error.code, error.message, { ...(error.extra ?? {}), ...(error.fields ? { fields: error.fields } : {}) });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    const fields = error.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'body',
      message: v.message ?? 'invalid',
    }));
    return send(reply, 'ERR_VALIDATION', summary(fields), { fields });
  }
  if (error instanceof ZodError) {
    const fields = fieldsFromZod(error.issues);
    return send(reply, 'ERR_VALIDATION', summary(fields), { fields });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, cause: error.cause.issues }, 'response did not match its schema');
    return send(reply, 'ERR_INTERNAL', 'Internal server error');
  }
  const fastifyCode = (error as FastifyError).code;
  const mapped = fastifyCode ? fastifyCodes[fastifyCode] : undefined;
  if (mapped) return send(reply, mapped, error.message);
  if (isPgDataError(error)) return send(reply, 'ERR_VALIDATION', 'Invalid value');
  // A multipart body the parser (busboy) cannot read is the caller's: its errors carry no code or status.
  if (MALFORMED_MULTIPART.test(error.message)) return send(reply, 'ERR_VALIDATION', `Malformed multipart body: ${error.message}`, { fields: [{ field: 'body', message: 'malformed multipart body' }] });
  const status = (error as FastifyError).statusCode;
  if (status === 429) return send(reply, 'ERR_TOO_MANY_REQUESTS', 'Too many requests');
  if (status === 413) return send(reply, 'ERR_PAYLOAD_TOO_LARGE', error.message);
  if (status === 415) return send(reply, 'ERR_UNSUPPORTED_MEDIA_TYPE', error.message);
  if (status === 404) return send(reply, 'ERR_NOT_FOUND', error.message);
  // A path leaving its folder (../), refused by the static file server: nothing there to find.
  if (status === 403) return send(reply, 'ERR_NOT_FOUND', 'Not found');
  if (status && status >= 400 && status < 500) return send(reply, 'ERR_VALIDATION', error.message, {}, status);
  request.log.error({ err: error }, 'unexpected error');
  return send(reply, 'ERR_INTERNAL', 'Internal server error');
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return send(reply, 'ERR_NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`);
}
