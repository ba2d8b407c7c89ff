import { describe, expect, it } from 'vitest';
import type { QueueIntegration } from '@atende/kit/contracts';
import { fieldsOfType, integrationFormValues, integrationProblems, toIntegrationBody, toIntegrationEvent, toTestBody, type IntegrationFormValues } from './queueIntegrationRules';

const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n';
const key = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: 'service_account', project_id: 'clinica', private_key: PEM, client_email: 'bot@clinica.iam.gserviceaccount.com', ...extra });
const form = (over: Partial<IntegrationFormValues> = {}): IntegrationFormValues => ({ ...integrationFormValues(null), ...over });

const record: QueueIntegration = {
  id: 7,
  companyId: 1,
  type: 'dialogflow',
  name: 'Agente',
  projectName: 'clinica',
  jsonContent: key(),
  language: 'es',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('integration form', () => {
  it('starts a new one with the Typebot defaults (expiry 1 minute, 1000 ms between messages)', () => {
    expect(integrationFormValues(null)).toMatchObject({ type: 'typebot', typebotExpires: 1, typebotDelayMessage: 1000, language: 'pt-BR', name: '' });
    expect(integrationFormValues(record)).toMatchObject({ type: 'dialogflow', projectName: 'clinica', language: 'es', jsonContent: record.jsonContent });
  });

  it('shows each type its own fields', () => {
    expect(fieldsOfType('dialogflow')).toEqual(['projectName', 'language', 'jsonContent']);
    expect(fieldsOfType('n8n')).toEqual(['urlN8N']);
    expect(fieldsOfType('webhook')).toEqual(['urlN8N']);
    expect(fieldsOfType('typebot')).toContain('typebotSlug');
    expect(fieldsOfType('typebot')).toContain('typebotRestartMessage');
  });

  it("sends the type's fields only, trimmed", () => {
    expect(toIntegrationBody(form({ type: 'webhook', name: ' CRM ', urlN8N: ' https://h.example.com/x ', jsonContent: 'left over' }))).toEqual({
      type: 'webhook',
      name: 'CRM',
      urlN8N: 'https://h.example.com/x',
    });
    const typebot = toIntegrationBody(form({ name: 'Bot', urlN8N: 'https://t.example.com', typebotSlug: 'agenda', typebotExpires: null }));
    expect(typebot).toMatchObject({ type: 'typebot', typebotSlug: 'agenda', typebotExpires: 1, typebotDelayMessage: 1000 });
    expect(toTestBody(form({ type: 'dialogflow', projectName: 'clinica', jsonContent: key(), language: 'en' }))).toEqual({
      type: 'dialogflow',
      projectName: 'clinica',
      jsonContent: key(),
      language: 'en',
    });
    expect(toTestBody(form({ type: 'n8n', urlN8N: 'https://n8n.example.com/webhook' }))).toEqual({ type: 'n8n', urlN8N: 'https://n8n.example.com/webhook' });
  });

  it('checks spec 002 §5 per type, one problem per field', () => {
    expect(integrationProblems(form({ name: 'A', urlN8N: '', typebotSlug: '' }))).toEqual({
      name: { key: 'validation.tooShort' },
      urlN8N: { key: 'validation.required' },
      typebotSlug: { key: 'validation.required' },
    });
    expect(integrationProblems(form({ type: 'webhook', name: 'Hook', urlN8N: 'ftp://x' }))).toEqual({ urlN8N: { key: 'validation.url' } });
    expect(integrationProblems(form({ type: 'webhook', name: 'x'.repeat(51), urlN8N: 'https://ok.example.com' }))).toEqual({ name: { key: 'validation.tooLong' } });
    expect(integrationProblems(form({ type: 'dialogflow', name: 'Agente' }))).toEqual({
      projectName: { key: 'validation.required' },
      jsonContent: { key: 'validation.required' },
    });
    expect(integrationProblems(form({ type: 'dialogflow', name: 'Agente', projectName: 'p', jsonContent: '{oops' })).jsonContent).toEqual({ key: 'validation.key.json', values: { key: '' } });
    expect(integrationProblems(form({ type: 'dialogflow', name: 'Agente', projectName: 'p', jsonContent: key({ client_email: undefined }) })).jsonContent).toEqual({
      key: 'validation.key.missing',
      values: { key: 'client_email' },
    });
    expect(integrationProblems(form({ type: 'dialogflow', name: 'Agente', projectName: 'p', jsonContent: key() }))).toEqual({});
    expect(integrationProblems(form({ name: 'Bot', urlN8N: 'https://t.example.com', typebotSlug: 's', typebotDelayMessage: -5 }))).toEqual({
      typebotDelayMessage: { key: 'validation.notNegative' },
    });
  });

  it('reads the live events: create/update carry queueIntegration, delete integrationId', () => {
    expect(toIntegrationEvent({ action: 'create', queueIntegration: record })).toEqual({ action: 'create', record });
    expect(toIntegrationEvent({ action: 'delete', integrationId: 7 })).toEqual({ action: 'delete', id: 7 });
    expect(toIntegrationEvent({ action: 'delete', id: 7 })).toBeNull();
    expect(toIntegrationEvent('nonsense')).toBeNull();
  });
});
