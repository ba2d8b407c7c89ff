import { AppError, ask, consume, fileMediaType, type RequestOf, type ScheduleDayRule, type ScheduleInterval, type Subscription } from '@atende/kit';
import type { CampaignsDeps, Worker } from '../deps.js';
import { connectionOfCompany, defaultConnectionOf } from '../db/connections.repository.js';
import { schedulesRepository, type ScheduleRow } from '../db/schedules.repository.js';
import { createSchedulesDesk } from '../domain/schedules-desk.js';
import { nextSendAt, sendOptions, shiftToBusinessDay } from '../domain/schedules.js';

/** Schedules claimed per pass (the rest waits for the next pass). */
const BATCH = 20;
/** How long tickets may take to store and queue one message. */
const SEND_TIMEOUT_MS = 30_000;
/** A claim this old whose outcome was never written: its dispatcher died mid-send. */
const STALE_CLAIM_MS = 10 * 60_000;

const failureText = (err: unknown): string => {
  if (err instanceof AppError) return `${err.code}: ${err.message}`.slice(0, 1000);
  return (err instanceof Error ? err.message : String(err)).slice(0, 1000);
};

function sendRequest(row: ScheduleRow, connectionId: number): RequestOf<'tickets.api.send'> {
  return {
    companyId: row.companyId,
    connectionId,
    number: row.contactNumber,
    body: row.body,
    // {{firstName}} and the other message variables, filled in by tickets for this contact's ticket.
    personalize: true,
    ...sendOptions(row),
    medias: row.mediaPath
      ? [{ mediaType: fileMediaType(row.mediaMime ?? ''), key: row.mediaPath, mimetype: row.mediaMime ?? 'application/octet-stream', filename: row.mediaName, size: row.mediaSize }]
      : [],
  };
}

/**
 * One pass of the schedule dispatcher: claims the due schedules (several replicas never claim the same
 * one), asks tickets to send each, then writes the outcome: ENVIADA, the next send of a repeating
 * schedule (AGENDADA), or ERRO with the reason. A schedule is never sent twice: a claim whose outcome
 * was lost (the process died mid-send) turns into ERRO instead of being sent again. Returns how many were sent.
 */
export async function dispatchDueSchedules(deps: CampaignsDeps, now: Date = new Date()): Promise<number> {
  const { db, unitOfWork, ctx } = deps;
  const desk = createSchedulesDesk(deps);

  await unitOfWork(async (tx, emit) => {
    const repo = schedulesRepository(tx);
    for (const row of await repo.staleClaims(new Date(now.getTime() - STALE_CLAIM_MS))) {
      const updated = await repo.update(row.id, { status: 'ERRO', error: 'Envio interrompido; confira a conversa antes de reenviar', claimedAt: null });
      await emit('campaigns.schedule.updated', row.companyId, { schedule: desk.present(updated) });
    }
  });

  const claimed = await db.transaction((tx) => schedulesRepository(tx).claimDue(now, BATCH));
  let sent = 0;
  for (const row of claimed) {
    // Saved before the first send followed tipoDias (it is stored moved now): a weekend send waits for its business day.
    const businessDay = shiftToBusinessDay(row.sendAt, row.tipoDias as ScheduleDayRule, deps.config.TICKETS_TIME_ZONE);
    if (businessDay.getTime() > row.sendAt.getTime()) {
      await unitOfWork(async (tx, emit) => {
        const updated = await schedulesRepository(tx).update(row.id, { sendAt: businessDay, claimedAt: null });
        await emit('campaigns.schedule.updated', row.companyId, { schedule: desk.present(updated) });
      });
      continue;
    }
    let failure: string | null = null;
    try {
      // Saved without a connection (the company had none then): the default one now.
      const connection = row.whatsappId === null ? await defaultConnectionOf(db, row.companyId) : await connectionOfCompany(db, row.companyId, row.whatsappId);
      const connectionId = row.whatsappId ?? connection?.id;
      if (connectionId === undefined) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 'No connection to send it on');
      // A disconnected connection (logged out, or never paired) would fail the message after it was counted
      // as sent: the schedule says so instead, and an edit sends it again once the connection is back.
      // One reconnecting (OPENING…) keeps the message and delivers it when it connects.
      if (connection?.status.toUpperCase() === 'DISCONNECTED') {
        throw new AppError('ERR_WAPP_NOT_INITIALIZED', `The connection ${connection.name} is disconnected`);
      }
      await ask(ctx.bus, 'tickets.api.send', sendRequest(row, connectionId), { timeoutMs: SEND_TIMEOUT_MS });
      sent++;
    } catch (err) {
      failure = failureText(err);
      ctx.logger.warn({ scheduleId: row.id, companyId: row.companyId, err: failure }, 'schedule send failed');
    }
    await unitOfWork(async (tx, emit) => {
      const repo = schedulesRepository(tx);
      let changes;
      if (failure !== null) {
        changes = { status: 'ERRO', error: failure, claimedAt: null };
      } else {
        const sentCount = row.sentCount + 1;
        const next = nextSendAt(
          { anchorAt: row.anchorAt, intervalo: row.intervalo as ScheduleInterval, valorIntervalo: row.valorIntervalo, enviarQuantasVezes: row.enviarQuantasVezes, tipoDias: row.tipoDias as ScheduleDayRule },
          sentCount,
          now,
          deps.config.TICKETS_TIME_ZONE,
        );
        changes = next
          ? { status: 'AGENDADA', sendAt: next, sentCount, error: null, claimedAt: null }
          : { status: 'ENVIADA', sentAt: now, sentCount, error: null, claimedAt: null };
      }
      const updated = await repo.update(row.id, changes);
      await emit('campaigns.schedule.updated', row.companyId, { schedule: desk.present(updated) });
    });
  }
  return sent;
}

/** Looks for due schedules every DISPATCH_INTERVAL_MS (0: never; tests call dispatchDueSchedules). */
export function scheduleWorker(deps: CampaignsDeps): Worker {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = dispatchDueSchedules(deps)
      .catch((err: unknown) => deps.ctx.logger.error({ err }, 'schedule dispatch failed'))
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      if (deps.config.DISPATCH_INTERVAL_MS > 0 && !timer) timer = setInterval(tick, deps.config.DISPATCH_INTERVAL_MS);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

/**
 * A deleted contact takes its schedules along (as its tickets go): none is sent afterwards, which would
 * message the number again and bring the contact back under its number.
 */
export async function scheduleEventHandlers(deps: CampaignsDeps): Promise<Subscription[]> {
  const { ctx, unitOfWork } = deps;
  const on = { bus: ctx.bus, unitOfWork, schema: 'campaigns', logger: ctx.logger };
  return [
    await consume(on, 'tickets.contact.deleted', 'campaigns', async (tx, { contactId }, envelope, emit) => {
      if (envelope.companyId === null) return;
      const removed = await schedulesRepository(tx).removeOfContact(envelope.companyId, contactId);
      for (const row of removed) await emit('campaigns.schedule.deleted', envelope.companyId, { scheduleId: row.id });
      for (const row of removed) if (row.mediaPath) await ctx.storage.remove(row.mediaPath).catch(() => undefined);
    }),
  ];
}
