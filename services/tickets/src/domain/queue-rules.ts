import {
  AppError,
  CHATBOT_MAX_DEPTH,
  queueRotationTimes,
  validationError,
  type ChatbotOption,
  type ChatbotOptionInput,
  type ChatbotQueueType,
  type WeekdaySchedule,
} from '@atende/kit';

/**
 * Queues and chatbot menus (spec 001 §3, §5, §9), pure: defaults, the greeting and plan rules, the
 * checks of an options tree, and rows → the nested answer.
 */

const WEEKDAYS: [string, string][] = [
  ['Segunda-feira', 'monday'],
  ['Terça-feira', 'tuesday'],
  ['Quarta-feira', 'wednesday'],
  ['Quinta-feira', 'thursday'],
  ['Sexta-feira', 'friday'],
  ['Sábado', 'saturday'],
  ['Domingo', 'sunday'],
];

/** Default working hours of a queue: 08:00–12:00 and 13:00–18:00 every day (spec 001 §9). */
export function defaultQueueSchedules(): WeekdaySchedule[] {
  return WEEKDAYS.map(([weekday, weekdayEn]) => ({ weekday, weekdayEn, startTimeA: '08:00', endTimeA: '12:00', startTimeB: '13:00', endTimeB: '18:00' }));
}

/** With more than one queue, every queue needs a greeting (spec 001 §5: ERR_WAPP_GREETING_REQUIRED). */
export function assertGreeting(greetingMessage: string, otherQueues: number): void {
  if (otherQueues >= 1 && greetingMessage.trim() === '') {
    throw new AppError('ERR_WAPP_GREETING_REQUIRED', 'A greeting message is required when there is more than one queue', {
      fields: [{ field: 'greetingMessage', message: 'Required' }],
    });
  }
}

/** Rotation switched on needs one of the spec's times (0 only means "no rotation"). */
export function assertRotation(ativarRoteador: boolean, tempoRoteador: number): void {
  if (!ativarRoteador || tempoRoteador > 0) return;
  throw validationError('tempoRoteador', `must be one of ${queueRotationTimes.join(', ')} when rotation is on`);
}

/** The plan's queue count (0: unlimited). */
export function assertQueueLimit(planQueues: number | null | undefined, current: number): void {
  if (planQueues && planQueues > 0 && current >= planQueues) throw new AppError('ERR_QUEUE_LIMIT', `The plan allows ${planQueues} queues`);
}

/** The target an option of each type must name. */
const TARGET: Partial<Record<ChatbotQueueType, 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId'>> = {
  queue: 'optQueueId',
  attendent: 'optUserId',
  integration: 'optIntegrationId',
  file: 'optFileId',
};

export type OptionFields = Pick<ChatbotOptionInput, 'queueType' | 'greetingMessage' | 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId'> & {
  options?: ChatbotOptionInput[] | undefined;
};

/** One option's own rules: its type's target is named; going to a next level needs a message. */
export function checkOption(option: OptionFields, path: string, hasChildren = (option.options?.length ?? 0) > 0): void {
  const target = TARGET[option.queueType];
  if (target && !option[target]) throw validationError(`${path}${target}`, 'Required');
  if (hasChildren && option.greetingMessage.trim() === '') throw validationError(`${path}greetingMessage`, 'A message is required to go to the next level');
}

/**
 * What a tree of options refers to, to check against the company's queues and users (each queue and user
 * with the first field that names it, for the answer when it is not the company's).
 */
export type OptionReferences = { queueIds: Map<number, string>; userIds: Map<number, string>; integrationIds: Set<number>; fileListIds: Set<number>; depth: number };

/** References of nothing yet. */
export const noReferences = (depth = 0): OptionReferences => ({ queueIds: new Map(), userIds: new Map(), integrationIds: new Set(), fileListIds: new Set(), depth });

/** Adds a reference unless an earlier field already names the same id. */
export const addReference = (to: Map<number, string>, id: number | null | undefined, field: string): void => {
  if (id && !to.has(id)) to.set(id, field);
};

/**
 * Check a tree of options sent by the queue modal (`path` names the failing field, e.g.
 * `chatbots.0.options.1.name`), starting at `level` (1 for a queue's first level).
 */
export function checkOptionTree(inputs: ChatbotOptionInput[], path: string, level = 1): OptionReferences {
  const refs = noReferences(inputs.length ? level : level - 1);
  if (inputs.length > 0 && level > CHATBOT_MAX_DEPTH) throw validationError(path.replace(/\.$/, ''), `Options nest at most ${CHATBOT_MAX_DEPTH} levels`);
  inputs.forEach((input, i) => {
    const at = `${path}${i}.`;
    checkOption(input, at);
    addReference(refs.queueIds, input.optQueueId, `${at}optQueueId`);
    addReference(refs.userIds, input.optUserId, `${at}optUserId`);
    if (input.optIntegrationId) refs.integrationIds.add(input.optIntegrationId);
    if (input.optFileId) refs.fileListIds.add(input.optFileId);
    if (input.options?.length) {
      const inner = checkOptionTree(input.options, `${at}options.`, level + 1);
      inner.queueIds.forEach((field, id) => addReference(refs.queueIds, id, field));
      inner.userIds.forEach((field, id) => addReference(refs.userIds, id, field));
      inner.integrationIds.forEach((id) => refs.integrationIds.add(id));
      inner.fileListIds.forEach((id) => refs.fileListIds.add(id));
      refs.depth = Math.max(refs.depth, inner.depth);
    }
  });
  return refs;
}

export type OptionRow = Omit<ChatbotOption, 'options' | 'queueId' | 'queueType'> & { queueId: number | null; queueType: string };

/** One stored option, without its children. */
export const toOption = (r: OptionRow): Omit<ChatbotOption, 'options'> => ({
  id: r.id,
  queueId: r.queueId ?? 0,
  parentId: r.parentId,
  name: r.name,
  greetingMessage: r.greetingMessage,
  queueType: r.queueType as ChatbotQueueType,
  closeTicket: r.closeTicket,
  optQueueId: r.optQueueId,
  optUserId: r.optUserId,
  optIntegrationId: r.optIntegrationId,
  optFileId: r.optFileId,
  orderOption: r.orderOption,
});

/** Flat rows (any order) → the nested options under `parentId` (null: a queue's first level), in menu order. */
export function buildOptionTree(rows: OptionRow[], parentId: number | null = null): ChatbotOption[] {
  const byParent = new Map<number | null, OptionRow[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const seen = new Set<number>();
  const build = (parent: number | null): ChatbotOption[] =>
    (byParent.get(parent) ?? [])
      .slice()
      .sort((a, b) => a.orderOption - b.orderOption || a.id - b.id)
      .filter((r) => !seen.has(r.id) && seen.add(r.id))
      .map((r) => ({ ...toOption(r), options: build(r.id) }));
  return build(parentId);
}
