import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received. */
export type FakeAiRequest = { method: string; path: string; authorization: string | undefined; contentType: string | undefined; body: Buffer; json: any };
/** How the fake answers a request: a status and a JSON (or text) body, after an optional delay. */
export type FakeAiReply = { status?: number; body?: unknown; delayMs?: number };

/**
 * An OpenAI-compatible API on 127.0.0.1 for tests (nothing leaves the machine): POST
 * `<prefix>/chat/completions` and `<prefix>/audio/transcriptions` under any prefix. By default a chat
 * answers `reply(request)`'s text as the first choice and a transcription `{ text }`; `next` queues
 * special answers (errors, delays, malformed bodies) for the following requests.
 */
export type FakeOpenAi = {
  url: string;
  requests: FakeAiRequest[];
  /** The next requests' answers, in order (then the defaults again). */
  next: FakeAiReply[];
  /** Text of the default chat answer. */
  chatText(request: FakeAiRequest): string;
  /** Text of the default transcription answer. */
  transcriptionText: string;
  close(): Promise<void>;
};

const read = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: FakeOpenAi = {
    url: '',
    requests: [],
    next: [],
    chatText: (request) => `corrigido: ${String(request.json?.messages?.at(-1)?.content ?? '')}`,
    transcriptionText: 'Olá, gostaria de marcar uma consulta.',
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      let json: unknown = null;
      if ((req.headers['content-type'] ?? '').includes('application/json')) {
        try {
          json = JSON.parse(body.toString('utf8'));
        } catch {
          json = null;
        }
      }
      const request: FakeAiRequest = { method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, contentType: req.headers['content-type'], body, json };
      fake.requests.push(request);
      const special = fake.next.shift();
      if (special?.delayMs) await new Promise((r) => setTimeout(r, special.delayMs));
      if (special && (special.status !== undefined || special.body !== undefined)) {
        res.writeHead(special.status ?? 200, { 'content-type': typeof special.body === 'string' ? 'text/plain' : 'application/json' });
        res.end(typeof special.body === 'string' ? special.body : JSON.stringify(special.body ?? {}));
        return;
      }
      if (request.method === 'POST' && request.path.endsWith('/chat/completions')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: fake.chatText(request) }, finish_reason: 'stop' }] }));
        return;
      }
      if (request.method === 'POST' && request.path.endsWith('/audio/transcriptions')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ text: fake.transcriptionText }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found' } }));
    })().catch(() => {
      res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
