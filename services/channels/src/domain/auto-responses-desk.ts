import {
  AppError,
  windowProblems,
  type AuthUser,
  type AutoResponse,
  type AutoResponseBody,
  type AutoResponseImportResult,
  type AutoResponsesQuery,
  type AutoResponseStats,
  type AutoResponseTestResult,
  type Emit,
  type ImportIssue,
  type UpdateAutoResponseBody,
} from '@atende/kit';
import type { ChannelsDb, ChannelsDeps } from '../deps.js';
import { autoResponsesRepository, type AutoResponseChanges, type AutoResponseRow } from '../db/auto-responses.repository.js';
import { autoResponsesCsv, planCsvImport } from './auto-response-csv.js';
import { autoResponseStats, isActiveNow, matchMessage, nextSuccessRate, testResult } from './auto-responses.js';

/** The suffix of a duplicate's name (spec: "duplicate"); the copy starts inactive so it never answers twice. */
export const COPY_SUFFIX = ' (cópia)';
const NAME_MAX = 100;

const notFound = () => new AppError('ERR_NO_AUTO_RESPONSE_FOUND', 'Auto-response not found');

export const toAutoResponse = (row: AutoResponseRow, now: Date, timeZone: string): AutoResponse => ({
  id: row.id,
  companyId: row.companyId,
  name: row.name,
  keywords: row.keywords,
  similarWords: row.similarWords,
  response: row.response,
  priority: row.priority,
  isActive: row.isActive,
  timeRestriction: row.timeRestriction,
  startTime: row.startTime,
  endTime: row.endTime,
  daysOfWeek: row.daysOfWeek,
  outsideHoursMessage: row.outsideHoursMessage,
  usageCount: row.usageCount,
  lastUsed: row.lastUsed ? row.lastUsed.toISOString() : null,
  successRate: row.successRate,
  createdBy: row.createdBy,
  updatedBy: row.updatedBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  isActiveNow: isActiveNow(row, now, timeZone),
});

/** The name of a copy: "<name> (cópia)", cut so it still fits. */
export function copyName(name: string): string {
  return `${name.slice(0, NAME_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

/** The columns an update sets (only the fields it carries). */
function changesOf(body: UpdateAutoResponseBody): AutoResponseChanges {
  const changes: AutoResponseChanges = {};
  for (const [key, value] of Object.entries(body)) if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  return changes;
}

/**
 * Auto-responses (spec 002 §2, §3, §4, §5, §7): admins manage their company's rules; the tester matches
 * without counting; tickets asks which rule answers an inbound text and reports the ones it sent.
 */
export function createAutoResponsesDesk(deps: Pick<ChannelsDeps, 'db' | 'unitOfWork' | 'config'>) {
  const { db, unitOfWork } = deps;
  const tz = deps.config.TICKETS_TIME_ZONE;
  const present = (row: AutoResponseRow) => toAutoResponse(row, new Date(), tz);

  const locked = async (tx: ChannelsDb, companyId: number, id: number): Promise<AutoResponseRow> => {
    const row = await autoResponsesRepository(tx).find(companyId, id, { lock: true });
    if (!row) throw notFound();
    return row;
  };

  const announce = async (emit: Emit, kind: 'created' | 'updated', row: AutoResponseRow): Promise<AutoResponse> => {
    const autoResponse = present(row);
    await emit(kind === 'created' ? 'channels.autoResponse.created' : 'channels.autoResponse.updated', row.companyId, { autoResponse });
    return autoResponse;
  };

  const update = async (auth: AuthUser, id: number, changes: AutoResponseChanges): Promise<AutoResponse> =>
    unitOfWork(async (tx, emit) => {
      const row = await locked(tx, auth.companyId, id);
      // The window rule holds for the record as it will be, whatever part of it the body changes.
      const problems = windowProblems({ ...row, ...changes } as AutoResponseRow);
      if (problems.length) throw new AppError('ERR_VALIDATION', problems.map((p) => `${p.field}: ${p.message}`).join('; '), { fields: problems });
      return announce(emit, 'updated', await autoResponsesRepository(tx).update(row.id, { ...changes, updatedBy: auth.userId }));
    });

  return {
    async list(auth: AuthUser, query: AutoResponsesQuery): Promise<{ autoResponses: AutoResponse[] }> {
      const rows = await autoResponsesRepository(db).list(auth.companyId, { search: query.searchParam, isActive: query.isActive });
      return { autoResponses: rows.map(present) };
    },

    async create(auth: AuthUser, body: AutoResponseBody): Promise<AutoResponse> {
      return unitOfWork(async (tx, emit) => {
        const row = await autoResponsesRepository(tx).insert({ ...body, companyId: auth.companyId, createdBy: auth.userId, updatedBy: auth.userId });
        return announce(emit, 'created', row);
      });
    },

    update: (auth: AuthUser, id: number, body: UpdateAutoResponseBody) => update(auth, id, changesOf(body)),

    /** PATCH /auto-responses/:id/toggle: flips isActive. */
    async toggle(auth: AuthUser, id: number): Promise<AutoResponse> {
      return unitOfWork(async (tx, emit) => {
        const row = await locked(tx, auth.companyId, id);
        return announce(emit, 'updated', await autoResponsesRepository(tx).update(row.id, { isActive: !row.isActive, updatedBy: auth.userId }));
      });
    },

    /** POST /auto-responses/:id/duplicate: the same rule named "<name> (cópia)", inactive, with no usage yet. */
    async duplicate(auth: AuthUser, id: number): Promise<AutoResponse> {
      return unitOfWork(async (tx, emit) => {
        const source = await locked(tx, auth.companyId, id);
        const row = await autoResponsesRepository(tx).insert({
          companyId: auth.companyId,
          name: copyName(source.name),
          keywords: source.keywords,
          similarWords: source.similarWords,
          response: source.response,
          priority: source.priority,
          isActive: false,
          timeRestriction: source.timeRestriction,
          startTime: source.startTime,
          endTime: source.endTime,
          daysOfWeek: source.daysOfWeek,
          outsideHoursMessage: source.outsideHoursMessage,
          createdBy: auth.userId,
          updatedBy: auth.userId,
        });
        return announce(emit, 'created', row);
      });
    },

    async remove(auth: AuthUser, id: number): Promise<void> {
      await unitOfWork(async (tx, emit) => {
        const row = await locked(tx, auth.companyId, id);
        await autoResponsesRepository(tx).remove(row.id);
        await emit('channels.autoResponse.deleted', auth.companyId, { autoResponseId: row.id });
      });
    },

    /** POST /auto-responses/test: what would answer this message now; nothing is counted. */
    async test(auth: AuthUser, message: string): Promise<AutoResponseTestResult> {
      const rules = await autoResponsesRepository(db).active(auth.companyId);
      return testResult(matchMessage(rules, message, new Date(), tz));
    },

    async stats(auth: AuthUser): Promise<AutoResponseStats> {
      return autoResponseStats(await autoResponsesRepository(db).list(auth.companyId), new Date(), tz);
    },

    async exportCsv(auth: AuthUser): Promise<string> {
      return autoResponsesCsv(await autoResponsesRepository(db).list(auth.companyId));
    },

    /** POST /auto-responses/import: each good row becomes a new rule; bad rows and names the company already has are ignored. */
    async importCsv(auth: AuthUser, data: Buffer): Promise<AutoResponseImportResult> {
      const plan = planCsvImport(data);
      return unitOfWork(async (tx, emit) => {
        const repo = autoResponsesRepository(tx);
        const taken = await repo.names(auth.companyId);
        const issues: ImportIssue[] = [...plan.issues];
        const fresh = plan.rules.filter(({ row, body }) => {
          const key = body.name.toLocaleLowerCase('pt-BR');
          if (taken.has(key)) {
            issues.push({ row, field: 'name', message: 'Já existe uma auto-resposta com este nome', error: 'ERR_DUPLICATED_NAME' });
            return false;
          }
          taken.add(key);
          return true;
        });
        const rows = await repo.insertMany(fresh.map(({ body }) => ({ ...body, companyId: auth.companyId, createdBy: auth.userId, updatedBy: auth.userId })));
        for (const row of rows) await announce(emit, 'created', row);
        return { total: plan.total, created: rows.length, ignored: plan.total - rows.length, errors: issues.sort((a, b) => a.row - b.row).slice(0, 1000) };
      });
    },

    // ---- runtime (tickets' inbound path) ----

    hasActive: (companyId: number) => autoResponsesRepository(db).hasActive(companyId),

    /** The rule answering an inbound text and what to send; null when none does. Nothing is counted here. */
    async match(companyId: number, body: string): Promise<{ response: string; autoResponseId: number } | null> {
      const rules = await autoResponsesRepository(db).active(companyId);
      const match = matchMessage(rules, body, new Date(), tz);
      return match && match.response.trim() ? { response: match.response, autoResponseId: match.rule.id } : null;
    },

    /** tickets sent a rule's answer as message `messageId`: usageCount + 1 and lastUsed (once per message). Runs in the consumer's transaction. */
    async recordUse(tx: ChannelsDb, emit: Emit, companyId: number, autoResponseId: number, messageId: number): Promise<void> {
      const repo = autoResponsesRepository(tx);
      if (!(await repo.find(companyId, autoResponseId, { lock: true }))) return; // deleted meanwhile, or not the company's
      const row = await repo.recordUse(companyId, autoResponseId, messageId, new Date());
      if (row) await emit('channels.autoResponse.used', companyId, { autoResponse: present(row) });
    },

    /** A delivery report of message `messageId`: when it is an auto-response's first report, the rule's success rate moves. */
    async rateDelivery(tx: ChannelsDb, emit: Emit, messageId: number, ack: number): Promise<void> {
      if (ack === 0) return; // handed on to another connection, not reported yet
      const repo = autoResponsesRepository(tx);
      const use = await repo.rateUse(messageId, ack >= 1);
      if (!use) return;
      const rule = await repo.find(use.companyId, use.autoResponseId, { lock: true });
      if (!rule) return;
      const ratedBefore = (await repo.ratedUses(rule.id)) - 1;
      const updated = await repo.update(rule.id, { successRate: nextSuccessRate(rule.successRate, ratedBefore, ack >= 1) }, { statistics: true });
      await emit('channels.autoResponse.used', rule.companyId, { autoResponse: present(updated) });
    },
  };
}
export type AutoResponsesDesk = ReturnType<typeof createAutoResponsesDesk>;
