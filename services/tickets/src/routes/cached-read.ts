import type { FastifyReply } from 'fastify';
import { sendSerialized } from '@atende/kit';
import type { TicketsDeps } from '../deps.js';
import { createAccess, type Caller } from '../domain/access.js';

/**
 * Hot reads answered from the company's read cache: the key is the read, everything that decides what
 * the caller may see (their viewer) and its parameters; a miss computes the answer, shows it as the
 * caller may see it (masked numbers) and serializes it with the route's own response schema, exactly as
 * an uncached answer.
 */
export function createCachedReads(deps: TicketsDeps) {
  const access = createAccess(deps);
  return async (reply: FastifyReply, c: Caller, read: string, parameters: unknown, compute: () => Promise<unknown>): Promise<FastifyReply> => {
    const key = `${read}\u0000${JSON.stringify(c.viewer)}\u0000${JSON.stringify(parameters)}`;
    const body = await deps.readCache.through(c.companyId, key, async () => Buffer.from(reply.serialize(await access.shownTo(c.auth, await compute())) as string));
    return sendSerialized(reply, body);
  };
}
