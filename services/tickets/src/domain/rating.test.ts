import { describe, expect, it } from 'vitest';
import { parseRate, rateAnswer, ratingExpired, ratingRequestText } from './rating.js';

describe('rating rules', () => {
  it('reads a rate only from an answer that is one digit 1 to 5', () => {
    for (const [body, rate] of [['5', 5], [' 1 ', 1], ['*3*', 3], ['4.', 4], ['2\ufe0f\u20e3', 2]] as const) expect(parseRate(body)).toBe(rate);
    for (const body of ['0', '6', '10', '5 estrelas', 'nota 5', '', 'ótimo']) expect(parseRate(body)).toBeNull();
  });

  it('asks again on other answers until the limit, then gives up', () => {
    expect(rateAnswer('5', 0, 3)).toEqual({ kind: 'rated', rate: 5 });
    expect(rateAnswer('bom', 0, 3)).toEqual({ kind: 'ask-again', attempts: 1 });
    expect(rateAnswer('bom', 1, 3)).toEqual({ kind: 'ask-again', attempts: 2 });
    expect(rateAnswer('bom', 2, 3)).toEqual({ kind: 'give-up' });
    expect(rateAnswer('bom', 0, 1)).toEqual({ kind: 'give-up' });
    expect(rateAnswer('3', 2, 3)).toEqual({ kind: 'rated', rate: 3 });
  });

  it('expires a request after the connection minutes, never with 0', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(ratingExpired(new Date('2026-11-24T11:30:00Z'), 30, now)).toBe(true);
    expect(ratingExpired(new Date('2026-11-24T11:31:00Z'), 30, now)).toBe(false);
    expect(ratingExpired(new Date('2026-11-20T00:00:00Z'), 0, now)).toBe(false);
    expect(ratingExpired(null, 30, now)).toBe(false);
  });

  it("sends the connection's message with the scale, a default one when empty", () => {
    const text = ratingRequestText('Avalie, por favor');
    expect(text.startsWith('Avalie, por favor\n\nDigite de 1 a 5')).toBe(true);
    expect(text).toContain('*1* - _Muito insatisfeito_');
    expect(ratingRequestText('  ')).toContain('{{userName}}');
  });
});
