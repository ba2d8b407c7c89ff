import dayjs from 'dayjs';

/** How the console shows a day and a moment, in every language (spec: DD/MM/YYYY, DD/MM/YYYY HH:mm). */
export const DAY_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A calendar day (YYYY-MM-DD, or the day an ISO time is written with) as DD/MM/YYYY, '' when absent or
 * unreadable. Read as written, never moved by the browser's time zone: a due date is the same day everywhere.
 */
export function formatDay(value: string | null | undefined): string {
  const m = value ? CALENDAR_DAY.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** An instant as DD/MM/YYYY HH:mm (with `seconds`, HH:mm:ss) in the browser's time zone; '' when absent or unreadable. */
export function formatDateTime(value: string | Date | null | undefined, options: { seconds?: boolean } = {}): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(options.seconds ? `${DATE_TIME_FORMAT}:ss` : DATE_TIME_FORMAT) : '';
}
