import {
  OPERATIONS_MESSAGES,
  type UserAnswer,
  type UsersAnswer,
  userAnswerSchema,
  userCreateSchema,
  userFindSchema,
  usersAnswerSchema,
  usersFindSchema,
  usersQuerySchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../auth/sessions.ts';
import type { ListedUser, UserAdminService } from './admin-service.ts';
import { presentUserAdmin } from './presenter.ts';

const tags = ['users'];
const present = ({ entry, editable }: ListedUser) => presentUserAdmin(entry, editable);

/** The Users screen and the user lists of the Companies and Shoots screens. */
export const userAdminRoutes: FastifyPluginAsyncZod<{ admin: UserAdminService }> = async (app, { admin }) => {
  app.get(
    '/users',
    {
      config: { policy: 'user.list' },
      schema: {
        tags,
        summary: 'Users the caller may see (staff: all; drone and b2b admins: their company), newest first',
        querystring: usersQuerySchema,
        response: { 200: usersAnswerSchema },
      },
    },
    async (request): Promise<UsersAnswer> => {
      const auth = requireAuth(request);
      const users = await admin.list(auth, { firstName: request.query.firstName || undefined });
      return { data: users.map(present), grantableRoles: admin.grantable(auth) };
    },
  );

  app.post(
    '/users/find',
    {
      config: { policy: 'user.list' },
      schema: {
        tags,
        summary: 'Visible users of one role (e.g. drone_admin for assignment)',
        body: usersFindSchema,
        response: { 200: usersAnswerSchema },
      },
    },
    async (request): Promise<UsersAnswer> => {
      const auth = requireAuth(request);
      const users = await admin.list(auth, { role: request.body.role });
      return { data: users.map(present), grantableRoles: admin.grantable(auth) };
    },
  );

  app.post(
    '/user/find',
    {
      config: { policy: 'user.view' },
      schema: {
        tags,
        summary: 'One visible user by id or uuid',
        body: userFindSchema,
        response: { 200: userAnswerSchema },
      },
    },
    async (request): Promise<UserAnswer> => {
      const found = await admin.find(requireAuth(request), request.body.id);
      return { data: present(found) };
    },
  );

  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Add User: sends an invitation e-mail with a link to set a password',
        body: userCreateSchema,
        response: { 201: userAnswerSchema },
      },
      // Each call sends an e-mail: a bound on invitations per client.
      config: { policy: 'user.create', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const created = await admin.create(requireAuth(request), request.body);
      const answer: UserAnswer = { data: present(created), msg: OPERATIONS_MESSAGES.userCreated };
      return reply.status(201).send(answer);
    },
  );
};
