/**
 * LGPD consent (settings enableLGPD, lgpdMessage, lgpdLink, lgpdConsent; ticket status lgpd): a contact who
 * has not consented yet (or every time, with lgpdConsent) is asked first, before the chatbot or anyone
 * serves them; 1 records the consent and the conversation goes on as a new one, 2 ends it, anything else
 * asks again up to the connection's limit. Pure: the texts and the decisions; consent-runtime.ts does the I/O.
 */

const DEFAULT_CONSENT_MESSAGE =
  'Olá {{firstName}}! Para continuar o atendimento precisamos do seu consentimento para tratar os seus dados pessoais, conforme a Lei Geral de Proteção de Dados (LGPD).';

/** The request the contact receives: the company's lgpdMessage (a default when empty), its link, and the choices. */
export function consentRequestText(message: string, link: string): string {
  const intro = message.trim() || DEFAULT_CONSENT_MESSAGE;
  const policy = link.trim() ? `\n\n${link.trim()}` : '';
  return `${intro}${policy}\n\nEstou ciente sobre o tratamento dos meus dados pessoais:\n*1* - Sim, aceito\n*2* - Não aceito`;
}

export const CONSENT_INVALID_TEXT = 'Opção inválida. Digite *1* para aceitar ou *2* para recusar.';
export const CONSENT_REFUSED_TEXT = 'Entendido. Sem o seu consentimento não podemos continuar o atendimento. Se mudar de ideia, é só nos escrever novamente.';

export type ConsentOutcome = { kind: 'accepted' } | { kind: 'refused' } | { kind: 'ask-again'; attempts: number } | { kind: 'give-up' };

/** What the contact's answer to the request does; `attempts` counts earlier answers that were neither 1 nor 2. */
export function consentAnswer(body: string, attempts: number, maxAttempts: number): ConsentOutcome {
  const choice = /^\s*\*?\s*([12])\s*\*?\s*[.)-]?\s*$/u.exec(body)?.[1];
  if (choice === '1') return { kind: 'accepted' };
  if (choice === '2') return { kind: 'refused' };
  const next = attempts + 1;
  return next > Math.max(1, maxAttempts) ? { kind: 'give-up' } : { kind: 'ask-again', attempts: next };
}

/**
 * Whether a contact writing in must be asked first: the company enabled LGPD and the contact never consented,
 * or the company asks at every conversation (lgpdConsent).
 */
export function consentNeeded(settings: { enableLGPD: boolean; lgpdConsent: boolean }, consentedAt: Date | null): boolean {
  return settings.enableLGPD && (consentedAt === null || settings.lgpdConsent);
}
