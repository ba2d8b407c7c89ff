import { describe, expect, it } from 'vitest';
import { errorCodes } from '@atende/kit/contracts';
import { buildResources } from '../i18n/resources';
import { errorMessage, type ErrorTranslator } from './errorMessage';

const resources = buildResources(import.meta.glob('../locales/*/errors.json', { eager: true }));
const LANGUAGES = ['pt-BR', 'en', 'es'] as const;

/** The catalogue of spec 000 §8 (kit's catalogue must keep them all). */
const specCodes = [
  'ERR_NO_OTHER_WHATSAPP',
  'ERR_NO_DEF_WAPP_FOUND',
  'ERR_WAPP_NOT_INITIALIZED',
  'ERR_WAPP_CHECK_CONTACT',
  'ERR_WAPP_INVALID_CONTACT',
  'ERR_WAPP_DOWNLOAD_MEDIA',
  'ERR_INVALID_CREDENTIALS',
  'ERR_SENDING_WAPP_MSG',
  'ERR_DELETE_WAPP_MSG',
  'ERR_OTHER_OPEN_TICKET',
  'ERR_SESSION_EXPIRED',
  'ERR_USER_CREATION_DISABLED',
  'ERR_NO_PERMISSION',
  'ERR_DUPLICATED_CONTACT',
  'ERR_NO_SETTING_FOUND',
  'ERR_NO_CONTACT_FOUND',
  'ERR_NO_TICKET_FOUND',
  'ERR_NO_USER_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_CREATING_MESSAGE',
  'ERR_CREATING_TICKET',
  'ERR_FETCH_WAPP_MSG',
  'ERR_QUEUE_COLOR_ALREADY_EXISTS',
  'ERR_WAPP_GREETING_REQUIRED',
  'ERR_OUT_OF_HOURS',
  'ERR_EDITING_WAPP_MSG',
];

describe('error translations', () => {
  it('kit keeps the whole spec catalogue', () => {
    expect(specCodes.filter((c) => !(errorCodes as string[]).includes(c))).toEqual([]);
  });

  it.each(LANGUAGES)('%s translates every code of the catalogue', (lang) => {
    const texts = resources[lang]?.errors ?? {};
    const missing = [...new Set([...specCodes, ...errorCodes])].filter((code) => typeof texts[code] !== 'string' || !(texts[code] as string).trim());
    expect(missing, `errors namespace of ${lang} lacks: ${missing.join(', ')}`).toEqual([]);
    expect(typeof texts.generic).toBe('string');
  });

  it('the English generic text is the spec one', () => {
    expect(resources.en?.errors?.generic).toBe('An error occurred!');
  });
});

describe('errorMessage', () => {
  const known: Record<string, string> = { ERR_NO_PERMISSION: 'Sem permissão', ERR_VALIDATION: 'Dados inválidos' };
  const tr: ErrorTranslator = { code: (c) => known[c], generic: () => 'An error occurred!', field: (f) => (f === 'email' ? 'Email' : f) };
  const axiosError = (status: number, data: unknown) => Object.assign(new Error('Request failed'), { isAxiosError: true, response: { status, data } });

  it('translates a known code', () => {
    expect(errorMessage(axiosError(403, { error: 'ERR_NO_PERMISSION', message: 'Admins only' }), tr)).toBe('Sem permissão');
  });
  it('shows an unknown code raw', () => {
    expect(errorMessage(axiosError(400, { error: 'ERR_SOMETHING_NEW', message: 'x' }), tr)).toBe('ERR_SOMETHING_NEW');
  });
  it('names the failing fields of a validation answer', () => {
    const err = axiosError(400, {
      error: 'ERR_VALIDATION',
      message: 'bad',
      fields: [
        { field: 'email', message: 'Invalid email' },
        { field: 'name', message: 'Required' },
      ],
    });
    expect(errorMessage(err, tr)).toBe('Dados inválidos (Email, name)');
  });
  it('shows a plain string as is', () => {
    expect(errorMessage('Falhou!', tr)).toBe('Falhou!');
    expect(errorMessage(axiosError(500, 'Gateway says no'), tr)).toBe('Gateway says no');
  });
  it('falls back to the generic text', () => {
    expect(errorMessage(new Error('Network Error'), tr)).toBe('An error occurred!');
    expect(errorMessage(undefined, tr)).toBe('An error occurred!');
    expect(errorMessage(axiosError(502, '<html>bad gateway</html>'), tr)).toBe('An error occurred!');
  });
});
