import {
  dataAnswer,
  fixedDatesSchema,
  SHOOT_MESSAGES,
  type ShootAnswer,
  type ShootsAnswer,
  shootAnswerSchema,
  shootAssignSchema,
  shootAvailabilitySchema,
  shootDatesSchema,
  shootParamsSchema,
  shootStatusUpdateSchema,
  shootsAnswerSchema,
  shootViewSchema,
} from '@ampelos/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../auth/sessions.ts';
import type { CrewService } from './crew-service.ts';
import { presentReportAwaitingShoot, presentShoot } from './presenter.ts';
import type { ActedShoot, ShootService } from './service.ts';

const tags = ['shoots'];

const answer = ({ record, actions }: ActedShoot, msg: string): ShootAnswer => ({
  data: presentShoot(record, actions),
  msg,
});

export const shootRoutes: FastifyPluginAsyncZod<{ shoots: ShootService; crew: CrewService }> = async (
  app,
  { shoots, crew },
) => {
  app.get(
    '/shoots',
    {
      config: { policy: 'shoot.list' },
      schema: {
        tags,
        summary: 'Photo shoots the caller may see, the needs-assignment count, reports awaiting a shoot',
        response: { 200: shootsAnswerSchema },
      },
    },
    async (request): Promise<ShootsAnswer> => {
      const listed = await shoots.list(requireAuth(request));
      return {
        data: listed.shoots.map(({ record, actions }) => presentShoot(record, actions)),
        needsAssignment: listed.needsAssignment,
        reportsAwaitingShoot: listed.awaiting.map(presentReportAwaitingShoot),
      };
    },
  );

  app.get(
    '/shoot/:uuid',
    {
      config: { policy: 'shoot.view' },
      schema: {
        tags,
        summary: 'One photo shoot',
        params: shootParamsSchema,
        response: { 200: dataAnswer(shootViewSchema) },
      },
    },
    async (request) => {
      const { record, actions } = await shoots.get(requireAuth(request), request.params.uuid);
      return { data: presentShoot(record, actions) };
    },
  );

  app.put(
    '/field/shoot/update',
    {
      config: { policy: 'shoot.giveAvailability' },
      schema: {
        tags,
        summary: "The customer's availability (at most 14 days) for a processing E2E report",
        body: shootAvailabilitySchema,
        response: { 201: shootAnswerSchema },
      },
    },
    async (request, reply) => {
      const acted = await shoots.giveAvailability(
        requireAuth(request),
        request.body.reportUuid,
        request.body.dateRange,
      );
      return reply.status(201).send(answer(acted, SHOOT_MESSAGES.availabilitySaved));
    },
  );

  app.put(
    '/shoot/updateDates',
    {
      config: { policy: 'shoot.plan' },
      schema: {
        tags,
        summary: 'Confirm dates, or set/reset the final shoot day',
        body: shootDatesSchema,
        response: { 200: shootAnswerSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { shootUuid, updateType, shootDays } = request.body;
      if (updateType === 'final') {
        const final = shootDays?.final ?? null;
        const acted = await crew.setFinalDay(auth, shootUuid, final);
        return answer(acted, final ? SHOOT_MESSAGES.finalDaySet : SHOOT_MESSAGES.finalDayReset);
      }
      const acted = await crew.confirmDates(auth, shootUuid, shootDays?.confirmed, shootDays?.alternative);
      return answer(acted, SHOOT_MESSAGES.datesConfirmed);
    },
  );

  app.post(
    '/shoot/setFixedDates',
    {
      config: { policy: 'shoot.fixDates' },
      schema: {
        tags,
        summary: 'Staff: fixed primary and alternative shoot days',
        body: fixedDatesSchema,
        response: { 200: shootAnswerSchema },
      },
    },
    async (request) => {
      const { shootUuid, reportUuid, fixedPrimaryDate, fixedAlternativeDate } = request.body;
      const acted = await crew.setFixedDates(requireAuth(request), {
        shootUuid,
        reportUuid,
        primary: fixedPrimaryDate,
        alternative: fixedAlternativeDate,
      });
      return { ...answer(acted, SHOOT_MESSAGES.fixedDatesSet), OK: true as const };
    },
  );

  app.put(
    '/shoot/:uuid',
    {
      config: { policy: 'shoot.plan' },
      schema: {
        tags,
        summary: 'Assign a drone operator organisation (droneAdminId) or a pilot (droneOperatorId)',
        params: shootParamsSchema,
        body: shootAssignSchema,
        response: { 200: shootAnswerSchema },
      },
    },
    async (request) => {
      const acted = await crew.assign(requireAuth(request), request.params.uuid, request.body);
      return answer(acted, SHOOT_MESSAGES.assigned);
    },
  );

  app.put(
    '/shoot/:uuid/status',
    {
      config: { policy: 'shoot.fly' },
      schema: {
        tags,
        summary: 'Mark the shoot complete',
        params: shootParamsSchema,
        body: shootStatusUpdateSchema,
        response: { 200: shootAnswerSchema },
      },
    },
    async (request) => {
      const acted = await crew.complete(requireAuth(request), request.params.uuid);
      return answer(acted, SHOOT_MESSAGES.statusUpdated);
    },
  );
};
