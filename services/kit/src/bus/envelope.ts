import { randomUUID } from 'node:crypto';
import { AppError } from '../errors.js';
import { currentRequestId, requestContext } from '../logger.js';
import {
  eventSchemas,
  requestSchemas,
  type EventData,
  type EventSubject,
  type RequestOf,
  type RequestSubject,
  type ResponseOf,
} from '../contracts/events.js';
import type { Bus, Envelope, Subscription } from './types.js';

/** Build a validated envelope; the request id of the current unit of work rides along. */
export function makeEnvelope<S extends EventSubject>(subject: S, companyId: number | null, data: EventData<S>): Envelope<EventData<S>> {
  const parsed = eventSchemas[subject].parse(data) as EventData<S>;
  const requestId = currentRequestId();
  return { id: randomUUID(), companyId, type: subject, occurredAt: new Date().toISOString(), ...(requestId ? { requestId } : {}), data: parsed };
}

/** Validate what arrived against the contract of its subject. */
export function readEnvelope<S extends EventSubject>(subject: S, envelope: Envelope): Envelope<EventData<S>> {
  return { ...envelope, data: eventSchemas[subject].parse(envelope.data) as EventData<S> };
}

/** Ask another service (request/reply), validating both directions. */
export async function ask<S extends RequestSubject>(bus: Bus, subject: S, request: RequestOf<S>, options: { timeoutMs?: number } = {}): Promise<ResponseOf<S>> {
  const schemas = requestSchemas[subject];
  const payload = schemas.request.parse(request);
  const answer = await bus.request(subject, payload, { timeoutMs: options.timeoutMs, requestId: currentRequestId() });
  const parsed = schemas.response.safeParse(answer);
  if (!parsed.success) throw new AppError('ERR_INTERNAL', `invalid answer to ${subject}`);
  return parsed.data as ResponseOf<S>;
}

/** Answer a request subject; the handler runs inside the caller's request id. */
export function answer<S extends RequestSubject>(bus: Bus, subject: S, handler: (request: RequestOf<S>) => Promise<ResponseOf<S>>): Promise<Subscription> {
  const schemas = requestSchemas[subject];
  return bus.reply(subject, async (data, meta) => {
    const parsed = schemas.request.safeParse(data);
    if (!parsed.success) throw new AppError('ERR_VALIDATION', `invalid request to ${subject}`);
    return requestContext.run({ requestId: meta.requestId ?? randomUUID() }, () => handler(parsed.data as RequestOf<S>));
  });
}
