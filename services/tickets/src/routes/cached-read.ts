import type { FastifyReply } from 'fastify';
import { sendSerialized } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import type { Caller } from '../domain/access.js';

/**
 * Answer a hot read from the company's read cache: the key is the read, everything that decides what
 * the caller may see (their viewer) and its parameters; a miss computes and serializes the answer with
 * the route's own response schema, exactly as an uncached answer.
 */
export async function sendCachedRead(deps: TicketsDeps, reply: FastifyReply, c: Caller, read: string, parameters: unknown, compute: () => Promise<unknown>): Promise<FastifyReply> {
  const key = `${read}\u0000${JSON.stringify(c.viewer)}\u0000${JSON.stringify(parameters)}`;
  const body = await deps.readCache.through(c.companyId, key, async () => Buffer.from(reply.serialize(await compute()) as string));
  return sendSerialized(reply, body);
}
