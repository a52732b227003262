import {
  avatarClearSchema,
  avatarViewSchema,
  changeLanguageSchema,
  changePasswordSchema,
  deleteAccountSchema,
  messageAnswerSchema,
  OPERATIONS_MESSAGES,
  profileUpdateSchema,
  userAdminViewSchema,
  userViewSchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../platform/http/answers.ts';
import { readSingleUpload } from '../../platform/http/uploads.ts';
import { requireAuth, type SessionManager } from '../auth/sessions.ts';
import type { UserAdminService } from './admin-service.ts';
import { presentUser, presentUserAdmin } from './presenter.ts';
import type { UserService } from './service.ts';

export interface UserRoutesOptions {
  users: UserService;
  admin: UserAdminService;
  sessions: SessionManager;
}

const tags = ['profile'];
const userAnswer = z.strictObject({ user: userViewSchema });

export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (
  app,
  { users, admin, sessions },
) => {
  app.get(
    '/user',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary:
          'The signed-in user with lang and permissions (401 signed out; 200 null with X-Session-Probe: 1)',
        response: { 200: userViewSchema.nullable() },
      },
      // The web app asks "who am I" on every page, signed in or not: its probe gets an anonymous
      // answer (before the policy's 401) instead of a 401 in the console. Everyone else keeps the 401.
      preValidation: async (request, reply) => {
        if (!request.auth && request.headers['x-session-probe'] === '1') return reply.send(null);
      },
    },
    async (request) => requireAuth(request).view,
  );

  app.put(
    '/user/update',
    {
      config: { policy: 'user.editProfile' },
      schema: {
        tags,
        summary: 'Update a profile',
        body: profileUpdateSchema,
        response: {
          200: z.strictObject({
            user: userViewSchema,
            data: userAdminViewSchema.optional(),
            msg: z.string().optional(),
          }),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { uuid } = request.body;
      if (uuid && uuid !== auth.user.uuid) {
        const updated = await admin.updateOther(auth, uuid, request.body);
        return {
          user: presentUser(updated.entry.user),
          data: presentUserAdmin(updated.entry, updated.editable),
          msg: OPERATIONS_MESSAGES.userUpdated,
        };
      }
      const user = await users.updateProfile(auth, request.body);
      return { user: presentUser(user) };
    },
  );

  app.put(
    '/user/update/password',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: 'Change the password',
        body: changePasswordSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => {
      await users.changePassword(requireAuth(request), request.body.oldPassword, request.body.newPassword);
      return { msg: 'Password updated successfully!' };
    },
  );

  app.put(
    '/user/delete/account',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: 'Delete the account (typed e-mail must match)',
        body: deleteAccountSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      await users.deleteAccount(requireAuth(request), request.body.email);
      sessions.clearCookie(reply);
      return { msg: 'Your account has been deleted' };
    },
  );

  app.post(
    '/user/settings/changeLanguage',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: 'Change the language',
        body: changeLanguageSchema,
        response: { 200: userAnswer },
      },
    },
    async (request) => {
      const user = await users.changeLanguage(requireAuth(request), request.body.lang);
      return { user: presentUser(user) };
    },
  );

  app.post(
    '/user/avatar/upload',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: 'Upload an avatar (multipart field avatar, ≤ 2 MB)',
        response: { 200: z.strictObject({ avatar: avatarViewSchema.nullable() }) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await users.uploadAvatar(auth, await readSingleUpload(request, 'avatar'));
      return { avatar: presentUser(user).avatar };
    },
  );

  app.put(
    '/user/update/avatar',
    {
      config: { policy: 'signedIn' },
      schema: { tags, summary: 'Remove the avatar', body: avatarClearSchema, response: { 200: userAnswer } },
    },
    async (request) => {
      const user = await users.removeAvatar(requireAuth(request));
      return { user: presentUser(user) };
    },
  );

  const unsubscribe = {
    schema: {
      tags,
      summary: 'One-click opt-out from periodic e-mail',
      params: z.object({ token: z.string().max(100) }),
    },
    config: { policy: 'public' as const, csrf: false },
  };
  const page = fileAnswer('A page saying whether the opt-out worked', 'text/html');
  app.get(
    '/user/unsubscribe/:token',
    {
      ...unsubscribe,
      schema: { ...unsubscribe.schema, response: { 200: page, 404: page } },
    },
    async (request, reply) => {
      const done = await users.unsubscribe(request.params.token);
      return reply
        .status(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(
          done
            ? '<!doctype html><title>Unsubscribed</title><p>You will no longer receive news and offers from Ampelos. Account e-mails (such as password resets) still reach you.</p><p><a href="/">Back to Ampelos</a></p>'
            : '<!doctype html><title>Link not valid</title><p>This unsubscribe link is not valid.</p><p><a href="/">Back to Ampelos</a></p>',
        );
    },
  );
  app.post(
    '/user/unsubscribe/:token',
    {
      ...unsubscribe,
      schema: { ...unsubscribe.schema, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      await users.unsubscribe(request.params.token);
      return { msg: 'Unsubscribed' };
    },
  );
};
