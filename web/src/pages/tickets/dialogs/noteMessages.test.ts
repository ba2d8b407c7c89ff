import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from '../../../i18n';
import { validateNote } from './dialogRules';

// en and es are fetched when chosen (pt-BR is bundled).
beforeAll(() => Promise.all([loadLanguage('en'), loadLanguage('es')]));

/** The contact drawer shows a note's problem as `notes.<problem>` of the ticketDialogs texts. */
const shown = (text: string, lng: string) => {
  const problem = validateNote(text);
  return problem ? i18n.t(`notes.${problem}`, { ns: 'ticketDialogs', lng }) : null;
};

describe("ticket note messages (spec 000 §5: 'Too Short!', 'Required')", () => {
  it('are the quoted texts in pt-BR and en', () => {
    for (const lng of ['pt-BR', 'en']) {
      expect(shown('', lng)).toBe('Required');
      expect(shown('a', lng)).toBe('Too Short!');
    }
  });
  it('are translated in es', () => {
    expect(shown('', 'es')).toBe('Obligatorio');
    expect(shown('a', 'es')).toBe('¡Muy corta!');
  });
});
