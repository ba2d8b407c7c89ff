/**
 * Message variables (spec 000 §3): `{{firstName}}`, `{{name}}`, `{{userName}}`, `{{ms}}`, `{{protocol}}`,
 * `{{date}}`, `{{hour}}`, `{{ticket_id}}`, `{{queue}}`, `{{connection}}`, replaced in every automatic
 * text (greeting on accept, farewell, transfer message) and in what attendants send the contact (not in
 * private notes). Pure: the clock and time zone are given.
 */
export type VariableContext = {
  contact: { name: string; number?: string | null };
  user?: { name: string } | null;
  ticket: { id: number };
  queue?: { name: string } | null;
  connection?: { name: string } | null;
  now: Date;
  timeZone: string;
};

export const variableNames = ['firstName', 'name', 'userName', 'ms', 'protocol', 'date', 'hour', 'ticket_id', 'queue', 'connection'] as const;
export type VariableName = (typeof variableNames)[number];

/** The calendar day (yyyy-MM-dd) of `at` on the wall clock of `timeZone`: today by default. */
export function dayIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The parts of `now` on the wall clock of `timeZone`. */
export function clockParts(now: Date, timeZone: string): { year: string; month: string; day: string; hour: string; minute: string; second: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Greeting by time of day: 05:00–11:59 Bom dia, 12:00–17:59 Boa tarde, otherwise Boa noite. */
export function greetingFor(hour: number): 'Bom dia' | 'Boa tarde' | 'Boa noite' {
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

export function variableValues(ctx: VariableContext): Record<VariableName, string> {
  const c = clockParts(ctx.now, ctx.timeZone);
  const name = ctx.contact.name.trim();
  return {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    userName: ctx.user?.name ?? '',
    ms: greetingFor(Number(c.hour)),
    protocol: `${c.year}${c.month}${c.day}${c.hour}${c.minute}${c.second}${ctx.ticket.id}`,
    date: `${c.day}/${c.month}/${c.year}`,
    hour: `${c.hour}:${c.minute}:${c.second}`,
    ticket_id: String(ctx.ticket.id),
    queue: ctx.queue?.name ?? '',
    connection: ctx.connection?.name ?? '',
  };
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

/** Replace every known `{{variable}}` (spaces inside the braces allowed); unknown ones stay as written. */
export function replaceVariables(text: string, ctx: VariableContext): string {
  if (!text.includes('{{')) return text;
  const values = variableValues(ctx);
  return text.replace(PLACEHOLDER, (whole, key: string) => (Object.prototype.hasOwnProperty.call(values, key) ? values[key as VariableName] : whole));
}
