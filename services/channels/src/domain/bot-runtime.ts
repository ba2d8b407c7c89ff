import { PROMPT_TRANSFER_MARKER, type BotReplyMedia, type BotTurn } from '@atende/kit';
import type { ChatCompletionRequest, ChatMessage } from './ai-requests.js';

/**
 * The bot runtime's rules, pure (no I/O): how a Typebot answer, an n8n/webhook answer and a Dialogflow
 * answer become the texts a ticket receives; when a Typebot session has expired and which keywords end or
 * restart it; and the chat completion an AI prompt answers with, and how its hand-over marker reads.
 * The calls themselves are in integrations/bot-services.ts; the consumer in events/bot-turns.ts.
 */

/** What a bot answered a turn: texts (then stored files, e.g. a prompt's voice note) to post in order, and whether the bot is done with the ticket. */
export type BotAnswer = { texts: string[]; medias?: BotReplyMedia[]; end: boolean };
export const nothing = (): BotAnswer => ({ texts: [], end: false });

const clean = (texts: string[]) => texts.map((t) => t.trim()).filter((t) => t !== '');

// ---------- Typebot ----------

/** Same words, whatever the case, accents aside from that and surrounding spaces. */
export const sameKeyword = (body: string, keyword: string): boolean => keyword.trim() !== '' && body.trim().toLocaleLowerCase('pt-BR') === keyword.trim().toLocaleLowerCase('pt-BR');

/** A session silent for longer than `expiresMinutes` starts over (0: it never expires). */
export function typebotSessionExpired(lastActivityAt: Date, expiresMinutes: number, now = new Date()): boolean {
  return expiresMinutes > 0 && now.getTime() - lastActivityAt.getTime() > expiresMinutes * 60_000;
}

type RichNode = { text?: unknown; type?: unknown; children?: unknown; bold?: unknown; italic?: unknown; url?: unknown };

/** Slate rich text (Typebot's text bubbles) as WhatsApp text: paragraphs on their own lines, *bold*, _italic_, links with their URL. */
export function richTextToWhatsApp(nodes: unknown): string {
  const inline = (node: RichNode): string => {
    if (typeof node.text === 'string') {
      let text = node.text;
      if (text.trim() === '') return text;
      const lead = text.match(/^\s*/)![0];
      const trail = text.match(/\s*$/)![0];
      text = text.trim();
      if (node.italic) text = `_${text}_`;
      if (node.bold) text = `*${text}*`;
      return `${lead}${text}${trail}`;
    }
    const children = Array.isArray(node.children) ? (node.children as RichNode[]).map(inline).join('') : '';
    if (node.type === 'a' && typeof node.url === 'string' && node.url && !children.includes(node.url)) return children ? `${children} (${node.url})` : node.url;
    return children;
  };
  if (!Array.isArray(nodes)) return '';
  return (nodes as RichNode[])
    .map((block) => {
      if (block.type === 'ul' || block.type === 'ol') {
        const items = Array.isArray(block.children) ? (block.children as RichNode[]) : [];
        return items.map((item, i) => `${block.type === 'ol' ? `${i + 1}.` : '•'} ${inline(item).trim()}`).join('\n');
      }
      return inline(block);
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Typebot's markdown bubbles (textBubbleContentFormat 'markdown') in WhatsApp's marks. */
export const markdownToWhatsApp = (markdown: string): string =>
  markdown
    .replace(/\*\*(.+?)\*\*/g, '\u2063$1\u2063')
    .replace(/(^|[^*])\*(?!\s)(.+?)\*/g, '$1_$2_')
    .replace(/\u2063/g, '*')
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1 ($2)')
    .trim();

type TypebotMessage = { type?: unknown; content?: unknown };
type TypebotInput = { type?: unknown; items?: unknown; options?: unknown };

/** The text of one Typebot message: text bubbles as WhatsApp text, media and embeds as their URL. */
function typebotMessageText(message: TypebotMessage): string {
  const content = (message.content ?? {}) as { richText?: unknown; markdown?: unknown; plainText?: unknown; url?: unknown; type?: unknown };
  if (message.type === 'text') {
    if (Array.isArray(content.richText)) return richTextToWhatsApp(content.richText);
    if (typeof content.markdown === 'string') return markdownToWhatsApp(content.markdown);
    if (typeof content.plainText === 'string') return content.plainText;
    return '';
  }
  return typeof content.url === 'string' ? content.url : '';
}

/** A choice input's items as numbered lines ("1 - Consultas"), the way WhatsApp users answer. */
function choiceLines(input: TypebotInput | null | undefined): string | null {
  if (!input || (input.type !== 'choice input' && input.type !== 'buttons input')) return null;
  const items = Array.isArray(input.items) ? (input.items as { content?: unknown }[]) : [];
  const lines = items.map((item, i) => (typeof item.content === 'string' && item.content.trim() ? `${i + 1} - ${item.content.trim()}` : '')).filter(Boolean);
  return lines.length > 0 ? lines.join('\n') : null;
}

export type TypebotReply = { texts: string[]; /** The flow waits for the contact (an input block); without one the flow is over. */ waiting: boolean };

/** startChat / continueChat answer → texts in order (the choice list last) and whether the flow still waits. */
export function readTypebotAnswer(answer: unknown): TypebotReply {
  const body = (answer ?? {}) as { messages?: unknown; input?: TypebotInput | null };
  const messages = Array.isArray(body.messages) ? (body.messages as TypebotMessage[]) : [];
  const texts = messages.map(typebotMessageText);
  const choices = choiceLines(body.input);
  if (choices) texts.push(choices);
  return { texts: clean(texts), waiting: !!body.input };
}

/** A choice answered by its number ("2") is sent to Typebot as the item's text, which is what it matches. */
export function typebotMessageFor(body: string, lastInput: unknown): string {
  const input = lastInput as TypebotInput | null;
  const n = /^\s*(\d{1,3})\s*$/.exec(body)?.[1];
  if (!n || !input || !Array.isArray(input.items)) return body;
  const item = (input.items as { content?: unknown }[])[Number(n) - 1];
  return item && typeof item.content === 'string' && item.content.trim() ? item.content.trim() : body;
}

// ---------- n8n and webhook ----------

/** The JSON an n8n workflow or a webhook receives for a turn. */
export function webhookPayload(turn: BotTurn) {
  return {
    event: 'message' as const,
    companyId: turn.companyId,
    ticket: { id: turn.ticketId, uuid: turn.ticketUuid, queueId: turn.queueId },
    contact: { name: turn.contact.name, number: turn.contact.number },
    message: { body: turn.body, mediaType: turn.mediaType },
    recentMessages: turn.recentMessages,
  };
}

/** `reply` (a text) or `messages` (texts) are sent; `end: true` ends the integration; anything else sends nothing. */
export function readWebhookAnswer(answer: unknown): BotAnswer {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return nothing();
  const body = answer as { reply?: unknown; messages?: unknown; end?: unknown };
  const texts: string[] = [];
  if (typeof body.reply === 'string') texts.push(body.reply);
  if (Array.isArray(body.messages)) for (const m of body.messages) if (typeof m === 'string') texts.push(m);
  return { texts: clean(texts), end: body.end === true };
}

// ---------- Dialogflow ----------

/** detectIntent's answer → its text messages (or fulfillmentText) and whether the intent ends the conversation. */
export function readDialogflowAnswer(answer: unknown): BotAnswer {
  const result = ((answer ?? {}) as { queryResult?: Record<string, unknown> }).queryResult ?? {};
  const texts: string[] = [];
  const messages = Array.isArray(result.fulfillmentMessages) ? (result.fulfillmentMessages as { text?: { text?: unknown } }[]) : [];
  for (const m of messages) if (Array.isArray(m.text?.text)) for (const t of m.text.text) if (typeof t === 'string') texts.push(t);
  if (texts.length === 0 && typeof result.fulfillmentText === 'string') texts.push(result.fulfillmentText);
  const intent = (result.intent ?? {}) as { endInteraction?: unknown };
  const diagnostic = (result.diagnosticInfo ?? {}) as { end_conversation?: unknown };
  return { texts: [...new Set(clean(texts))], end: intent.endInteraction === true || diagnostic.end_conversation === true };
}

// ---------- AI prompt ----------

/** What the assistant is told on top of the company's prompt. */
export const PROMPT_INSTRUCTIONS = [
  'You answer customers of this company on WhatsApp as one of its attendants.',
  'Reply in the language the customer writes in, briefly and kindly, in plain text (WhatsApp marks *bold* and _italic_ allowed).',
  `When the customer asks for a human, or you cannot help, reply with the exact line "${PROMPT_TRANSFER_MARKER}" (you may write a short message to the customer before it).`,
].join(' ');

/** The chat completion a prompt answers a turn with: its text and instructions, then the last maxMessages of the conversation. */
export function promptRequest(
  prompt: { prompt: string; maxTokens: number; temperature: number; maxMessages: number },
  turn: Pick<BotTurn, 'recentMessages' | 'contact'>,
  model: string,
): ChatCompletionRequest {
  const history: ChatMessage[] = turn.recentMessages
    .filter((m) => m.body.trim() !== '')
    .slice(-Math.max(1, prompt.maxMessages))
    .map((m) => ({ role: m.fromMe ? 'assistant' : 'user', content: m.body }));
  const system = `${prompt.prompt.trim()}\n\n${PROMPT_INSTRUCTIONS}\nThe customer's name: ${turn.contact.name}.`;
  return { model, messages: [{ role: 'system', content: system }, ...history], temperature: prompt.temperature, max_tokens: prompt.maxTokens };
}

/** The assistant's answer: the text to send, and whether it handed the conversation to a human (the marker, wherever it stands). */
export function readPromptAnswer(text: string): BotAnswer {
  const marker = PROMPT_TRANSFER_MARKER.toLocaleLowerCase('pt-BR');
  const lines = text.split('\n');
  const kept = lines.filter((line) => !line.toLocaleLowerCase('pt-BR').includes(marker));
  const end = kept.length !== lines.length;
  return { texts: clean([kept.join('\n').replace(/\n{3,}/g, '\n\n')]), end };
}
