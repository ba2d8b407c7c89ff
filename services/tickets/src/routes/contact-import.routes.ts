import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  contact,
  importContactBody,
  importFromPhoneBody,
  importMapping,
  importResult,
  importRows,
  sheetPreview,
  validationError,
  type MultipartForm,
} from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createContactImport, importTemplate, type SpreadsheetImport } from '../domain/contact-import.js';
import { XLSX_MIME } from './contacts.routes.js';

/** A JSON multipart field, checked by its schema (400 naming the field). */
function jsonField<T extends z.ZodType>(name: string, text: string | undefined, schema: T): z.infer<T> | null {
  if (text === undefined || text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw validationError(name, 'must be JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw validationError([name, ...issue.path.map(String)].join('.'), issue.message);
  }
  return parsed.data;
}

/** The multipart form of POST /contacts/upload and /contacts/upload/preview: one file `file` (required) and text fields. */
async function readSpreadsheetForm(request: FastifyRequest, maxBytes: number): Promise<{ data: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw validationError('file', 'Required');
  let data: Buffer | null = null;
  const fields: Record<string, string> = {};
  // The import's own ceiling (IMPORT_MAX_BYTES) instead of the message-media one; beyond it: 413.
  // Room for a second file so that it is answered as a bad form (400), not as too large.
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 2, fields: 10 } })) {
    if (part.type === 'file') {
      if (data !== null) throw validationError('file', 'one spreadsheet at a time');
      data = await part.toBuffer();
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  if (!data || data.length === 0) throw validationError('file', 'Required');
  return { data, fields };
}

/** POST /contacts/upload: field `file` (one .xlsx or Excel 97–2003 .xls), optional `mapping` and `rows` (JSON) and `validateContact`. */
async function readUpload(request: FastifyRequest, maxBytes: number): Promise<SpreadsheetImport> {
  const { data, fields } = await readSpreadsheetForm(request, maxBytes);
  const validate = fields.validateContact?.trim().toLowerCase();
  if (validate !== undefined && !['', 'true', 'false', '1', '0'].includes(validate)) throw validationError('validateContact', 'must be true or false');
  return {
    data,
    mapping: jsonField('mapping', fields.mapping, importMapping),
    rows: jsonField('rows', fields.rows, importRows),
    validateContact: validate === 'true' || validate === '1',
  };
}

const contactsUploadForm: MultipartForm = {
  files: { file: { description: 'The spreadsheet (.xlsx or Excel 97–2003 .xls)' } },
  fields: {
    mapping: 'JSON: the column of name, number, email and tags',
    rows: 'JSON: the spreadsheet rows to import (1-based, the header being row 1), instead of every row',
    validateContact: 'true: rows whose number cannot be a WhatsApp number are ignored',
  },
};

const contactsPreviewForm: MultipartForm = { files: { file: { description: 'The spreadsheet (.xlsx or Excel 97–2003 .xls)' } } };

/** Contact import (spec 001 §7): spreadsheet upload, row by row, from the phone, and the model file. */
export const contactImportRoutes: RouteModule = (app, deps) => {
  const importer = createContactImport(deps);
  const { guards, config } = deps;
  const tags = ['contacts'];

  app.post('/api/contacts/upload', { preHandler: guards.authenticated, schema: { tags, consumes: ['multipart/form-data'], multipart: contactsUploadForm, response: { 200: importResult } } }, async (request) =>
    importer.spreadsheet(request.auth, await readUpload(request, config.IMPORT_MAX_BYTES)),
  );

  // The import page's preview of a sheet the browser cannot read (.xls): the same file checks as the upload, nothing imported.
  app.post(
    '/api/contacts/upload/preview',
    { preHandler: guards.authenticated, schema: { tags, consumes: ['multipart/form-data'], multipart: contactsPreviewForm, response: { 200: sheetPreview } } },
    async (request) => importer.preview((await readSpreadsheetForm(request, config.IMPORT_MAX_BYTES)).data),
  );

  app.post('/api/contactsImport', { preHandler: guards.authenticated, schema: { tags, body: importContactBody, response: { 201: contact } } }, async (request, reply) =>
    reply.status(201).send(await importer.one(request.auth, request.body)),
  );

  app.post('/api/contacts/import', { preHandler: guards.authenticated, schema: { tags, body: importFromPhoneBody, response: { 200: importResult } } }, (request) =>
    importer.fromPhone(request.auth, 'phonebook', request.body?.whatsappId ?? null),
  );

  app.post('/api/contacts/import/chats', { preHandler: guards.authenticated, schema: { tags, body: importFromPhoneBody, response: { 200: importResult } } }, (request) =>
    importer.fromPhone(request.auth, 'chats', request.body?.whatsappId ?? null),
  );

  app.get('/api/contacts/import/template', { preHandler: guards.authenticated, schema: { tags, produces: [XLSX_MIME] } }, async (_request, reply) =>
    reply.header('content-type', XLSX_MIME).header('content-disposition', 'attachment; filename="Contatos-modelo.xlsx"').send(await importTemplate()),
  );
};
