import {
  loginAnswerSchema,
  loginSchema,
  messageAnswerSchema,
  passwordResetParamsSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  signUpSchema,
  verifyEmailSchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentUser } from '../users/presenter.ts';
import { AUTH_MESSAGES, type AuthService } from './service.ts';
import type { SessionManager } from './sessions.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  sessions: SessionManager;
  /** Attempts allowed per client in each window. */
  rateLimitPerMinute: number;
  /** The window's length (a minute unless configured). */
  rateLimitWindowMs?: number;
}

const tags = ['accounts'];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, sessions, rateLimitPerMinute, rateLimitWindowMs = 60_000 },
) => {
  const rateLimit = { max: rateLimitPerMinute, timeWindow: rateLimitWindowMs };

  app.post(
    '/user/create',
    {
      schema: { tags, summary: 'Sign up', body: signUpSchema, response: { 201: messageAnswerSchema } },
      config: { policy: 'public', rateLimit },
    },
    async (request, reply) => {
      await auth.signUp(request.body, request.ip);
      return reply.status(201).send({ msg: AUTH_MESSAGES.signedUp });
    },
  );

  app.post(
    '/user/login',
    {
      schema: { tags, summary: 'Sign in', body: loginSchema, response: { 200: loginAnswerSchema } },
      config: { policy: 'public', rateLimit },
    },
    async (request, reply) => {
      const user = await auth.checkCredentials(request.body.email, request.body.password);
      await sessions.start(reply, request, user.id);
      return { user: presentUser(user) };
    },
  );

  app.get(
    '/user/logout',
    {
      schema: { tags, summary: 'Sign out', response: { 200: messageAnswerSchema } },
      config: { policy: 'public', csrf: true },
    },
    async (request, reply) => {
      await sessions.end(reply, request);
      return { msg: 'Signed out' };
    },
  );

  app.post(
    '/user/verify_email',
    {
      schema: {
        tags,
        summary: 'Verify the e-mail address',
        body: verifyEmailSchema,
        response: { 200: messageAnswerSchema },
      },
      config: { policy: 'public', rateLimit },
    },
    async (request) => {
      await auth.verifyEmail(request.body.token);
      return { msg: AUTH_MESSAGES.verified };
    },
  );

  app.post(
    '/user/password_reset',
    {
      schema: {
        tags,
        summary: 'Ask for a reset link',
        body: passwordResetRequestSchema,
        response: { 200: messageAnswerSchema },
      },
      config: { policy: 'public', rateLimit },
    },
    async (request) => {
      await auth.requestPasswordReset(request.body.email, request.ip);
      return { msg: AUTH_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/user/password_reset/:token',
    {
      schema: {
        tags,
        summary: 'Set a new password',
        params: passwordResetParamsSchema,
        body: passwordResetSchema,
        response: { 200: messageAnswerSchema },
      },
      config: { policy: 'public', rateLimit },
    },
    async (request) => {
      await auth.resetPassword(request.params.token, request.body.password);
      return { msg: AUTH_MESSAGES.resetDone };
    },
  );
};
