import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseWhatsapp, stripWhatsapp } from './whatsappFormat';
import { WhatsappText } from './WhatsappText';

const html = (text: string) => renderToStaticMarkup(<WhatsappText text={text} />);

describe('WhatsApp formatting in the message bubble', () => {
  it('shows the signature of a signed message in bold, without the asterisks', () => {
    expect(html('*Atendente Web:*\nMensagem de teste do atendente')).toBe('<strong>Atendente Web:</strong>\nMensagem de teste do atendente');
  });

  it('renders italic, strike and monospace', () => {
    expect(html('_itálico_ ~riscado~ ```código```')).toBe('<em>itálico</em> <s>riscado</s> <code style="font-family:SFMono-Regular, Menlo, Consolas, &quot;Liberation Mono&quot;, monospace;font-size:0.92em">código</code>');
  });

  it('nests styles', () => {
    expect(html('*_ambos_*')).toBe('<strong><em>ambos</em></strong>');
    expect(html('*negrito com _itálico_ dentro*')).toBe('<strong>negrito com <em>itálico</em> dentro</strong>');
  });

  it('never reads the text as HTML', () => {
    expect(html('*<img src=x onerror=alert(1)>* <b>oi</b>')).toBe('<strong>&lt;img src=x onerror=alert(1)&gt;</strong> &lt;b&gt;oi&lt;/b&gt;');
  });

  it('keeps line breaks and links as typed', () => {
    expect(html('linha 1\nveja https://exemplo.com/a_b_c e *fim*')).toBe('linha 1\nveja https://exemplo.com/a_b_c e <strong>fim</strong>');
  });
});

describe('parseWhatsapp', () => {
  it('leaves markers that do not open or close at a word boundary', () => {
    for (const text of ['2*3*4', 'snake_case_name', '* não negrito *', '*sem fim', 'a*b* c', '**', '~~', 'x ``` y']) expect(parseWhatsapp(text)).toEqual([text]);
  });

  it('does not format across lines, except monospace', () => {
    expect(parseWhatsapp('*linha\noutra*')).toEqual(['*linha\noutra*']);
    expect(parseWhatsapp('```a\nb```')).toEqual([{ style: 'mono', children: ['a\nb'] }]);
  });

  it('closes at the first valid marker and accepts punctuation around', () => {
    expect(parseWhatsapp('(*a*), *b*!')).toEqual(['(', { style: 'bold', children: ['a'] }, '), ', { style: 'bold', children: ['b'] }, '!']);
  });

  it('keeps no other style inside monospace', () => {
    expect(parseWhatsapp('```*x*```')).toEqual([{ style: 'mono', children: ['*x*'] }]);
  });

  it('copes with empty and long unclosed texts', () => {
    expect(parseWhatsapp('')).toEqual([]);
    expect(parseWhatsapp(null)).toEqual([]);
    const long = '*a '.repeat(20_000);
    expect(stripWhatsapp(long)).toBe(long);
  });
});

describe('stripWhatsapp (ticket list preview)', () => {
  it('drops the markers and keeps the text', () => {
    expect(stripWhatsapp('*Atendente Web:*\nMensagem de teste')).toBe('Atendente Web:\nMensagem de teste');
    expect(stripWhatsapp('_oi_ ~tchau~ ```x``` 2*3*4')).toBe('oi tchau x 2*3*4');
    expect(stripWhatsapp(undefined)).toBe('');
  });
});
