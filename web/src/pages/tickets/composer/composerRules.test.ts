import { describe, expect, it } from 'vitest';
import {
  buildVCard,
  contactCard,
  correctedTextOf,
  correctionFailure,
  insertAtCaret,
  mergeFiles,
  orderQuickReplies,
  parseFavourites,
  quickHasMedia,
  quickLabel,
  quickMediaName,
  quickPreview,
  signAllowed,
  signText,
  splitSignature,
  stampedName,
  textCorrectorEnabled,
  toggleFavourite,
} from './composerRules';
import { EMOJI_CATEGORIES } from './emojis';

describe('splitSignature', () => {
  it("separates the sender's own signature from the text, and leaves anything else whole", () => {
    expect(splitSignature('*Ana Souza:*\nOlá, tudo bem?', 'Ana Souza')).toEqual({ signature: '*Ana Souza:*\n', text: 'Olá, tudo bem?' });
    expect(splitSignature('*Bia:*\nOlá', 'Ana Souza')).toEqual({ signature: '', text: '*Bia:*\nOlá' });
    expect(splitSignature('Olá', 'Ana Souza')).toEqual({ signature: '', text: 'Olá' });
    expect(splitSignature('*:*\nOlá', '')).toEqual({ signature: '', text: '*:*\nOlá' });
  });
});

describe('signText', () => {
  it('prefixes the name in bold and a line break when on', () => {
    expect(signText('Olá, tudo bem?', 'Ana Souza', true)).toBe('*Ana Souza:*\nOlá, tudo bem?');
  });
  it('leaves the text alone when off, without a name, or when the text is blank', () => {
    expect(signText('Olá', 'Ana', false)).toBe('Olá');
    expect(signText('Olá', '  ', true)).toBe('Olá');
    expect(signText('Olá', null, true)).toBe('Olá');
    expect(signText('  ', 'Ana', true)).toBe('  ');
  });
  it('is allowed unless the company disabled it', () => {
    expect(signAllowed('enabled')).toBe(true);
    expect(signAllowed(null)).toBe(true);
    expect(signAllowed('disabled')).toBe(false);
  });
});

describe('quick replies', () => {
  const q = (id: number, shortcode: string, message = 'm') => ({ id, shortcode, message, mediaPath: null, mediaName: null });

  it('labels as /shortcode - message cut at 90 and previews 100', () => {
    const long = 'x'.repeat(200);
    expect(quickLabel({ shortcode: 'oi', message: 'Olá!' })).toBe('/oi - Olá!');
    const label = quickLabel({ shortcode: 'oi', message: long });
    expect(label).toBe(`/oi - ${'x'.repeat(84)}...`);
    expect(label.length).toBe(93);
    expect(quickPreview({ message: long })).toBe(`${'x'.repeat(100)}...`);
  });

  it('reads stored favourites defensively', () => {
    expect(parseFavourites(null)).toEqual([]);
    expect(parseFavourites('not json')).toEqual([]);
    expect(parseFavourites('{"a":1}')).toEqual([]);
    expect(parseFavourites('[3, 3, "x", -1, 1.5, 7]')).toEqual([3, 7]);
  });

  it('toggles a favourite', () => {
    expect(toggleFavourite([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleFavourite([1, 2, 3], 2)).toEqual([1, 3]);
  });

  it('lists favourites first, each group by shortcode', () => {
    const list = [q(1, 'zeta'), q(2, 'alfa'), q(3, 'Beta'), q(4, 'gama')];
    expect(orderQuickReplies(list, [4, 1]).map((x) => x.id)).toEqual([4, 1, 2, 3]);
    expect(orderQuickReplies(list, []).map((x) => x.shortcode)).toEqual(['alfa', 'Beta', 'gama', 'zeta']);
    expect(orderQuickReplies(list, [99]).length).toBe(4);
  });

  it('knows which carry media and names the file', () => {
    expect(quickHasMedia({ mediaPath: null })).toBe(false);
    expect(quickHasMedia({ mediaPath: '/api/media/tickets/a.pdf?sig=1' })).toBe(true);
    expect(quickMediaName({ mediaName: 'tabela.pdf', mediaPath: '/x/y.pdf' })).toBe('tabela.pdf');
    expect(quickMediaName({ mediaName: null, mediaPath: '/api/media/tickets/c1/quick/abc%20d.pdf?exp=1&sig=2' })).toBe('abc d.pdf');
    expect(quickMediaName({ mediaName: null, mediaPath: null })).toBe('file');
  });
});

describe('insertAtCaret', () => {
  it('inserts at the caret or replaces the selection', () => {
    expect(insertAtCaret('Olá mundo', 3, 3, '😀')).toEqual({ text: 'Olá😀 mundo', caret: 5 });
    expect(insertAtCaret('Olá mundo', 4, 9, 'você')).toEqual({ text: 'Olá você', caret: 8 });
  });
  it('appends when the caret is unknown and clamps out-of-range positions', () => {
    expect(insertAtCaret('abc', null, null, '!')).toEqual({ text: 'abc!', caret: 4 });
    expect(insertAtCaret('abc', 10, 20, '!')).toEqual({ text: 'abc!', caret: 4 });
    expect(insertAtCaret('abc', 2, 1, '!')).toEqual({ text: 'ab!c', caret: 3 });
  });
});

describe('files', () => {
  it('merges picked files without repeating one', () => {
    const a = { name: 'a.png', size: 1, lastModified: 1 };
    const b = { name: 'b.pdf', size: 2, lastModified: 1 };
    expect(mergeFiles([a], [a, b, b])).toEqual([a, b]);
  });

  it('names snapshots and recordings by local time', () => {
    expect(stampedName('foto', 'jpg', new Date(2024, 0, 2, 3, 4, 5))).toBe('foto-20240102-030405.jpg');
  });
});

describe('contact card', () => {
  it('takes the name and the number digits', () => {
    expect(contactCard({ name: ' Carla Paciente ', number: '+55 (11) 98765-4321', isGroup: false })).toEqual({
      name: 'Carla Paciente',
      number: '5511987654321',
    });
  });
  it('refuses groups and contacts without a number', () => {
    expect(contactCard({ name: 'Grupo', number: '1203630', isGroup: true })).toBeNull();
    expect(contactCard({ name: 'Sem número', number: 'abc', isGroup: false })).toBeNull();
    expect(contactCard({ name: '  ', number: '5511', isGroup: false })).toBeNull();
  });
  it('builds the same vCard the server writes', () => {
    expect(buildVCard({ name: 'Carla', number: '5511987654321' })).toBe(
      ['BEGIN:VCARD', 'VERSION:3.0', 'N:;Carla;;;', 'FN:Carla', 'TEL;type=CELL;waid=5511987654321:+5511987654321', 'END:VCARD'].join('\n'),
    );
  });
});

describe('emoji set', () => {
  it('has categories without empty or repeated entries', () => {
    const all = EMOJI_CATEGORIES.flatMap((c) => c.emojis);
    expect(EMOJI_CATEGORIES.length).toBeGreaterThanOrEqual(8);
    expect(all.every((e) => e.length > 0)).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('text corrector', () => {
  const failed = (status: number | undefined, data?: unknown) => ({ isAxiosError: true, response: status === undefined ? undefined : { status, data } });

  it('is offered only when the company setting is enabled', () => {
    expect(textCorrectorEnabled('enabled')).toBe(true);
    expect(textCorrectorEnabled('disabled')).toBe(false);
    expect(textCorrectorEnabled(null)).toBe(false);
  });

  it('reads the corrected text, none when missing or blank', () => {
    expect(correctedTextOf({ correctedText: 'Olá, tudo bem?' })).toBe('Olá, tudo bem?');
    expect(correctedTextOf({ correctedText: '  ' })).toBeNull();
    expect(correctedTextOf({})).toBeNull();
    expect(correctedTextOf(null)).toBeNull();
  });

  it("says the server's error text first, then by status, otherwise a network error", () => {
    expect(correctionFailure(failed(400, { error: 'Nenhum modelo configurado' }))).toEqual({ kind: 'server', text: 'Nenhum modelo configurado' });
    expect(correctionFailure(failed(500, { message: 'API key missing' }))).toEqual({ kind: 'server', text: 'API key missing' });
    expect(correctionFailure(failed(400, {}))).toEqual({ kind: 'invalidRequest' });
    expect(correctionFailure(failed(500, '<html>oops</html>'))).toEqual({ kind: 'serverError' });
    expect(correctionFailure(failed(502))).toEqual({ kind: 'network' });
    expect(correctionFailure(failed(undefined))).toEqual({ kind: 'network' });
    expect(correctionFailure(new Error('boom'))).toEqual({ kind: 'network' });
  });

  it("passes the server's corrector codes on (no model, no API key, unsupported model: each translated by the errors namespace)", () => {
    for (const code of ['ERR_TEXT_CORRECTOR_NO_MODEL', 'ERR_TEXT_CORRECTOR_NO_API_KEY', 'ERR_TEXT_CORRECTOR_UNSUPPORTED_MODEL']) {
      expect(correctionFailure(failed(400, { error: code, message: 'English detail' }))).toEqual({ kind: 'server', text: code });
    }
  });
});
