import { memo, useMemo, type CSSProperties, type ReactNode } from 'react';
import { parseWhatsapp, type WhatsappNode } from './whatsappFormat';

const MONO_STYLE: CSSProperties = { fontFamily: 'SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace', fontSize: '0.92em' };

function render(nodes: WhatsappNode[], prefix: string): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return node;
    const key = `${prefix}${i}`;
    const children = render(node.children, `${key}.`);
    if (node.style === 'bold') return <strong key={key}>{children}</strong>;
    if (node.style === 'italic') return <em key={key}>{children}</em>;
    if (node.style === 'strike') return <s key={key}>{children}</s>;
    return (
      <code key={key} style={MONO_STYLE}>
        {children}
      </code>
    );
  });
}

/**
 * A message text with WhatsApp's inline formatting (bold, italic, strike, monospace) as React elements:
 * the text is never read as HTML. Line breaks are kept as characters (the bubble wraps with pre-wrap).
 */
export const WhatsappText = memo(function WhatsappText({ text }: { text: string | null | undefined }) {
  const nodes = useMemo(() => parseWhatsapp(text), [text]);
  return <>{render(nodes, '')}</>;
});
