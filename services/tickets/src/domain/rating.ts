/**
 * The satisfaction rating (setting userRating; the connection's ratingMessage, maxUseBotQueuesNPS and
 * expiresTicketNPS): resolving asks the contact for a rate from 1 to 5 and the ticket waits in status nps;
 * the contact's answer closes it with the rate, answers that are not a rate repeat the request until the
 * connection's limit, and a request left unanswered past expiresTicketNPS minutes closes it without one.
 * Pure: the texts and the decisions; rating-runtime.ts does the I/O.
 */

export const RATE_LABELS: Record<number, string> = {
  1: 'Muito insatisfeito',
  2: 'Insatisfeito',
  3: 'Indiferente',
  4: 'Satisfeito',
  5: 'Muito satisfeito',
};

const DEFAULT_RATING_MESSAGE = 'Seu atendimento foi finalizado. Como você avalia o atendimento de {{userName}}?';

/** The request the contact receives: the connection's message (a default when empty) and the scale. */
export function ratingRequestText(ratingMessage: string | null | undefined): string {
  const intro = ratingMessage?.trim() || DEFAULT_RATING_MESSAGE;
  const scale = [5, 4, 3, 2, 1].map((rate) => `*${rate}* - _${RATE_LABELS[rate]}_`).join('\n');
  return `${intro}\n\nDigite de 1 a 5 para avaliar nosso atendimento:\n${scale}`;
}

/** A rate when the contact's whole answer is one digit 1–5 (spaces, a trailing dot or an emoji keycap allowed). */
export function parseRate(body: string): number | null {
  const m = /^\s*\*?([1-5])\*?\s*(?:\.|\u20e3|\ufe0f\u20e3)?\s*$/u.exec(body);
  return m ? Number(m[1]) : null;
}

export type RatingOutcome = { kind: 'rated'; rate: number } | { kind: 'ask-again'; attempts: number } | { kind: 'give-up' };

/** What the contact's answer to a pending rating request does; `attempts` counts earlier answers that were not a rate. */
export function rateAnswer(body: string, attempts: number, maxAttempts: number): RatingOutcome {
  const rate = parseRate(body);
  if (rate !== null) return { kind: 'rated', rate };
  const next = attempts + 1;
  return next >= Math.max(1, maxAttempts) ? { kind: 'give-up' } : { kind: 'ask-again', attempts: next };
}

/** A request older than the connection's expiresTicketNPS minutes no longer waits (0: it waits until answered). */
export function ratingExpired(requestedAt: Date | null, expiresMinutes: number, now: Date): boolean {
  if (!requestedAt || expiresMinutes <= 0) return false;
  return now.getTime() - requestedAt.getTime() >= expiresMinutes * 60_000;
}
