import type { z } from 'zod';
import {
  CHATBOT_MAX_DEPTH,
  createChatbotBody,
  createQueueBody,
  msg,
  queueRotationTimes,
  type ChatbotOption,
  type ChatbotOptionInput,
  type ChatbotQueueType,
  type CreateQueueBody,
  type Queue,
  type QueueDetail,
  type WeekdaySchedule,
} from '@atende/kit/contracts';
import { errorBodyOf, errorCodeOf } from '../../errors/errorMessage';
import { removeById, upsertById } from '../users/listRules';
import { defaultSchedules, normalizeSchedules } from '../settings/schedules';

/**
 * The queues screen's rules (spec 001 §2 Queues, §3 Queue / Chatbot option, §4, §5, §9), pure: the
 * form checks the server makes (kit's zod schemas where it has them), the chatbot menu as an editable
 * tree and its API body, default schedules, live list events and server errors mapped onto fields.
 */

// ---------- problems (i18n keys of queues:validation) ----------

/** Everything the form may say is wrong (each a key of queues:validation). */
export const PROBLEMS = [
  'required',
  'tooShort',
  'tooLong',
  'optionNameShort',
  'nameTaken',
  'colorTaken',
  'greetingRequired',
  'rotationTime',
  'targetRequired',
  'nextLevelMessage',
  'tooDeep',
  'tooMany',
] as const;
export type Problem = (typeof PROBLEMS)[number];

/** Nested options per level and the depth of a menu, as the server takes them. */
export const MAX_OPTIONS_PER_LEVEL = 50;
export const MAX_OPTION_DEPTH = CHATBOT_MAX_DEPTH;

/** The server's texts (kit's shared messages and the chatbot rules) → problems. */
const SERVER_MESSAGES: Record<string, Problem> = {
  [msg.required]: 'required',
  [msg.tooShort]: 'tooShort',
  [msg.tooLong]: 'tooLong',
  'A message is required to go to the next level': 'nextLevelMessage',
  [`Options nest at most ${CHATBOT_MAX_DEPTH} levels`]: 'tooDeep',
};

/** The first problem of a kit schema for a value (its 'Required' / 'Too Short!' / 'Too Long!'). */
function schemaProblem(schema: z.ZodType, value: unknown): Problem | null {
  const result = schema.safeParse(value ?? '');
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? '';
  return SERVER_MESSAGES[message] ?? 'required';
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Queue name: required, 2 to 50 characters, unique in the company (case-insensitive, like the server). */
export function nameProblem(name: string | null | undefined, others: readonly Pick<Queue, 'name'>[] = []): Problem | null {
  const problem = schemaProblem(createQueueBody.shape.name, name);
  if (problem) return problem;
  return others.some((q) => same(q.name, name ?? '')) ? 'nameTaken' : null;
}

/** Colour: required, 3 to 9 characters, not used by another queue (case-insensitive). */
export function colorProblem(color: string | null | undefined, others: readonly Pick<Queue, 'color'>[] = []): Problem | null {
  const problem = schemaProblem(createQueueBody.shape.color, color);
  if (problem) return problem;
  return others.some((q) => same(q.color, color ?? '')) ? 'colorTaken' : null;
}

/** With more than one queue (this one plus others) the greeting is required (ERR_WAPP_GREETING_REQUIRED). */
export function greetingProblem(greeting: string | null | undefined, otherQueues: number): Problem | null {
  return otherQueues >= 1 && !(greeting ?? '').trim() ? 'greetingRequired' : null;
}

/** With the rotation on, one of its times must be chosen. */
export function rotationProblem(ativarRoteador: boolean, tempoRoteador: number | null | undefined): Problem | null {
  return ativarRoteador && !queueRotationTimes.includes(Number(tempoRoteador)) ? 'rotationTime' : null;
}

// ---------- the queue form ----------

export type QueueFormValues = {
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string;
  outOfHoursMessage: string;
  ativarRoteador: boolean;
  tempoRoteador: number;
  closeTicket: boolean;
  integrationId: number | null;
  fileListId: number | null;
};

/** The form's values of a queue, or of a new one with the given colour. */
export function queueFormValues(queue: Queue | null, newColor: string): QueueFormValues {
  return {
    name: queue?.name ?? '',
    color: queue?.color ?? newColor,
    orderQueue: queue?.orderQueue ?? null,
    greetingMessage: queue?.greetingMessage ?? '',
    outOfHoursMessage: queue?.outOfHoursMessage ?? '',
    ativarRoteador: queue?.ativarRoteador ?? false,
    tempoRoteador: queue?.tempoRoteador ?? 0,
    closeTicket: queue?.closeTicket ?? false,
    integrationId: queue?.integrationId ?? null,
    fileListId: queue?.fileListId ?? null,
  };
}

export type QueueFormContext = { id: number | null; queues: readonly Queue[] };

/** The company's other queues (the one being edited left out). */
export const otherQueues = (ctx: QueueFormContext): Queue[] => ctx.queues.filter((q) => q.id !== ctx.id);

/** Every problem of the queue's own fields, by field name (what the server would refuse). */
export function queueFormProblems(values: QueueFormValues, ctx: QueueFormContext): Partial<Record<keyof QueueFormValues, Problem>> {
  const others = otherQueues(ctx);
  const found: Partial<Record<keyof QueueFormValues, Problem>> = {};
  const name = nameProblem(values.name, others);
  if (name) found.name = name;
  const color = colorProblem(values.color, others);
  if (color) found.color = color;
  const greeting = greetingProblem(values.greetingMessage, others.length);
  if (greeting) found.greetingMessage = greeting;
  const rotation = rotationProblem(values.ativarRoteador, values.tempoRoteador);
  if (rotation) found.tempoRoteador = rotation;
  return found;
}

// ---------- the chatbot menu as an editable tree ----------

/** One option in the editor: kit's option fields; `key` identifies it in the page, `id` is the stored option (null: new). */
export type OptionDraft = Omit<ChatbotOption, 'id' | 'queueId' | 'parentId' | 'orderOption' | 'options'> & {
  key: string;
  id: number | null;
  options: OptionDraft[];
};

/** The field an option of each type points to. */
export const OPTION_TARGET: Record<ChatbotQueueType, 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId' | null> = {
  text: null,
  attendent: 'optUserId',
  queue: 'optQueueId',
  integration: 'optIntegrationId',
  file: 'optFileId',
};

export const OPTION_TYPES = Object.keys(OPTION_TARGET) as ChatbotQueueType[];

let keySeq = 0;
const defaultKey = () => `opt-${++keySeq}`;

export function blankOption(nextKey: () => string = defaultKey): OptionDraft {
  return {
    key: nextKey(),
    id: null,
    name: '',
    greetingMessage: '',
    queueType: 'text',
    closeTicket: false,
    optQueueId: null,
    optUserId: null,
    optIntegrationId: null,
    optFileId: null,
    options: [],
  };
}

/** The stored menu (GET /queue/:id chatbots) → the editor's tree, in menu order. */
export function fromApiOptions(options: readonly ChatbotOption[] | null | undefined, nextKey: () => string = defaultKey): OptionDraft[] {
  return [...(options ?? [])]
    .sort((a, b) => a.orderOption - b.orderOption || a.id - b.id)
    .map((o) => ({
      key: nextKey(),
      id: o.id,
      name: o.name,
      greetingMessage: o.greetingMessage ?? '',
      queueType: o.queueType,
      closeTicket: o.closeTicket,
      optQueueId: o.optQueueId,
      optUserId: o.optUserId,
      optIntegrationId: o.optIntegrationId,
      optFileId: o.optFileId,
      options: fromApiOptions(o.options, nextKey),
    }));
}

/**
 * The editor's tree → the `chatbots` of POST/PUT /queue (the whole menu: options keep their id, the
 * order is the array's, nested `options` always sent so removed children go). Only the target of the
 * option's type is sent.
 */
export function toApiOptions(drafts: readonly OptionDraft[]): ChatbotOptionInput[] {
  return drafts.map((d) => {
    const target = OPTION_TARGET[d.queueType];
    const input: ChatbotOptionInput = {
      name: d.name.trim(),
      greetingMessage: d.greetingMessage,
      queueType: d.queueType,
      closeTicket: d.closeTicket,
      optQueueId: target === 'optQueueId' ? d.optQueueId : null,
      optUserId: target === 'optUserId' ? d.optUserId : null,
      optIntegrationId: target === 'optIntegrationId' ? d.optIntegrationId : null,
      optFileId: target === 'optFileId' ? d.optFileId : null,
      options: toApiOptions(d.options),
    };
    if (d.id) input.id = d.id;
    return input;
  });
}

/** Whether the chatbot menu changed since the dialog opened (its save then says 'Bot saved successfully', spec 001 §8). */
export function chatbotChanged(before: readonly OptionDraft[], after: readonly OptionDraft[]): boolean {
  return JSON.stringify(toApiOptions(before)) !== JSON.stringify(toApiOptions(after));
}

/** Where an option sits: indexes from the first level down. */
export type OptionPath = readonly number[];

/** The option's field prefix as the server names it ('chatbots.0.options.2'). */
export const optionFieldPath = (path: OptionPath): string => `chatbots.${path.join('.options.')}`;

/** The option's number in the menu the contact sees ('1', '1.2'). */
export const optionLabel = (path: OptionPath): string => path.map((i) => i + 1).join('.');

/** Applies `change` to the list of options at `parent` (the first level when empty). */
function atLevel(tree: readonly OptionDraft[], parent: OptionPath, change: (siblings: OptionDraft[]) => OptionDraft[]): OptionDraft[] {
  if (parent.length === 0) return change([...tree]);
  const [head, ...rest] = parent;
  return tree.map((o, i) => (i === head ? { ...o, options: atLevel(o.options, rest, change) } : o));
}

/** A new blank option at the end of the level under `parent`. */
export function addOption(tree: readonly OptionDraft[], parent: OptionPath, nextKey: () => string = defaultKey): OptionDraft[] {
  return atLevel(tree, parent, (siblings) => [...siblings, blankOption(nextKey)]);
}

export function removeOption(tree: readonly OptionDraft[], path: OptionPath): OptionDraft[] {
  const index = path[path.length - 1]!;
  return atLevel(tree, path.slice(0, -1), (siblings) => siblings.filter((_, i) => i !== index));
}

/** Moves an option up (-1) or down (+1) among its siblings; out of range leaves the tree as is. */
export function moveOption(tree: readonly OptionDraft[], path: OptionPath, delta: -1 | 1): OptionDraft[] {
  const index = path[path.length - 1]!;
  return atLevel(tree, path.slice(0, -1), (siblings) => {
    const to = index + delta;
    if (to < 0 || to >= siblings.length) return siblings;
    const next = [...siblings];
    [next[index], next[to]] = [next[to]!, next[index]!];
    return next;
  });
}

export type OptionPatch = Partial<Omit<OptionDraft, 'key' | 'id' | 'options'>>;

/** Changes an option's fields; a new type drops the targets of the others. */
export function updateOption(tree: readonly OptionDraft[], path: OptionPath, patch: OptionPatch): OptionDraft[] {
  const index = path[path.length - 1]!;
  return atLevel(tree, path.slice(0, -1), (siblings) =>
    siblings.map((o, i) => {
      if (i !== index) return o;
      const next = { ...o, ...patch };
      if (patch.queueType && patch.queueType !== o.queueType) {
        const keep = OPTION_TARGET[patch.queueType];
        for (const field of ['optQueueId', 'optUserId', 'optIntegrationId', 'optFileId'] as const) if (field !== keep) next[field] = null;
      }
      return next;
    }),
  );
}

/** Whether an option at this path may get sub-options (the menu nests at most CHATBOT_MAX_DEPTH levels). */
export const canNest = (path: OptionPath): boolean => path.length < MAX_OPTION_DEPTH;

/**
 * The problems of a menu by field path ('chatbots.0.options.1.name'), as the server checks them:
 * names required, 4 to 250 characters; the target of the type chosen; a message to go to the next
 * level; at most 50 options per level and CHATBOT_MAX_DEPTH levels.
 */
export function optionProblems(tree: readonly OptionDraft[], parent: OptionPath = []): Record<string, Problem> {
  const found: Record<string, Problem> = {};
  if (tree.length > MAX_OPTIONS_PER_LEVEL) found[parent.length ? `${optionFieldPath(parent)}.options` : 'chatbots'] = 'tooMany';
  tree.forEach((o, i) => {
    const path = [...parent, i];
    const at = optionFieldPath(path);
    const name = schemaProblem(createChatbotBody.shape.name, o.name);
    if (name) found[`${at}.name`] = name === 'tooShort' ? 'optionNameShort' : name;
    const target = OPTION_TARGET[o.queueType];
    if (target && !o[target]) found[`${at}.${target}`] = 'targetRequired';
    if (o.options.length > 0) {
      if (!o.greetingMessage.trim()) found[`${at}.greetingMessage`] = 'nextLevelMessage';
      if (path.length >= MAX_OPTION_DEPTH) found[`${at}.options`] = 'tooDeep';
      Object.assign(found, optionProblems(o.options, path));
    }
  });
  return found;
}

/** Counts the options of a menu (all levels). */
export const countOptions = (tree: readonly OptionDraft[]): number => tree.reduce((n, o) => n + 1 + countOptions(o.options), 0);

// ---------- schedules ----------

/** Default hours of a queue (spec 001 §9): 08:00-12:00 and 13:00-18:00 every weekday. */
export const defaultQueueSchedules = (): WeekdaySchedule[] => defaultSchedules();

/** The stored schedule of a queue completed to the seven weekdays (defaults where missing). */
export const queueSchedules = (stored: readonly WeekdaySchedule[] | null | undefined): WeekdaySchedule[] =>
  stored && stored.length ? normalizeSchedules(stored) : defaultQueueSchedules();

export { schedulesValid } from '../settings/schedules';

// ---------- the request body ----------

/** POST /queue and PUT /queue/:id: the queue's fields, its whole chatbot menu and its schedules. */
export function toQueueBody(values: QueueFormValues, menu: readonly OptionDraft[], schedules: readonly WeekdaySchedule[]): CreateQueueBody {
  const order = values.orderQueue === null || values.orderQueue === undefined || (values.orderQueue as unknown) === '' ? null : Number(values.orderQueue);
  return {
    name: values.name.trim(),
    color: values.color.trim(),
    greetingMessage: values.greetingMessage ?? '',
    outOfHoursMessage: values.outOfHoursMessage ?? '',
    orderQueue: Number.isFinite(order) ? order : null,
    ativarRoteador: !!values.ativarRoteador,
    tempoRoteador: Number(values.tempoRoteador) || 0,
    closeTicket: !!values.closeTicket,
    integrationId: values.integrationId ?? null,
    fileListId: values.fileListId ?? null,
    schedules: schedules.map((s) => ({ ...s })),
    chatbots: toApiOptions(menu),
  };
}

// ---------- the list ----------

/** The server's order: orderQueue (empty last), then name, then id. */
export function sortQueues<T extends Pick<Queue, 'id' | 'name' | 'orderQueue'>>(list: readonly T[]): T[] {
  return [...list].sort(
    (a, b) => (a.orderQueue ?? Number.POSITIVE_INFINITY) - (b.orderQueue ?? Number.POSITIVE_INFINITY) || a.name.localeCompare(b.name) || a.id - b.id,
  );
}

/** company-{companyId}-queue (spec 001 §4): create and update insert or replace, delete removes. */
export type QueueEvent = { action: 'create' | 'update'; queue: Queue } | { action: 'delete'; queueId: number };

export function applyQueueEvent(list: readonly Queue[], event: QueueEvent): Queue[] {
  if (event.action === 'delete') return removeById(list, event.queueId);
  // The detail answer of a save carries the menu: the list keeps the plain queue.
  const { chatbots: _menu, ...queue } = event.queue as Queue & Partial<Pick<QueueDetail, 'chatbots'>>;
  return sortQueues(upsertById(list, queue));
}

/** Whether a socket payload is a queue event this screen understands. */
export function isQueueEvent(payload: unknown): payload is QueueEvent {
  if (!payload || typeof payload !== 'object') return false;
  const e = payload as Record<string, unknown>;
  if (e.action === 'delete') return typeof e.queueId === 'number';
  return (e.action === 'create' || e.action === 'update') && !!e.queue && typeof (e.queue as { id?: unknown }).id === 'number';
}

/** Client-side search of the list: name, colour or greeting containing the text. */
export function filterQueues(list: readonly Queue[], search: string): Queue[] {
  const term = search.trim().toLowerCase();
  if (!term) return [...list];
  return list.filter((q) => q.name.toLowerCase().includes(term) || q.color.toLowerCase().includes(term) || q.greetingMessage.toLowerCase().includes(term));
}

/** The table's greeting column: one line, cut at `max` characters plus an ellipsis. */
export function cutText(text: string | null | undefined, max = 60): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}

/** A colour the picker can show ('#rgb', '#rrggbb', '#rrggbbaa'); other text keeps the picker empty. */
export const pickerColor = (color: string | null | undefined): string | undefined =>
  /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(color ?? '') ? color! : undefined;

// ---------- server errors onto the form ----------

/** A failing field of a save: a known problem, or the server's own text. */
export type FieldIssue = { field: string; problem: Problem | null; text: string };

/** Codes the server answers for one field, shown on that field. */
const CODE_FIELDS: Record<string, { field: string; problem: Problem }> = {
  ERR_QUEUE_COLOR_ALREADY_EXISTS: { field: 'color', problem: 'colorTaken' },
  ERR_DUPLICATED_NAME: { field: 'name', problem: 'nameTaken' },
  ERR_WAPP_GREETING_REQUIRED: { field: 'greetingMessage', problem: 'greetingRequired' },
};

/** The fields a failed save names (`{ error, fields: [{ field, message }] }`), each with its problem. */
export function serverIssues(err: unknown): FieldIssue[] {
  const code = errorCodeOf(err);
  const known = code ? CODE_FIELDS[code] : undefined;
  if (known) return [{ field: known.field, problem: known.problem, text: '' }];
  const body = errorBodyOf(err);
  const fields = body && typeof body === 'object' && Array.isArray(body.fields) ? (body.fields as { field?: unknown; message?: unknown }[]) : [];
  return fields
    .filter((f) => typeof f?.field === 'string')
    .map((f) => {
      const text = typeof f.message === 'string' ? f.message : '';
      const field = f.field as string;
      let problem = SERVER_MESSAGES[text] ?? null;
      if (problem === 'tooShort' && /^chatbots\..*\.name$/.test(field)) problem = 'optionNameShort';
      return { field, problem, text };
    });
}

export type IssuePlace = 'form' | 'options' | 'schedules';

/** Which part of the dialog shows a field: the menu editor, the schedules tab or the queue's own fields. */
export function issuePlace(field: string): IssuePlace {
  if (field === 'chatbots' || field.startsWith('chatbots.')) return 'options';
  if (field === 'schedules' || field.startsWith('schedules.')) return 'schedules';
  return 'form';
}
