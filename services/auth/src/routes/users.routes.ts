import { z } from 'zod';
import {
  AppError,
  createUserBody,
  idParams,
  listUsersQuery,
  okAnswer,
  presenceAnswer,
  toggleWidthBody,
  updateUserBody,
  user,
  usersListQuery,
  usersPage,
  type Guards,
  type HttpApp,
} from '@atende/kit';
import type { Accounts } from '../domain/accounts.js';

export function usersRoutes(app: HttpApp, deps: { accounts: Accounts; guards: Guards }): void {
  const { accounts, guards } = deps;
  const tags = ['users'];

  // Any user of the company: attendants search users to transfer a ticket to (spec 000 §5, §7); the Users screen is the admins'.
  app.get('/api/users', { preHandler: guards.authenticated, schema: { tags, querystring: listUsersQuery, response: { 200: usersPage } } }, async (request) =>
    accounts.page(request.auth, request.query.searchParam, request.query.pageNumber),
  );

  app.get('/api/users/list', { preHandler: guards.authenticated, schema: { tags, querystring: usersListQuery, response: { 200: z.array(user) } } }, async (request) =>
    accounts.list(request.auth, request.query.companyId),
  );

  app.get('/api/users/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, response: { 200: user } } }, async (request) =>
    accounts.show(request.auth, request.params.id),
  );

  app.post('/api/users', { preHandler: guards.admin, schema: { tags, body: createUserBody, response: { 201: user } } }, async (request, reply) =>
    reply.status(201).send(await accounts.create(request.auth, request.body)),
  );

  app.put('/api/users/:id', { preHandler: guards.authenticated, schema: { tags, params: idParams, body: updateUserBody, response: { 200: user } } }, async (request) =>
    accounts.update(request.auth, request.params.id, request.body),
  );

  app.delete('/api/users/:id', { preHandler: guards.admin, schema: { tags, params: idParams, response: { 200: okAnswer } } }, async (request) => {
    await accounts.remove(request.auth, request.params.id);
    return { message: 'User deleted' };
  });

  app.put(
    '/api/users/toggleChangeWidht/:id',
    { preHandler: guards.authenticated, schema: { tags, params: idParams, body: toggleWidthBody, response: { 200: user } } },
    async (request) => accounts.setWidth(request.auth, request.params.id, request.body.defaultTicketsManagerWidth),
  );

  app.post(
    '/api/users/:id/media-upload',
    { preHandler: guards.authenticated, schema: { tags, params: idParams, consumes: ['multipart/form-data'], multipart: { files: { profileImage: { description: 'The avatar image' } } }, response: { 200: user } } },
    async (request) => {
      let data: Buffer | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file' && !data) data = await part.toBuffer();
        else if (part.type === 'file') part.file.resume();
      }
      if (!data || data.length === 0) throw new AppError('ERR_VALIDATION', 'profileImage: Required', { fields: [{ field: 'profileImage', message: 'Required' }] });
      return accounts.uploadAvatar(request.auth, request.params.id, data);
    },
  );

  app.get('/api/presence', { preHandler: guards.authenticated, schema: { tags, response: { 200: presenceAnswer } } }, async (request) =>
    accounts.presence(request.auth),
  );
}
