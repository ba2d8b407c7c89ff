import { consume, type Subscription } from '@atende/kit';
import type { ChannelsDeps } from '../deps.js';
import { sessionsRepository } from '../db/sessions.repository.js';
import { sendAndAck } from '../domain/sessions.js';
import { SessionNotConnectedError, undeliveredSend } from '../domain/session-state.js';

/**
 * Delivery of tickets' send commands (channels.message.send, durable 'channels', one consumer per
 * message across the replicas). When this process runs the connection's session and it is connected
 * (and nothing older waits), the driver sends at once and the ack (1, with the channel's id) is emitted
 * in the same commit as the processed-event record. Otherwise the command is stored in
 * channels.pending_sends and a 'deliver' session command is fanned out after commit: the worker holding
 * the session delivers it now if connected, or as soon as it connects. A logged-out connection (DISCONNECTED
 * without credentials) fails it (ack -1, ERR_WAPP_NOT_INITIALIZED); a deleted one drops it with ack 0,
 * so tickets hands it to the next connection its ticket is attached to.
 */
export async function outboundHandlers(deps: ChannelsDeps): Promise<Subscription[]> {
  const bus = { bus: deps.ctx.bus, unitOfWork: deps.unitOfWork, schema: 'channels', logger: deps.ctx.logger };
  return [
    await consume(bus, 'channels.message.send', 'channels', async (tx, command, envelope, emit) => {
      const companyId = envelope.companyId;
      const repo = sessionsRepository(tx);
      const connection = await repo.connection(command.connectionId);
      if (!connection || companyId === null || connection.companyId !== companyId) return;
      const driver = deps.sessions.connected(command.connectionId);
      if (driver && !(await repo.hasPendingSends(command.connectionId))) {
        try {
          await emit('channels.message.ack', companyId, await sendAndAck(driver, command));
          return;
        } catch (err) {
          if (!(err instanceof SessionNotConnectedError)) throw err;
          // The socket dropped under the send: the command waits below like any other.
        }
      }
      if (undeliveredSend(connection, await repo.hasCredentials(command.connectionId)) === 'fail') {
        await emit('channels.message.ack', companyId, { messageId: command.messageId, wid: null, ack: -1, error: 'ERR_WAPP_NOT_INITIALIZED' });
        return;
      }
      await repo.addPendingSend(companyId, command);
      await emit('channels.session.command', companyId, { connectionId: command.connectionId, action: 'deliver' });
    }),
  ];
}
