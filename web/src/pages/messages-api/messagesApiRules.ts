import type { ApiMessage } from '../../api/channels';

/**
 * The messages API page's texts and test-form checks (spec 001 §2 Messages API page, §5 "Messages API
 * test", §7). Pure; unit-tested in messagesApiRules.test.ts.
 */

/** The integrators' endpoint on this app's own address. */
export function apiEndpoint(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/api/messages/send`;
}

/** The JSON example of the documentation: every field of the send call. */
export const jsonExample: Required<ApiMessage> = {
  number: '5511999999999',
  body: 'Olá! Sua consulta está confirmada.',
  userId: 1,
  queueId: 1,
  sendSignature: false,
  closeTicket: false,
};

/** The examples' words in the screen's language: a text, a file's caption and its path. */
export type ExampleTexts = { body: string; caption: string; file: string };

/** Text inside a shell's single quotes (a quote in a translation must not end them). */
const inQuotes = (text: string) => text.replace(/'/g, "'\\''");

/** A curl call with the JSON body. */
export function jsonCurl(endpoint: string, texts: ExampleTexts): string {
  const body = inQuotes(JSON.stringify({ ...jsonExample, body: texts.body }));
  return [`curl -X POST '${endpoint}' \\`, `  -H 'Authorization: Bearer <token>' \\`, `  -H 'Content-Type: application/json' \\`, `  -d '${body}'`].join('\n');
}

/** A curl call sending a file (multipart, field `medias`; the body is its caption). */
export function multipartCurl(endpoint: string, texts: ExampleTexts): string {
  return [
    `curl -X POST '${endpoint}' \\`,
    `  -H 'Authorization: Bearer <token>' \\`,
    `  -F 'number=${jsonExample.number}' \\`,
    `  -F 'body=${inQuotes(texts.caption)}' \\`,
    `  -F 'medias=@${texts.file}'`,
  ].join('\n');
}

/** The two test forms of the page: a text message, and a media message (a file with its caption). */
export type TestKind = 'text' | 'media';
export type TestForm = { token: string; number: string; body: string; hasFile: boolean; kind?: TestKind };
export type TestProblem = 'tokenRequired' | 'numberRequired' | 'numberDigits' | 'bodyRequired' | 'mediaRequired';

/**
 * Token and number are required; the number is digits only (country code, area code and number, no
 * mask); a text needs its body; the media test needs its body (the caption) and a file (spec 001 §5).
 */
export function testFormProblems(v: TestForm): Partial<Record<'token' | 'number' | 'body' | 'media', TestProblem>> {
  const out: Partial<Record<'token' | 'number' | 'body' | 'media', TestProblem>> = {};
  if (!v.token.trim()) out.token = 'tokenRequired';
  const number = v.number.trim();
  if (!number) out.number = 'numberRequired';
  else if (!/^\d{8,50}$/.test(number)) out.number = 'numberDigits';
  if (!v.body.trim()) out.body = 'bodyRequired';
  if (v.kind === 'media' && !v.hasFile) out.media = 'mediaRequired';
  return out;
}

/** An answer as the page shows it: success or not, and the body as readable JSON. */
export function describeAnswer(status: number, data: unknown): { ok: boolean; text: string } {
  const text = typeof data === 'string' ? data : JSON.stringify(data ?? null, null, 2);
  return { ok: status >= 200 && status < 300, text: `HTTP ${status}\n${text}` };
}
