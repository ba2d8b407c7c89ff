import { describe, expect, it } from 'vitest';
import { contactNumber, createContactBody, createQuickMessageBody, optionalEmail, tagName } from '@atende/kit/contracts';
import { changeLanguage } from '../../i18n';
import { validationText, zodRule } from './zodRule';
import { ruleFailure } from './ruleFailure';

describe('form validation messages', () => {
  it('translates the shared messages and keeps any other text', () => {
    const t = (key: string) => `<${key}>`;
    expect(validationText('Too Short!', t)).toBe('<formValidation.tooShort>');
    expect(validationText('Too Long!', t)).toBe('<formValidation.tooLong>');
    expect(validationText('Required', t)).toBe('<formValidation.required>');
    expect(validationText('Invalid email', t)).toBe('<formValidation.invalidEmail>');
    expect(validationText('Nome é obrigatório', t)).toBe('<formValidation.companyNameRequired>');
    expect(validationText('Something else', t)).toBe('Something else');
  });

  it("shows the contact and user form messages as the spec quotes them in pt-BR ('Too Short!', 'Required'…), translated in es", async () => {
    await changeLanguage('pt-BR');
    expect(await ruleFailure(zodRule(createContactBody.shape.name), 'a')).toBe('Too Short!');
    expect(await ruleFailure(zodRule(createContactBody.shape.name), '')).toBe('Required');
    expect(await ruleFailure(zodRule(createContactBody.shape.name), 'a'.repeat(251))).toBe('Too Long!');
    expect(await ruleFailure(zodRule(contactNumber), '123')).toBe('Too Short!');
    // A number with letters: not a message the spec lists, so never left in English on a Portuguese screen.
    expect(await ruleFailure(zodRule(contactNumber), 'abcdefghij')).toBe('Informe um número de telefone (somente dígitos)');
    expect(await ruleFailure(zodRule(optionalEmail, { optionalEmpty: true }), 'nope')).toBe('Invalid email');
    expect(await ruleFailure(zodRule(optionalEmail, { optionalEmpty: true }), '')).toBeNull();
    await changeLanguage('es');
    expect(await ruleFailure(zodRule(createContactBody.shape.name), 'a')).toBe('¡Demasiado corto!');
    await changeLanguage('en');
    expect(await ruleFailure(zodRule(createContactBody.shape.name), 'a')).toBe('Too Short!');
    await changeLanguage('pt-BR');
  });

  it("shows the Portuguese texts the spec quotes (tags, quick messages) as quoted in pt-BR, translated in en and es", async () => {
    await changeLanguage('pt-BR');
    expect(await ruleFailure(zodRule(tagName), '')).toBe('Obrigatório');
    expect(await ruleFailure(zodRule(tagName), 'ab')).toBe('Mensagem muito curta');
    await changeLanguage('en');
    expect(await ruleFailure(zodRule(tagName), '')).toBe('Required');
    expect(await ruleFailure(zodRule(createQuickMessageBody.shape.shortcode), '')).toBe('Required');
    await changeLanguage('es');
    expect(await ruleFailure(zodRule(tagName), 'ab')).toBe('Mensaje muy corto');
    await changeLanguage('pt-BR');
  });
});
