/**
 * WhatsApp's inline formatting, as WhatsApp Web shows it: *bold*, _italic_, ~strike~ and
 * ```monospace```. Pure: the text becomes a tree of plain strings and styled spans (rendered as React
 * elements by WhatsappText, never as HTML), or plain text without the markers (list previews).
 *
 * The rules WhatsApp follows: a marker opens at the start of the text or after a character that is not a
 * letter or digit, and is followed by a non-space; it closes before a character that is not a letter or
 * digit (or the end), after a non-space, on the same line. So `2*3*4`, `snake_case_name` and `* not bold *`
 * stay as typed. Styles nest (`*_both_*`); monospace may span lines and holds no other style.
 */

export type WhatsappStyle = 'bold' | 'italic' | 'strike' | 'mono';
export type WhatsappNode = string | { style: WhatsappStyle; children: WhatsappNode[] };

const INLINE: Record<string, WhatsappStyle> = { '*': 'bold', _: 'italic', '~': 'strike' };
const MONO = '```';

const isWordChar = (ch: string | undefined): boolean => !!ch && /[\p{L}\p{N}]/u.test(ch);
const isSpace = (ch: string | undefined): boolean => !!ch && /\s/u.test(ch);

/** Appends a node, merging neighbouring strings. */
function push(nodes: WhatsappNode[], node: WhatsappNode): void {
  const last = nodes[nodes.length - 1];
  if (typeof node === 'string' && typeof last === 'string') nodes[nodes.length - 1] = last + node;
  else if (node !== '') nodes.push(node);
}

/**
 * Where the marker opened at `open` closes (the index of the closing marker), or -1. `noCloserBefore`
 * remembers, per marker, up to where a scan found no closer: whether an index closes does not depend on
 * the opener, so a later opener before that point cannot close either (linear on long unclosed lines).
 */
function closingOf(text: string, open: number, marker: string, noCloserBefore: Record<string, number>): number {
  if (isWordChar(text[open - 1])) return -1;
  if (!text[open + 1] || isSpace(text[open + 1]) || text[open + 1] === marker) return -1;
  if (open < (noCloserBefore[marker] ?? -1)) return -1;
  let i = open + 2;
  for (; i < text.length && text[i] !== '\n'; i++) {
    if (text[i] === marker && !isSpace(text[i - 1]) && !isWordChar(text[i + 1])) return i;
  }
  noCloserBefore[marker] = i;
  return -1;
}

/** Bold, italic and strike (no monospace) of a piece of text. */
function parseInline(text: string): WhatsappNode[] {
  const nodes: WhatsappNode[] = [];
  const noCloserBefore: Record<string, number> = {};
  let plainFrom = 0;
  let i = 0;
  while (i < text.length) {
    const style = INLINE[text[i]!];
    const close = style ? closingOf(text, i, text[i]!, noCloserBefore) : -1;
    if (style && close > 0) {
      push(nodes, text.slice(plainFrom, i));
      push(nodes, { style, children: parseInline(text.slice(i + 1, close)) });
      i = close + 1;
      plainFrom = i;
    } else {
      i += 1;
    }
  }
  push(nodes, text.slice(plainFrom));
  return nodes;
}

/** The formatting tree of a message text. */
export function parseWhatsapp(text: string | null | undefined): WhatsappNode[] {
  const value = text ?? '';
  const nodes: WhatsappNode[] = [];
  let from = 0;
  for (;;) {
    const open = value.indexOf(MONO, from);
    const close = open < 0 ? -1 : value.indexOf(MONO, open + MONO.length + 1);
    if (open < 0 || close < 0) break;
    for (const node of parseInline(value.slice(from, open))) push(nodes, node);
    push(nodes, { style: 'mono', children: [value.slice(open + MONO.length, close)] });
    from = close + MONO.length;
  }
  for (const node of parseInline(value.slice(from))) push(nodes, node);
  return nodes;
}

const plain = (nodes: WhatsappNode[]): string => nodes.map((node) => (typeof node === 'string' ? node : plain(node.children))).join('');

/** The text without the formatting markers (ticket list previews). */
export function stripWhatsapp(text: string | null | undefined): string {
  return plain(parseWhatsapp(text));
}
