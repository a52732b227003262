import {
  dataMessageAnswer,
  MAINTENANCE_MESSAGES,
  maintenanceViewSchema,
  publicConfigViewSchema,
  wireTransferAvailable,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { fileAnswer } from '../../platform/http/answers.ts';
import { notFound } from '../../platform/http/errors.ts';
import { sendStoredFile } from '../../platform/http/stored-file.ts';
import { isPrivateKey, type Storage } from '../../platform/storage/storage.ts';
import { requireAuth } from '../auth/sessions.ts';
import type { Maintenance } from './maintenance.ts';

export interface SystemRoutesOptions {
  config: Config;
  storage: Storage;
  maintenance: Maintenance;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { config, storage, maintenance },
) => {
  // GET /health and /ready: platform/health/routes.ts (every process role).
  app.get(
    '/config/public',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Settings the web app shows',
        response: { 200: publicConfigViewSchema },
      },
    },
    async () => ({
      paymentMethods: {
        ...config.bank,
        salesEmail: config.salesEmail,
        // False until BANK_NAME, BANK_IBAN and BANK_BIC are set: checkout says so instead of placeholders.
        wireTransfer: wireTransferAvailable(config.bank),
      },
      recaptchaSiteKey: config.recaptchaSiteKey ?? null,
      map: config.map,
      maintenance: await maintenance.state(),
    }),
  );

  app.put(
    '/system/maintenance',
    {
      config: { policy: 'admin.tools' },
      schema: {
        tags: ['system'],
        summary: 'Switch maintenance mode (administrators): customers and drone crews wait, staff work',
        body: z.strictObject({ on: z.boolean() }),
        response: { 200: dataMessageAnswer(maintenanceViewSchema) },
      },
    },
    async (request) => {
      const state = await maintenance.set(requireAuth(request), request.body.on);
      return {
        data: state,
        msg: state.on ? MAINTENANCE_MESSAGES.switchedOn : MAINTENANCE_MESSAGES.switchedOff,
      };
    },
  );

  app.get(
    '/files/*',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Uploaded files (avatars)',
        params: z.object({ '*': z.string().max(500) }),
        response: {
          200: fileAnswer('The file', 'image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'),
          206: fileAnswer(
            'A byte range of the file',
            'image/png',
            'image/jpeg',
            'image/webp',
            'application/octet-stream',
          ),
        },
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const extension = key.split('.').pop()?.toLowerCase() ?? '';
      // Report outputs and uploaded datasets have their own access rules (modules/datasets).
      const sent =
        !isPrivateKey(key) &&
        (await sendStoredFile(request, reply, storage, key, {
          type: CONTENT_TYPES[extension] ?? 'application/octet-stream',
          cacheControl: 'public, max-age=31536000, immutable',
        }));
      if (!sent) throw notFound('File not found');
      return reply;
    },
  );
};
