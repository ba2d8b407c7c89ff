import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentMultipart, documentOperation } from './docs.js';

describe('documentMultipart', () => {
  it('leaves a route without a multipart form as it is', () => {
    const schema = { tags: ['x'], body: { type: 'object', properties: { a: { type: 'string' } } } };
    expect(documentMultipart(schema)).toBe(schema);
  });

  it('gives a file-only upload a form of its files and fields, required unless optional', () => {
    const out = documentMultipart({
      consumes: ['multipart/form-data'],
      multipart: { files: { file: { description: 'The image' }, extra: { description: 'More', many: true, optional: true } }, fields: { mode: 'Which one' } },
    });
    expect(out).not.toHaveProperty('multipart');
    expect(out.body).toEqual({
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              mode: { type: 'string', description: 'Which one' },
              file: { type: 'string', format: 'binary', description: 'The image' },
              extra: { type: 'array', items: { type: 'string', format: 'binary' }, description: 'More' },
            },
            required: ['file'],
          },
        },
      },
    });
  });

  it('adds the files to the fields of a nullable JSON body for multipart and keeps the JSON body as it was', () => {
    const json = { anyOf: [{ type: 'object', properties: { number: { type: 'string' } }, required: ['number'] }, { type: 'null' }] };
    const out = documentMultipart({
      body: json,
      consumes: ['application/json', 'multipart/form-data'],
      multipart: { files: { medias: { description: 'Files', many: true, optional: true } } },
    }) as { body: { content: Record<string, { schema: { properties?: object; required?: string[] } }> } };
    expect(out.body.content['application/json']!.schema).toBe(json);
    expect(Object.keys(out.body.content['multipart/form-data']!.schema.properties ?? {})).toEqual(['number', 'medias']);
    expect(out.body.content['multipart/form-data']!.schema.required).toEqual(['number']);
  });
});

describe('documentOperation (what an integrator reads beyond the zod schemas)', () => {
  const body = z.object({
    name: z.preprocess((v) => v, z.string().min(2)),
    email: z.string().optional(),
    confirmation: z.preprocess((v) => v, z.boolean().default(false)),
    kind: z.enum(['a', 'b']).default('a'),
  });
  const jsonBody = { type: 'object', properties: { name: {}, email: { type: 'string' }, confirmation: {}, kind: { type: 'string' } } };

  it('names the fields a body must have (also those zod reads through a preprocess), not those with a default', () => {
    const out = documentOperation({ schema: { body: jsonBody }, url: '/api/contacts', method: 'POST', zodBody: body });
    expect((out.body as { required: string[] }).required).toEqual(['name']);
  });

  it('lists the error answers in the catalogue shape: 401/403 only where a token is needed, 404 where the path names something', () => {
    const privateOne = documentOperation({ schema: { response: { 200: { type: 'object' } } }, url: '/api/tickets/:ticketId', method: 'PUT' });
    expect(Object.keys(privateOne.response as object).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
    expect((privateOne.response as Record<string, { content: object }>)['404']!.content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } });
    const publicOne = documentOperation({ schema: {}, url: '/api/version', method: 'GET' });
    expect(publicOne.security).toEqual([]);
    expect(Object.keys(publicOne.response as object).sort()).toEqual(['400', '429']);
  });

  it("says which token a call takes: the messages API a connection's, refresh the cookie, public paths none", () => {
    expect(documentOperation({ schema: {}, url: '/api/messages/send', method: 'POST' }).security).toEqual([{ connectionToken: [] }]);
    expect(documentOperation({ schema: { security: [] }, url: '/api/auth/refresh_token', method: 'POST' }).security).toEqual([{ refreshCookie: [] }]);
    expect(documentOperation({ schema: {}, url: '/api/facebook/webhook', method: 'POST' }).security).toEqual([]);
    expect(documentOperation({ schema: {}, url: '/api/tickets', method: 'GET' }).security).toBeUndefined();
  });

  it('gives every operation an id of its own', () => {
    const takenIds = new Set<string>();
    const ids = ['/api/contacts/import', '/api/contactsImport', '/api/tickets/u/:uuid'].map((url) => documentOperation({ schema: {}, url, method: 'POST', takenIds }).operationId);
    expect(ids).toEqual(['postContactsImport', 'postContactsImport2', 'postTicketsUByUuid']);
  });
});
