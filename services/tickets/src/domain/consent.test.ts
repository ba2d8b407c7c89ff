import { describe, expect, it } from 'vitest';
import { consentAnswer, consentNeeded, consentRequestText } from './consent.js';

describe('LGPD consent rules', () => {
  it('reads 1 and 2 as the contact types them; anything else asks again up to the limit, then gives up', () => {
    for (const body of ['1', ' 1 ', '*1*', '1.', '1)']) expect(consentAnswer(body, 0, 3)).toEqual({ kind: 'accepted' });
    for (const body of ['2', '*2*', '2-']) expect(consentAnswer(body, 0, 3)).toEqual({ kind: 'refused' });
    expect(consentAnswer('sim', 0, 3)).toEqual({ kind: 'ask-again', attempts: 1 });
    expect(consentAnswer('12', 2, 3)).toEqual({ kind: 'ask-again', attempts: 3 });
    expect(consentAnswer('12', 3, 3)).toEqual({ kind: 'give-up' });
  });

  it('asks a contact who never consented, or everyone with lgpdConsent; nobody without enableLGPD', () => {
    const before = new Date('2026-01-01');
    expect(consentNeeded({ enableLGPD: true, lgpdConsent: false }, null)).toBe(true);
    expect(consentNeeded({ enableLGPD: true, lgpdConsent: false }, before)).toBe(false);
    expect(consentNeeded({ enableLGPD: true, lgpdConsent: true }, before)).toBe(true);
    expect(consentNeeded({ enableLGPD: false, lgpdConsent: true }, null)).toBe(false);
  });

  it("the request: the company's message (a default when empty), its link, then the choices", () => {
    expect(consentRequestText('Aceita?', '')).toBe('Aceita?\n\nEstou ciente sobre o tratamento dos meus dados pessoais:\n*1* - Sim, aceito\n*2* - Não aceito');
    expect(consentRequestText('  ', 'https://x.example/lgpd')).toMatch(/^Olá \{\{firstName\}\}!.*LGPD\)\.\n\nhttps:\/\/x\.example\/lgpd\n\n/s);
  });
});
