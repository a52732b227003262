import {
  avatarClearSchema,
  COMPANY_MESSAGES,
  type CompanyAnswer,
  invoiceDetailsUpdateSchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSingleUpload } from '../../platform/http/uploads.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { requireAuth } from '../auth/sessions.ts';
import { presentCompany } from './presenter.ts';
import type { CompanyService } from './service.ts';

const tags = ['company'];

export const companyRoutes: FastifyPluginAsyncZod<{ companies: CompanyService; storage: Storage }> = async (
  app,
  { companies, storage },
) => {
  const present = (row: Parameters<typeof presentCompany>[0]) => presentCompany(row, storage.url);

  app.get(
    '/company',
    {
      schema: {
        tags,
        summary: "The caller's company, or null (b2c customers, or before the first invoice save)",
      },
    },
    async (request): Promise<CompanyAnswer> => {
      const row = await companies.get(requireAuth(request));
      return { data: row ? present(row) : null };
    },
  );

  app.put(
    '/company/update/invoice',
    {
      schema: {
        tags,
        summary: 'Save the invoice details (creates the company on the first save)',
        body: invoiceDetailsUpdateSchema,
      },
    },
    async (request) => {
      const { addBEAddress, ...details } = request.body;
      const row = await companies.saveInvoiceDetails(requireAuth(request), details, addBEAddress);
      return { data: present(row), msg: COMPANY_MESSAGES.invoiceDetailsUpdated };
    },
  );

  app.post(
    '/company/avatar/upload',
    { schema: { tags, summary: 'Upload the company avatar (multipart field avatar, ≤ 2 MB)' } },
    async (request) => {
      const auth = requireAuth(request);
      const row = await companies.uploadAvatar(auth, await readSingleUpload(request, 'avatar'));
      return { data: present(row) };
    },
  );

  app.put(
    '/company/update/avatar',
    { schema: { tags, summary: 'Remove the company avatar', body: avatarClearSchema } },
    async (request) => {
      const row = await companies.removeAvatar(requireAuth(request));
      return { data: present(row) };
    },
  );
};
