import type { FastifyReply } from 'fastify';
import { maskContactNumbers, sendSerialized } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { createAccess, type Caller } from '../domain/access.js';

/**
 * Answer a hot read from the company's read cache: the key is the read, everything that decides what
 * the caller may see (their viewer) and its parameters; a miss computes the answer, masks its contact
 * numbers when the caller may not see them, and serializes it with the route's own response schema,
 * exactly as an uncached answer.
 */
export async function sendCachedRead(deps: TicketsDeps, reply: FastifyReply, c: Caller, read: string, parameters: unknown, compute: () => Promise<unknown>): Promise<FastifyReply> {
  const key = `${read}\u0000${JSON.stringify(c.viewer)}\u0000${JSON.stringify(parameters)}`;
  const body = await deps.readCache.through(c.companyId, key, async () => {
    const answer = await compute();
    const shown = (await createAccess(deps).numbersHidden(c.auth)) ? maskContactNumbers(answer) : answer;
    return Buffer.from(reply.serialize(shown) as string);
  });
  return sendSerialized(reply, body);
}
