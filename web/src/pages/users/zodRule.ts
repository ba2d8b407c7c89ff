import type { z } from 'zod';
import { companyMessages, fileListMessages, msg, PROMPT_QUEUE_REQUIRED } from '@atende/kit/contracts';
import i18n from '../../i18n';

/**
 * The kit's spec 000/001 §5 messages ('Too Short!', 'Required'…) and their keys in common:formValidation:
 * the spec quotes them as the forms show them (pt-BR and en alike); es translates them. The Portuguese ones
 * the spec quotes are translated in en and es.
 */
const VALIDATION_KEYS: Record<string, string> = {
  [msg.required]: 'formValidation.required',
  [msg.tooShort]: 'formValidation.tooShort',
  [msg.tooLong]: 'formValidation.tooLong',
  [msg.invalidEmail]: 'formValidation.invalidEmail',
  [msg.notPhoneNumber]: 'formValidation.notPhoneNumber',
  // The texts the spec quotes in Portuguese (tags, quick messages, files, prompts…): shown as quoted in
  // pt-BR, translated in en and es.
  [fileListMessages.required]: 'formValidation.obligatory',
  'Mensagem muito curta': 'formValidation.messageTooShort',
  [fileListMessages.nameTooShort]: 'formValidation.nameTooShortLower',
  'Nome muito curto': 'formValidation.nameTooShort',
  'Nome muito longo': 'formValidation.nameTooLong',
  'O nome completo é obrigatório': 'formValidation.fullNameRequired',
  [PROMPT_QUEUE_REQUIRED]: 'formValidation.sectorRequired',
  [companyMessages.nameRequired]: 'formValidation.companyNameRequired',
  [companyMessages.emailRequired]: 'formValidation.companyEmailRequired',
  [companyMessages.emailInvalid]: 'formValidation.companyEmailInvalid',
};

/** A schema's message in the current language: the kit's shared messages are translated, any other text is shown as written. */
export function validationText(message: string, t: (key: string) => string): string {
  const key = VALIDATION_KEYS[message];
  return key ? t(key) : message;
}

/**
 * An antd Form rule that validates a field with the kit's zod schema, so the web applies exactly the
 * server's rules; the shared messages are shown translated (see validationText).
 */
export function zodRule(schema: z.ZodType, options: { optionalEmpty?: boolean } = {}) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (options.optionalEmpty && (value === undefined || value === null || value === '')) return;
      const result = schema.safeParse(value === '' ? undefined : value);
      if (!result.success) throw new Error(validationText(result.error.issues[0]?.message ?? 'Invalid', (key) => i18n.t(key, { ns: 'common' })));
    },
  };
}
