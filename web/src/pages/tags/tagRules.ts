import type { CreateTagBody, Tag } from '@atende/kit/contracts';
import { removeById, upsertById } from '../users/listRules';

/** The grey of tags without a colour and of the kanban default lane (spec 001 §9). */
export const DEFAULT_TAG_COLOR = '#757575';

/** A random '#rrggbb' colour, the default of a new tag (spec 001 §7). */
export function randomHexColor(random: () => number = Math.random): string {
  const n = Math.floor(random() * 0x1000000) & 0xffffff;
  return `#${n.toString(16).padStart(6, '0').toUpperCase()}`;
}

/** Black or white text on a chip of this colour. */
export function textColorOn(hex: string | null | undefined): string {
  const m = /^#?([0-9a-f]{6})/i.exec(hex ?? '');
  if (!m) return '#fff';
  const n = parseInt(m[1]!, 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return (r * 299 + g * 587 + b * 114) / 1000 > 150 ? '#000' : '#fff';
}

export type TagEvent = { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: number };

/** Whether a tag belongs in the list shown (search text, lowercased by the server, and the kanban filter). */
export function tagMatches(tag: Pick<Tag, 'name' | 'kanban'>, filter: { search: string; kanbanOnly: boolean }): boolean {
  if (filter.kanbanOnly && tag.kanban !== 1) return false;
  return !filter.search || tag.name.toLowerCase().includes(filter.search.toLowerCase());
}

/**
 * A live tag event (spec 001 §4): create/update insert or replace, delete removes. A tag that no
 * longer matches the list's filter leaves it. `delta` is the change of the total count.
 */
export function applyTagEvent(list: readonly Tag[], event: TagEvent, filter: { search: string; kanbanOnly: boolean }): { list: Tag[]; delta: number } {
  if (event.action === 'delete') {
    const had = list.some((t) => t.id === event.tagId);
    return { list: removeById(list, event.tagId), delta: had ? -1 : 0 };
  }
  const had = list.some((t) => t.id === event.tag.id);
  if (!tagMatches(event.tag, filter)) return { list: removeById(list, event.tag.id), delta: had ? -1 : 0 };
  return { list: upsertById(list, event.tag), delta: had ? 0 : 1 };
}

export type TagFormValues = {
  name: string;
  color: string;
  kanban: boolean;
  timeLane: number;
  nextLaneId: number | null;
  rollbackLaneId: number | null;
  greetingMessageLane: string;
};

export function tagFormValues(tag: Tag | null, opts: { kanbanMode: boolean; random?: () => number }): TagFormValues {
  return {
    name: tag?.name ?? '',
    color: tag?.color || randomHexColor(opts.random),
    kanban: tag ? tag.kanban === 1 : opts.kanbanMode,
    timeLane: tag?.timeLane ?? 0,
    nextLaneId: tag?.nextLaneId ?? null,
    rollbackLaneId: tag?.rollbackLaneId ?? null,
    greetingMessageLane: tag?.greetingMessageLane ?? '',
  };
}

/**
 * The body of POST/PUT /tags. Only admins choose the kanban flag (others keep the tag's own, or
 * the screen's mode for a new tag); lane fields go only with a kanban tag.
 */
export function toTagBody(values: TagFormValues, opts: { isAdmin: boolean; kanbanMode: boolean; current: Tag | null }): CreateTagBody {
  const kanban: 0 | 1 = opts.isAdmin ? (values.kanban ? 1 : 0) : opts.current ? (opts.current.kanban === 1 ? 1 : 0) : opts.kanbanMode ? 1 : 0;
  const body: CreateTagBody = { name: values.name.trim(), color: values.color, kanban };
  if (kanban === 1) {
    body.timeLane = Number(values.timeLane) || 0;
    body.nextLaneId = values.nextLaneId ?? null;
    body.rollbackLaneId = values.rollbackLaneId ?? null;
    body.greetingMessageLane = values.greetingMessageLane ?? '';
  }
  return body;
}

/** The search text sent for the tag lists (spec 001 §5: tag search text is lowercased). */
export const tagSearchText = (search: string): string | undefined => search.trim().toLocaleLowerCase() || undefined;
