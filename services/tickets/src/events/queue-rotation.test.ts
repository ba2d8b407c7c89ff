import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@atende/kit';
import { createQueueRotation } from '../domain/queue-rotation.js';
import { startHarness, type Harness } from '../testing/harness.js';

/** The queues' attendant rotation (spec 001 queue editor: ativarRoteador, tempoRoteador), one sweep at a time. */
let h: Harness;
const C1 = 1;
const C2 = 2;
let rotating = 0;
let plain = 0;
let otherCompanyRotating = 0;

const sqlq = async <T = Record<string, any>>(text: string, ...params: unknown[]): Promise<T[]> => h.sql.unsafe(text, params as never[]) as unknown as T[];
const eventsSince = (n: number, type: string) => h.published.slice(n).filter((e) => e.type === type) as Envelope<any>[];

async function waiting(queueId: number, fields: { minutesAgo: number; status?: string; userId?: number | null; isBot?: boolean; companyId?: number }) {
  const companyId = fields.companyId ?? C1;
  const contactId = await h.insertContact(companyId, { name: 'Joana Lima' });
  const [row] = await sqlq<{ id: number }>(
    `insert into tickets.tickets (company_id, contact_id, status, user_id, queue_id, is_bot, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, now() - make_interval(mins => $7), now() - make_interval(mins => $7)) returning id`,
    companyId,
    contactId,
    fields.status ?? 'pending',
    fields.userId ?? null,
    queueId,
    fields.isBot ?? false,
    fields.minutesAgo,
  );
  return row!.id;
}
const stateOf = async (id: number) => (await sqlq<{ status: string; user_id: number | null }>(`select status, user_id from tickets.tickets where id = $1`, id))[0]!;

beforeAll(async () => {
  h = await startHarness();
  rotating = await h.insertQueue(C1, 'Vendas');
  plain = await h.insertQueue(C1, 'Suporte');
  otherCompanyRotating = await h.insertQueue(C2, 'Outra');
  await sqlq(`update tickets.queues set ativar_roteador = true, tempo_roteador = 5 where id = any($1)`, [rotating, otherCompanyRotating]);
  await h.signUp({ id: 31, companyId: C1, name: 'Ana', queueIds: [rotating, plain], online: true });
  await h.signUp({ id: 32, companyId: C1, name: 'Bruno', queueIds: [rotating], online: true });
  await h.signUp({ id: 33, companyId: C1, name: 'Carla', queueIds: [rotating], online: false });
  await h.signUp({ id: 41, companyId: C2, name: 'Outro', queueIds: [otherCompanyRotating], online: false });
});
afterAll(async () => h?.stop());

describe('attendant rotation (ativarRoteador, tempoRoteador)', () => {
  it("hands tickets waiting past the rotation time to the queue's attendants online, the least busy first; nothing else moves", async () => {
    await waiting(rotating, { status: 'open', userId: 31, minutesAgo: 1 }); // Ana already attends one
    const first = await waiting(rotating, { minutesAgo: 12 });
    const second = await waiting(rotating, { minutesAgo: 11 });
    const third = await waiting(rotating, { minutesAgo: 10 });
    const young = await waiting(rotating, { minutesAgo: 2 });
    const movedRecently = await waiting(rotating, { minutesAgo: 30 });
    await sqlq(`insert into tickets.ticket_logs (company_id, ticket_id, type, queue_id) values ($1, $2, 'queue', $3)`, C1, movedRecently, rotating);
    const inBot = await waiting(rotating, { minutesAgo: 30, isBot: true });
    const noRotation = await waiting(plain, { minutesAgo: 30 });
    const nobodyOnline = await waiting(otherCompanyRotating, { minutesAgo: 30, companyId: C2 });

    const before = h.published.length;
    expect(await createQueueRotation(h.deps).sweep()).toBe(3);
    await h.flush();
    // Bruno (none) takes the first; then both attend one and Ana (lower id) takes the next; then Bruno again.
    expect(await stateOf(first)).toEqual({ status: 'open', user_id: 32 });
    expect(await stateOf(second)).toEqual({ status: 'open', user_id: 31 });
    expect(await stateOf(third)).toEqual({ status: 'open', user_id: 32 });
    for (const id of [young, movedRecently, inBot, noRotation, nobodyOnline]) expect(await stateOf(id)).toEqual({ status: 'pending', user_id: null });
    expect((await sqlq(`select type, user_id from tickets.ticket_logs where ticket_id = $1`, first))).toEqual([{ type: 'receivedTransfer', user_id: 32 }]);
    const updates = eventsSince(before, 'tickets.ticket.updated').map((e) => [e.data.ticket.id, e.data.previous.status, e.data.ticket.status, e.data.ticket.userId]);
    expect(updates).toEqual([
      [first, 'pending', 'open', 32],
      [second, 'pending', 'open', 31],
      [third, 'pending', 'open', 32],
    ]);
    expect(await createQueueRotation(h.deps).sweep()).toBe(0);
  });
});
