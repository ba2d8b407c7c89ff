import { describe, expect, it } from 'vitest';
import { errorCodes } from '@atende/kit/contracts';
import { buildResources } from '../i18n/resources';
import { errorMessage, storedErrorText, type ErrorTranslator } from './errorMessage';

const resources = buildResources(import.meta.glob('../locales/*/{errors,common}.json', { eager: true }));
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
  const tr: ErrorTranslator = { code: (c) => known[c], generic: () => 'An error occurred!', field: (f) => (f === 'email' ? 'Email' : undefined) };
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
    expect(errorMessage(err, tr)).toBe('Dados inválidos (Email)');
  });
  it('leaves out a field without a translation instead of showing its key', () => {
    const err = axiosError(400, { error: 'ERR_VALIDATION', message: 'bad', fields: [{ field: 'someInternalKey', message: 'Required' }] });
    expect(errorMessage(err, tr)).toBe('Dados inválidos');
  });
  it('translates the code of a stored failure ("ERR_CODE: text"), else shows it as stored', () => {
    expect(storedErrorText('ERR_NO_PERMISSION: The connection Vendas is disconnected', tr)).toBe('Sem permissão');
    expect(storedErrorText('ERR_SOMETHING_NEW: x', tr)).toBe('ERR_SOMETHING_NEW: x');
    expect(storedErrorText('socket closed', tr)).toBe('socket closed');
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

describe('error toasts with the failing fields (audit: "Já existe um contato com este número. (number)")', () => {
  /** The translator of toast.ts, over the locale files of one language. */
  const translator = (lang: (typeof LANGUAGES)[number]): ErrorTranslator => {
    const errors = (resources[lang]?.errors ?? {}) as Record<string, unknown>;
    const fields = ((resources[lang]?.common as Record<string, unknown> | undefined)?.fields ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    return { code: (c) => text(errors[c]), generic: () => String(errors.generic), field: (f) => text(fields[f]) };
  };
  const answer = (error: string, ...fields: string[]) => ({ response: { status: 400, data: { error, message: 'x', fields: fields.map((field) => ({ field, message: 'x' })) } } });

  it('shows the duplicated contact with the translated field in every language', () => {
    expect(errorMessage(answer('ERR_DUPLICATED_CONTACT', 'number'), translator('pt-BR'))).toBe('Já existe um contato com este número. (Número)');
    expect(errorMessage(answer('ERR_DUPLICATED_CONTACT', 'number'), translator('en'))).toBe('A contact with this number already exists. (Number)');
    expect(errorMessage(answer('ERR_DUPLICATED_CONTACT', 'number'), translator('es'))).toBe('Ya existe un contacto con este número. (Número)');
  });

  it('translates a queue colour conflict and list paths of zod', () => {
    expect(errorMessage(answer('ERR_QUEUE_COLOR_ALREADY_EXISTS', 'color'), translator('pt-BR'))).toBe('Esta cor já está em uso, escolha outra. (Cor)');
    expect(errorMessage(answer('ERR_VALIDATION', 'queueIds.0', 'mapping.number'), translator('en'))).toMatch(/\(Queues, Number\)$/);
  });

  it('shows an unreadable spreadsheet as the spec quotes it, without the field', () => {
    expect(errorMessage(answer('ERR_IMPORT_INVALID_FILE', 'file'), translator('pt-BR'))).toBe('Arquivo inválido!');
    expect(errorMessage(answer('ERR_IMPORT_INVALID_FILE', 'file'), translator('en'))).toBe('Invalid file!');
  });

  it('never ends with a raw field key', () => {
    expect(errorMessage(answer('ERR_VALIDATION', 'groupImageFooBar'), translator('pt-BR'))).not.toMatch(/\(/);
  });

  /** Field names the services put in `fields` (AppErrors and their zod contracts). */
  const sentFields = [
    'number', 'color', 'shortcode', 'body', 'message', 'name', 'email', 'password', 'queueId', 'queueIds', 'whatsappId', 'contactId', 'userId',
    'sendAt', 'scheduledAt', 'greetingMessage', 'file', 'files', 'jsonContent', 'contactListId', 'title', 'text', 'note', 'integrationId',
    'promptId', 'apiKey', 'projectName', 'sendIdQueue', 'queueIdImportMessages', 'collectiveVacationStart', 'collectiveVacationEnd',
    'importOldMessages', 'importRecentMessages', 'expiresTicket', 'expiresTicketNPS', 'fileId', 'fileListId', 'medias', 'rows', 'users',
    'messageId', 'quotedMsg', 'reaction', 'tagListId', 'startTime', 'endTime', 'endDate', 'daysOfWeek', 'price', 'planId', 'dueDate', 'value',
  ];
  it.each(LANGUAGES)('%s labels every field the server commonly sends', (lang) => {
    const tr = translator(lang);
    expect(sentFields.filter((f) => !tr.field?.(f))).toEqual([]);
  });
});

describe("the app's translator (i18next)", () => {
  it('translates the field of a duplicated contact and drops unknown ones', async () => {
    const { default: i18n } = await import('../i18n');
    const { i18nErrorTranslator } = await import('./i18nTranslator');
    const translateError = (err: unknown) => errorMessage(err, i18nErrorTranslator);
    await i18n.changeLanguage('pt-BR');
    const answer = (field: string) => ({ response: { status: 409, data: { error: 'ERR_DUPLICATED_CONTACT', message: 'x', fields: [{ field, message: 'x' }] } } });
    expect(translateError(answer('number'))).toBe('Já existe um contato com este número. (Número)');
    expect(translateError(answer('somethingUnknown'))).toBe('Já existe um contato com este número.');
  });
});
