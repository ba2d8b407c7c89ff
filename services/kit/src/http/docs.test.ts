import { describe, expect, it } from 'vitest';
import { documentMultipart } from './docs.js';

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
