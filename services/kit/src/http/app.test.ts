import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger.js';
import { AppError } from '../errors.js';
import { createHttpApp, nulField } from './app.js';
import { createGuards } from './guards.js';

const app = () => createHttpApp({ logger: createLogger({ name: 'kit-http-test', level: 'silent' }) });

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  it('finds the first one in a value, a key or a nested item', () => {
    expect(nulField({ name: 'ok', tags: ['a', 'b'] })).toBeUndefined();
    expect(nulField({ extraInfo: [{ name: 'valor', value: '1\u00000' }] })).toBe('extraInfo.0.value');
    expect(nulField({ ['ke\u0000y']: 1 })).toBe('ke\u0000y');
    expect(nulField('a\u0000')).toBe('');
    expect(nulField(Buffer.from([0]))).toBeUndefined();
  });

  it('answers 400 naming the field before any handler runs', async () => {
    const server = app();
    let ran = false;
    server.post('/echo/:ref', { schema: { body: z.object({ note: z.string() }) } }, async () => {
      ran = true;
      return { ok: true };
    });
    const inBody = await server.inject({ method: 'POST', url: '/echo/x', payload: { note: 'a\u0000b' } });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'note' }] });
    const inQuery = await server.inject({ method: 'POST', url: '/echo/x?search=a%00b', payload: { note: 'ok' } });
    expect(inQuery.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'search' }] });
    const inPath = await server.inject({ method: 'POST', url: '/echo/a%00b', payload: { note: 'ok' } });
    expect(inPath.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'ref' }] });
    expect(ran).toBe(false);
  });

  it('a PostgreSQL data error wrapped by the query builder is still the caller\'s 400, not a 500', async () => {
    const server = app();
    server.get('/fails', async () => {
      const driver = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', severity: 'ERROR' });
      throw Object.assign(new Error('Failed query: insert into ...'), { cause: driver });
    });
    const answer = await server.inject({ method: 'GET', url: '/fails' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toBe('ERR_VALIDATION');
  });
});

describe('guards before validation', () => {
  const verify = (token: string) => {
    if (token === 'admin') return { userId: 1, companyId: 1, profile: 'admin', super: false } as never;
    if (token === 'user') return { userId: 2, companyId: 1, profile: 'user', super: false } as never;
    throw new AppError('ERR_INVALID_TOKEN', 'Invalid token');
  };
  const server = () => {
    const s = app();
    const guards = createGuards({ verify });
    s.post('/things', { preHandler: guards.admin, schema: { body: z.object({ name: z.string().min(2) }) } }, async (request) => ({ name: request.body.name, by: request.auth.userId }));
    return s;
  };

  it('refuses a caller without permission with 403 (or 401 without a session) whatever the body', async () => {
    const s = server();
    const plain = await s.inject({ method: 'POST', url: '/things', headers: { authorization: 'Bearer user' }, payload: {} });
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    const anonymous = await s.inject({ method: 'POST', url: '/things', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('still validates what a permitted caller sends, and runs the handler with the caller', async () => {
    const s = server();
    const bad = await s.inject({ method: 'POST', url: '/things', headers: { authorization: 'Bearer admin' }, payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'name' }] });
    const good = await s.inject({ method: 'POST', url: '/things', headers: { authorization: 'Bearer admin' }, payload: { name: 'ok' } });
    expect(good.json()).toEqual({ name: 'ok', by: 1 });
  });
});

describe('calls without a body that declare JSON', () => {
  it('are calls without a body (a DELETE from a client that sets the header on every call)', async () => {
    const s = app();
    s.delete('/things/:id', async () => ({ message: 'deleted' }));
    s.post('/things', { schema: { body: z.object({ name: z.string() }) } }, async () => ({ ok: true }));
    const removed = await s.inject({ method: 'DELETE', url: '/things/1', headers: { 'content-type': 'application/json', 'content-length': '0' } });
    expect(removed.statusCode).toBe(200);
    // Without any length either (fetch or curl -X DELETE without a body send none).
    const bare = await s.inject({ method: 'DELETE', url: '/things/1', headers: { 'content-type': 'application/json' } });
    expect(bare.statusCode).toBe(200);
    // A route that needs a body still says so, naming it.
    const empty = await s.inject({ method: 'POST', url: '/things', headers: { 'content-type': 'application/json', 'content-length': '0' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('ERR_VALIDATION');
  });
});

describe('a multipart body that cannot be read', () => {
  it('is the caller\'s 400, not a 500', async () => {
    const multipart = (await import('@fastify/multipart')).default;
    const s = app();
    await s.register(multipart);
    s.post('/upload', async (request) => {
      for await (const part of request.parts()) if (part.type === 'file') await part.toBuffer();
      return { ok: true };
    });
    for (const [type, payload] of [
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="number"\r\n\r\n5511999'],
    ]) {
      const answer = await s.inject({ method: 'POST', url: '/upload', headers: { 'content-type': type! }, payload });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ field: 'body' }] });
    }
  });
});

describe("a plugin's bare 403 (the static server refusing ../)", () => {
  it('answers 404 ERR_NOT_FOUND: nothing there, rather than a validation code without fields', async () => {
    const s = app();
    s.get('/files/*', async () => {
      throw Object.assign(new Error('Forbidden'), { statusCode: 403 });
    });
    const answer = await s.inject({ method: 'GET', url: '/files/x' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ error: 'ERR_NOT_FOUND' });
  });
});

describe('a form sent to a JSON route', () => {
  it('is 415 (the body would arrive as nothing); a route that takes forms still reads it', async () => {
    const multipart = (await import('@fastify/multipart')).default;
    const s = app();
    await s.register(multipart);
    s.post('/things', { schema: { body: z.object({ name: z.string() }) } }, async (request) => request.body);
    s.post('/forms', { schema: { body: z.object({ name: z.string() }).nullish(), consumes: ['application/json', 'multipart/form-data'] } }, async (request) => {
      const names: string[] = [];
      for await (const part of request.parts()) if (part.type === 'field') names.push(part.fieldname);
      return { names };
    });
    const form = '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n--XYZ--\r\n';
    const headers = { 'content-type': 'multipart/form-data; boundary=XYZ' };
    const refused = await s.inject({ method: 'POST', url: '/things', headers, payload: form });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error).toBe('ERR_UNSUPPORTED_MEDIA_TYPE');
    const read = await s.inject({ method: 'POST', url: '/forms', headers, payload: form });
    expect(read.json()).toEqual({ names: ['name'] });
  });
});

describe('requests the HTTP parser refuses', () => {
  it("answer in the catalogue's shape: 400 ERR_VALIDATION for a control character in a header, 431 for oversized headers", async () => {
    const { connect } = await import('node:net');
    const server = app();
    server.get('/ping', async () => ({ ok: true }));
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as { port: number };
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.end(request));
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    try {
      const broken = await raw('GET /ping HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n');
      expect(broken.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: 'ERR_VALIDATION', message: 'Malformed HTTP request' });
      const huge = await raw(`GET /ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(huge.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4))).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    } finally {
      await server.close();
    }
  });
});
