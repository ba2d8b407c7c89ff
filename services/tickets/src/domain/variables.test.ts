import { describe, expect, it } from 'vitest';
import { greetingFor, replaceVariables, type VariableContext } from './variables.js';

const ctx = (over: Partial<VariableContext> = {}): VariableContext => ({
  contact: { name: 'Maria da Silva', number: '5511999990000' },
  user: { name: 'Ana' },
  ticket: { id: 42 },
  queue: { name: 'Suporte' },
  connection: { name: 'Recepção' },
  // 2024-03-05 14:07:09 in São Paulo (UTC-3)
  now: new Date('2024-03-05T17:07:09Z'),
  timeZone: 'America/Sao_Paulo',
  ...over,
});

describe('message variables', () => {
  it('replaces every variable of the spec', () => {
    const text = '{{ms}}, {{firstName}}! {{name}} / {{userName}} / {{protocol}} / {{date}} {{hour}} / #{{ticket_id}} / {{queue}} / {{connection}}';
    expect(replaceVariables(text, ctx())).toBe('Boa tarde, Maria! Maria da Silva / Ana / 2024030514070942 / 05/03/2024 14:07:09 / #42 / Suporte / Recepção');
  });

  it('accepts spaces inside the braces and leaves unknown placeholders alone', () => {
    expect(replaceVariables('Oi {{ firstName }} {{unknown}} {single}', ctx())).toBe('Oi Maria {{unknown}} {single}');
  });

  it('uses empty strings for missing user, queue and connection', () => {
    expect(replaceVariables('[{{userName}}][{{queue}}][{{connection}}]', ctx({ user: null, queue: null, connection: null }))).toBe('[][][]');
  });

  it('greets by the time of day in the configured time zone', () => {
    expect(replaceVariables('{{ms}}', ctx({ now: new Date('2024-03-05T12:00:00Z') }))).toBe('Bom dia'); // 09:00 local
    expect(replaceVariables('{{ms}}', ctx({ now: new Date('2024-03-05T23:30:00Z') }))).toBe('Boa noite'); // 20:30 local
    expect(replaceVariables('{{ms}}', ctx({ now: new Date('2024-03-05T12:00:00Z'), timeZone: 'Asia/Tokyo' }))).toBe('Boa noite'); // 21:00 Tokyo
    expect([greetingFor(4), greetingFor(5), greetingFor(11), greetingFor(12), greetingFor(17), greetingFor(18), greetingFor(23)]).toEqual([
      'Boa noite', 'Bom dia', 'Bom dia', 'Boa tarde', 'Boa tarde', 'Boa noite', 'Boa noite',
    ]);
  });

  it('leaves a text without placeholders unchanged', () => {
    expect(replaceVariables('Obrigado pelo contato', ctx())).toBe('Obrigado pelo contato');
  });

  it('does not treat $ patterns in values as replacement tokens', () => {
    expect(replaceVariables('{{name}}', ctx({ contact: { name: "$& $' $1" } }))).toBe("$& $' $1");
  });
});
