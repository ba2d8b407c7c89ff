import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { requestContext } from '../logger.js';
import { AppError } from '../errors.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { isGuard } from './guards.js';

export type HttpApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,80}$/;

export type HttpAppOptions = {
  logger: Logger;
  trustProxy?: boolean;
  /** JSON body ceiling; uploads have their own limits. Default 1 MiB. */
  bodyLimit?: number;
  /**
   * Run each request in a request context (its id on every log line and bus event of the work it does);
   * default true. The proxying gateway does no work of its own: without it, no promise pays the async hooks.
   */
  requestContext?: boolean;
  /** What answers unknown paths (the gateway serves the web app's pages); the catalogue 404 by default. */
  notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown;
};

/**
 * What Node's HTTP parser refuses before any route sees it (a control character in a header, a broken
 * request line) answers in the catalogue's shape too: 400 ERR_VALIDATION naming the request, not Fastify's own body.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify(
    tooLarge
      ? { error: 'ERR_PAYLOAD_TOO_LARGE', message: 'Request headers are too large' }
      : { error: 'ERR_VALIDATION', message: 'Malformed HTTP request', fields: [{ field: 'request', message: 'malformed HTTP request' }] },
  );
  socket.end(`HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/**
 * The Fastify factory every service and the gateway use: zod validation and serialization,
 * the catalogue error handler, a request id (x-request-id in, out and in the logs), one log line per request.
 */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    forceCloseConnections: true,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const withContext = options.requestContext ?? true;
  app.addHook('onRequest', (request, reply, done) => {
    if (withContext) requestContext.enterWith({ requestId: request.id });
    reply.header('x-request-id', request.id);
    // A call without a body that still declares JSON (many HTTP clients set the header on every call) is a
    // call without a body, not an empty JSON document to refuse.
    const { headers } = request;
    const noBody = headers['content-length'] === '0' || (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined);
    if (noBody && headers['content-type']?.startsWith('application/json')) delete headers['content-type'];
    done();
  });
  // Who may call a route is answered before what was sent: a route's leading guards run before validation.
  app.addHook('onRoute', (route) => {
    const hooks = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    let guards = 0;
    while (guards < hooks.length && isGuard(hooks[guards])) guards++;
    if (guards === 0) return;
    const before = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
    route.preValidation = [...before, ...hooks.slice(0, guards)] as typeof route.preValidation;
    route.preHandler = hooks.slice(guards) as typeof route.preHandler;
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Checked first: at the usual warn level the line is not built at all.
    if ((request.log as Logger).isLevelEnabled('info')) request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    done();
  });
  // PostgreSQL text cannot hold NUL: refuse it up front, naming the field, rather than fail in a query.
  app.addHook('preValidation', (request, _reply, done) => {
    // A form sent to a route that reads none would arrive as no body at all: 415, as any other type it does not take.
    const schema = request.routeOptions.schema as { body?: unknown; consumes?: string[] } | undefined;
    if (schema?.body && /^multipart\//i.test(request.headers['content-type'] ?? '') && !schema.consumes?.includes('multipart/form-data')) {
      done(new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 'This route takes JSON, not multipart/form-data'));
      return;
    }
    for (const [part, value] of [['params', request.params], ['querystring', request.query], ['body', request.body]] as const) {
      const field = nulField(value);
      if (field !== undefined) {
        // A wildcard route's '*' (the gateway) names no field the caller knows.
        const name = field && field !== '*' ? field : part;
        done(new AppError('ERR_VALIDATION', `${name}: must not contain NUL characters`, { fields: [{ field: name, message: 'must not contain NUL characters' }] }));
        return;
      }
    }
    done();
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(options.notFound ?? notFoundHandler);
  return app.withTypeProvider<ZodTypeProvider>();
}

/** The path of the first text (key or value) holding a NUL character; undefined when there is none. */
export function nulField(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!value || typeof value !== 'object' || depth > 20) return undefined;
  // Only parsed JSON and query objects: a proxied body is a stream, an upload a Buffer.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulField(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Send an answer serialized before (`reply.serialize`, e.g. kept by a read cache) as JSON, as is. */
export function sendSerialized(reply: FastifyReply, body: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
