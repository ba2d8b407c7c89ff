import { consume, mediaBase, type Emit, type Queue, type Subscription } from '@atende/kit';
import type { ChannelsDb, ChannelsDeps } from '../deps.js';
import { connectionsRepository } from '../db/connections.repository.js';
import { queuesRepository } from '../db/queues.repository.js';
import { toConnectionProjection, toWhatsappConnection } from '../domain/presenters.js';

const CONSUMER = 'channels';

/** Keeps channels.queues in step with tickets' queues (names and colours for answers; which queues are a company's). */
export async function queueProjectionHandlers(deps: ChannelsDeps): Promise<Subscription[]> {
  const { ctx, unitOfWork } = deps;
  const on = { bus: ctx.bus, unitOfWork, schema: 'channels', logger: ctx.logger };
  const mediaUrl = (key: string) => ctx.media.url(mediaBase('channels'), key);

  const upsert = async (tx: ChannelsDb, queue: Queue) => {
    await queuesRepository(tx).upsert({ id: queue.id, companyId: queue.companyId, name: queue.name, color: queue.color });
  };

  /** A deleted queue leaves the connections that offered it, redirected to it or imported into it; they are announced changed. */
  const removed = async (tx: ChannelsDb, emit: Emit, companyId: number | null, queueId: number) => {
    const row = await queuesRepository(tx).remove(queueId);
    const owner = row?.companyId ?? companyId;
    if (owner === null) return;
    const changed = await connectionsRepository(tx).withoutQueue(owner, queueId);
    if (changed.length === 0) return;
    const queues = new Map((await queuesRepository(tx).byIds(owner, [...new Set(changed.flatMap((c) => c.queueIds))])).map((q) => [q.id, q]));
    for (const connection of changed) {
      await emit('channels.connection.updated', connection.companyId, {
        connection: toConnectionProjection(connection),
        whatsapp: toWhatsappConnection(connection, queues, { showToken: false, withQrcode: true, mediaUrl }),
      });
    }
  };

  return Promise.all([
    consume(on, 'tickets.queue.created', CONSUMER, (tx, data) => upsert(tx, data.queue)),
    consume(on, 'tickets.queue.updated', CONSUMER, (tx, data) => upsert(tx, data.queue)),
    consume(on, 'tickets.queue.deleted', CONSUMER, (tx, data, envelope, emit) => removed(tx, emit, envelope.companyId, data.queueId)),
  ]);
}
