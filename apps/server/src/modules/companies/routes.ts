import {
  avatarClearSchema,
  COMPANY_MESSAGES,
  type CompaniesAnswer,
  type CompanyAnswer,
  type CompanyDetailAnswer,
  companiesAnswerSchema,
  companyCreateSchema,
  companyDetailAnswerSchema,
  companyParamsSchema,
  companyViewSchema,
  dataAnswer,
  dataMessageAnswer,
  invoiceDetailsUpdateSchema,
  OPERATIONS_MESSAGES,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSingleUpload } from '../../platform/http/uploads.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { requireAuth } from '../auth/sessions.ts';
import type { CompanyDirectoryService } from './directory-service.ts';
import { presentCompany, presentCompanyDetail, presentCompanyListItem } from './presenter.ts';
import type { CompanyService } from './service.ts';

const tags = ['company'];

export const companyRoutes: FastifyPluginAsyncZod<{
  companies: CompanyService;
  directory: CompanyDirectoryService;
  storage: Storage;
}> = async (app, { companies, directory, storage }) => {
  const present = (row: Parameters<typeof presentCompany>[0]) => presentCompany(row, storage.url);
  const presentDetail = ({ company, members }: Awaited<ReturnType<CompanyDirectoryService['detail']>>) =>
    presentCompanyDetail(company, members, storage.url);

  app.get(
    '/companies',
    {
      config: { policy: 'company.list' },
      schema: {
        tags,
        summary: 'Companies with user counts (staff: all; b2b roles: their own)',
        response: { 200: companiesAnswerSchema },
      },
    },
    async (request): Promise<CompaniesAnswer> => {
      const rows = await directory.list(requireAuth(request));
      return {
        data: rows.map(({ company, userCount }) => presentCompanyListItem(company, userCount, storage.url)),
      };
    },
  );

  app.get(
    '/companies/:uuid',
    {
      config: { policy: 'company.view' },
      schema: {
        tags,
        summary: 'A company with its users and their roles',
        params: companyParamsSchema,
        response: { 200: companyDetailAnswerSchema },
      },
    },
    async (request): Promise<CompanyDetailAnswer> => ({
      data: presentDetail(await directory.detail(requireAuth(request), request.params.uuid)),
    }),
  );

  app.post(
    '/companies',
    {
      config: { policy: 'company.manage' },
      schema: {
        tags,
        summary: 'Add Company (administrators)',
        body: companyCreateSchema,
        response: { 201: companyDetailAnswerSchema },
      },
    },
    async (request, reply) => {
      const created = await directory.create(requireAuth(request), request.body);
      const answer: CompanyDetailAnswer = {
        data: presentDetail(created),
        msg: OPERATIONS_MESSAGES.companyCreated,
      };
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/companies/:uuid/avatar',
    {
      config: { policy: 'company.manage' },
      schema: {
        tags,
        summary: "Set any company's avatar (Companies:update)",
        params: companyParamsSchema,
        response: { 200: dataAnswer(companyViewSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await directory.uploadAvatar(
        auth,
        request.params.uuid,
        await readSingleUpload(request, 'avatar'),
      );
      return { data: present(row) };
    },
  );

  app.put(
    '/companies/:uuid/avatar',
    {
      config: { policy: 'company.manage' },
      schema: {
        tags,
        summary: "Remove any company's avatar (Companies:update)",
        params: companyParamsSchema,
        body: avatarClearSchema,
        response: { 200: dataAnswer(companyViewSchema) },
      },
    },
    async (request) => {
      const row = await directory.removeAvatar(requireAuth(request), request.params.uuid);
      return { data: present(row) };
    },
  );

  app.get(
    '/company',
    {
      config: { policy: 'company.viewOwn' },
      schema: {
        tags,
        summary: "The caller's company, or null (b2c customers, or before the first invoice save)",
        response: { 200: dataAnswer(companyViewSchema.nullable()) },
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
      config: { policy: 'company.editOwn' },
      schema: {
        tags,
        summary: 'Save the invoice details (creates the company on the first save)',
        body: invoiceDetailsUpdateSchema,
        response: { 200: dataMessageAnswer(companyViewSchema) },
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
    {
      config: { policy: 'company.editOwn' },
      schema: {
        tags,
        summary: 'Upload the company avatar (multipart field avatar, ≤ 2 MB)',
        response: { 200: dataAnswer(companyViewSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await companies.uploadAvatar(auth, await readSingleUpload(request, 'avatar'));
      return { data: present(row) };
    },
  );

  app.put(
    '/company/update/avatar',
    {
      config: { policy: 'company.editOwn' },
      schema: {
        tags,
        summary: 'Remove the company avatar',
        body: avatarClearSchema,
        response: { 200: dataAnswer(companyViewSchema) },
      },
    },
    async (request) => {
      const row = await companies.removeAvatar(requireAuth(request));
      return { data: present(row) };
    },
  );
};
