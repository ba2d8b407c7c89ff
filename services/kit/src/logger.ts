import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

/** What flows with a unit of work: the request id travels gateway → service → bus envelope → consumer. */
export type RequestContext = { requestId: string };

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function createLogger(options: { name: string; level?: LevelWithSilent | string; destination?: DestinationStream }): Logger {
  return pino(
    {
      name: options.name,
      level: options.level ?? 'info',
      // Every line written inside a unit of work (request, consumed event) carries its request id.
      mixin: () => {
        const requestId = requestContext.getStore()?.requestId;
        return requestId ? { reqId: requestId } : {};
      },
      // Never log credentials or tokens even when a request or an error object carries them.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'passwordHash', '*.passwordHash', 'token', '*.token'],
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
