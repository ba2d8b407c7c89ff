import type { CreateQuickMessageBody, QuickMessage } from '@atende/kit/contracts';
import { removeById, upsertById } from '../users/listRules';

export type QuickMessageFormValues = { shortcode: string; message: string; geral: boolean; visao: boolean };

export function quickMessageFormValues(row: QuickMessage | null): QuickMessageFormValues {
  return { shortcode: row?.shortcode ?? '', message: row?.message ?? '', geral: row?.geral ?? false, visao: row?.visao ?? false };
}

/** The body of POST/PUT /quick-messages (media only changes through media-upload). */
export function toQuickMessageBody(values: QuickMessageFormValues, current: QuickMessage | null): CreateQuickMessageBody {
  return {
    shortcode: values.shortcode.trim(),
    message: values.message ?? '',
    geral: !!values.geral,
    visao: !!values.visao,
    status: current?.status ?? true,
  };
}

export function quickMessageMatches(row: Pick<QuickMessage, 'shortcode' | 'message'>, search: string): boolean {
  if (!search) return true;
  const s = search.toLowerCase();
  return row.shortcode.toLowerCase().includes(s) || row.message.toLowerCase().includes(s);
}

export type QuickMessageEvent = { action: 'create' | 'update'; record: QuickMessage } | { action: 'delete'; id: number };

/** A live event of company-{id}-quickmessage: create/update upsert (when it matches the search), delete removes. */
export function applyQuickMessageEvent(list: readonly QuickMessage[], event: QuickMessageEvent, search: string): { list: QuickMessage[]; delta: number } {
  if (event.action === 'delete') {
    const had = list.some((r) => r.id === event.id);
    return { list: removeById(list, event.id), delta: had ? -1 : 0 };
  }
  const had = list.some((r) => r.id === event.record.id);
  if (!quickMessageMatches(event.record, search)) return { list: removeById(list, event.record.id), delta: had ? -1 : 0 };
  return { list: upsertById(list, event.record), delta: had ? 0 : 1 };
}

/** The message cut for the table (spec 002: previews cut at 100 characters). */
export function preview(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}
