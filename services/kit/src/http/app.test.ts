import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger.js';
import { createHttpApp, nulField } from './app.js';

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
