import path from 'node:path';
import { IMAGE_MAX_BYTES } from '@ampelos/domain';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAddressRepository } from './modules/addresses/repository.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { createAddressService } from './modules/addresses/service.ts';
import { createAgroModule } from './modules/agro/agro-module.ts';
import { createAnalyticsRepository } from './modules/analytics/repository.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { createAnalyticsService } from './modules/analytics/service.ts';
import { createAuditRepository } from './modules/audit/repository.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { createAuditService } from './modules/audit/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import type { AuthContext } from './modules/auth/sessions.ts';
import { createSessionManager } from './modules/auth/sessions.ts';
import { createAuthThrottle } from './modules/auth/throttle.ts';
import { createThrottleRepository } from './modules/auth/throttle-repository.ts';
import { createOrderEvents } from './modules/commerce/order-events.ts';
import { presentReport } from './modules/commerce/presenter.ts';
import { createCommerceRepository } from './modules/commerce/repository.ts';
import { commerceRoutes } from './modules/commerce/routes.ts';
import { createCommerceService } from './modules/commerce/service.ts';
import { createCompanyDirectoryService } from './modules/companies/directory-service.ts';
import { createCompanyRepository } from './modules/companies/repository.ts';
import { companyRoutes } from './modules/companies/routes.ts';
import { createCompanyService } from './modules/companies/service.ts';
import { createServerLogChannel } from './modules/console/server-log.ts';
import { createStaffChat } from './modules/console/staff-chat.ts';
import { createDatasetsModule } from './modules/datasets/datasets-module.ts';
import { deployRoutes } from './modules/deploy/routes.ts';
import { createDeployService } from './modules/deploy/service.ts';
import { createFieldRepository } from './modules/fields/repository.ts';
import { fieldRoutes } from './modules/fields/routes.ts';
import { createFieldService } from './modules/fields/service.ts';
import { createMailRepository } from './modules/mail/repository.ts';
import { createMailService } from './modules/mail/service.ts';
import { createNotificationRepository } from './modules/notifications/repository.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { createNotificationService } from './modules/notifications/service.ts';
import { createPrivacyModule } from './modules/privacy/privacy-module.ts';
import { reportLifecycle } from './modules/reports/lifecycle.ts';
import { createReportEvents } from './modules/reports/report-events.ts';
import { createReportRepository } from './modules/reports/repository.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { createReportService } from './modules/reports/service.ts';
import { createResultsModule } from './modules/results/results-module.ts';
import { createCrewService } from './modules/shoots/crew-service.ts';
import { presentFieldShoot } from './modules/shoots/presenter.ts';
import { createShootRepository } from './modules/shoots/repository.ts';
import { shootRoutes } from './modules/shoots/routes.ts';
import { createShootService } from './modules/shoots/service.ts';
import { createShootEvents, SHOOT_MANAGER_ROLES } from './modules/shoots/shoot-events.ts';
import { createMaintenance } from './modules/system/maintenance.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { userAdminRoutes } from './modules/users/admin-routes.ts';
import { createUserAdminService } from './modules/users/admin-service.ts';
import { createUserRepository } from './modules/users/repository.ts';
import { userRoutes } from './modules/users/routes.ts';
import { createUserService } from './modules/users/service.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import { createOfflineGeocoder } from './platform/geo/reverse-geocode.ts';
import { createReadiness, storageProbe } from './platform/health/readiness.ts';
import { healthRoutes } from './platform/health/routes.ts';
import { installCsrfGuard } from './platform/http/csrf.ts';
import { frameworkErrors, installErrorHandler } from './platform/http/errors.ts';
import { installInputGuard } from './platform/http/input-guard.ts';
import { installRequestId, requestIdMixin, requestIdOf } from './platform/http/request-id.ts';
import { installSecurityHeaders } from './platform/http/security.ts';
import { createResponseSerializer } from './platform/http/serializer.ts';
import { serveWebApp } from './platform/http/web-app.ts';
import { startJobs } from './platform/jobs/jobs.ts';
import { createLogTail, LOG_REDACT_PATHS, redactSecrets } from './platform/log-tail.ts';
import { createMailTransport, type MailTransport } from './platform/mail/transport.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import { installMetrics } from './platform/metrics/routes.ts';
import { createBotCheck } from './platform/providers/recaptcha.ts';
import { createInProcessBus } from './platform/realtime/bus.ts';
import { createPostgresBus } from './platform/realtime/postgres-bus.ts';
import { installWebSocket, realtimeRoutes } from './platform/realtime/routes.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import type { DiskFreeBytes } from './platform/storage/disk-space.ts';
import { createUploadStore } from './platform/storage/upload-store.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Tests pass a capturing transport; otherwise SMTP or the outbox per configuration. */
  mailTransport?: MailTransport;
  logger?: FastifyServerOptions['logger'];
  /** Where log lines go instead of stdout (tests read them). */
  logOutput?: { write(line: string): unknown };
  /** Free space of the upload disk (tests pass their own; default: statfs). */
  diskFreeBytes?: DiskFreeBytes;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's CSRF opt-in (`true`: a GET that changes state) or opt-out (`false`). */
  csrf: boolean | undefined;
  /** Whether the route declares the shape of its answers (OpenAPI, compiled serialisation). */
  responseSchema: boolean;
}

const JSON_BODY_LIMIT = 256 * 1024;

export async function buildApp({
  config,
  database,
  mailTransport,
  logger,
  logOutput,
  diskFreeBytes,
}: BuildAppOptions) {
  // Every log line goes, redacted, to stdout and to the administrators' live tail.
  const logTail = createLogTail(logOutput ? { out: logOutput } : {});
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      stream: logTail.stream,
      mixin: requestIdMixin,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        // One-time links carry their token in the path: never write it down.
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactSecrets(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
    },
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();
  // Every route as registered: the security tests walk it (a route without a row in the
  // authorization matrix fails them).
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const csrf = (route.config as { csrf?: boolean } | undefined)?.csrf;
    const responseSchema = Boolean((route.schema as { response?: unknown } | undefined)?.response);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, csrf, responseSchema });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ checkUndeclared: config.env !== 'production' }));
  installErrorHandler(app);
  installRequestId(app);

  const runApi = config.processRole !== 'worker';
  const runWorker = config.processRole !== 'api';
  const storage = createStorage(config);
  const uploadStore = createUploadStore({
    storageRootDir: path.join(config.dataDir, 'files'),
    s3: config.storage.s3,
    s3PartBytes: config.storage.uploadPartBytes,
    s3ParallelParts: config.storage.uploadParallelParts,
    // Several API processes share one PostgreSQL: the tus lock must be shared too.
    databaseUrl: database.kind === 'postgres' ? database.connectionString : undefined,
    onLockError: (error) => app.log.error({ err: error }, 'upload lock connection lost'),
  });
  const transport =
    mailTransport ??
    createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, logger: app.log });
  const metrics = createMetrics({ role: config.processRole });
  installMetrics(app, { metrics, token: config.metrics.token });
  // Several processes share PostgreSQL, so events travel through it; the embedded database has one process.
  const realtime =
    database.kind === 'postgres' && database.connectionString
      ? await createPostgresBus({
          connectionString: database.connectionString,
          query: database.executor.executeSql,
          logger: app.log,
        })
      : createInProcessBus();
  const jobs = await startJobs({
    database,
    logger: app.log,
    runWorker,
    retryLimit: config.jobs.retryLimit,
    observer: metrics.jobObserver,
    wake: {
      publish: (queue) => realtime.publish({ job: queue }),
      subscribe: (listener) =>
        realtime.subscribe((envelope) => {
          if ('job' in envelope) listener(envelope.job);
        }),
    },
  });
  metrics.setQueueDepthSource(jobs.depths);
  const readiness = createReadiness({
    database,
    storageCheck: storageProbe(storage),
    queueCheck: jobs.check,
  });
  const usersRepository = createUserRepository(database.db);
  const mail = createMailService({
    repository: createMailRepository(database.db),
    transport,
    jobs,
    from: config.mailFrom,
    publicUrl: config.publicUrl,
  });
  await jobs.handle('mail.send', mail.deliver);
  const sessions = createSessionManager({ users: usersRepository, config, bus: realtime, logger: app.log });
  const throttle = createAuthThrottle({
    repository: createThrottleRepository(database.db),
    settings: config.authThrottle,
    onLocked: (email, until) => auth.tellLocked(email, until),
  });
  const auth = createAuthService({
    users: usersRepository,
    mail,
    throttle,
    botCheck: createBotCheck({ secret: config.recaptchaSecret, logger: app.log }),
    publicUrl: config.publicUrl,
    sessions: sessions.notices,
  });
  const users = createUserService({
    users: usersRepository,
    storage,
    mail,
    publicUrl: config.publicUrl,
    sessions: sessions.notices,
  });
  const addresses = createAddressService({ addresses: createAddressRepository(database.db) });
  const commerceRepository = createCommerceRepository(database.db);
  const notifications = createNotificationService({
    notifications: createNotificationRepository(database.db),
    realtime,
  });
  const companyRepository = createCompanyRepository(database.db);
  const companies = createCompanyService({
    companies: companyRepository,
    storage,
    sessions: sessions.notices,
  });
  const companyDirectory = createCompanyDirectoryService({ companies: companyRepository, storage });
  const audit = createAuditService({ audit: createAuditRepository(database.db), logger: app.log });
  const maintenance = createMaintenance({ storage, fromConfig: config.maintenanceMode, audit });
  const userAdmin = createUserAdminService({
    users: usersRepository,
    mail,
    publicUrl: config.publicUrl,
    audit,
    sessions: sessions.notices,
  });
  const shootRepository = createShootRepository(database.db);
  const shootEvents = createShootEvents({
    notify: notifications.notify,
    mail,
    managers: () => shootRepository.usersWithRoles(SHOOT_MANAGER_ROLES),
    publicUrl: config.publicUrl,
    logger: app.log,
  });
  const shoots = createShootService({ shoots: shootRepository, events: shootEvents });
  const crew = createCrewService({ shoots: shootRepository, events: shootEvents, scheduling: shoots, audit });
  const reports = createReportService({
    reports: createReportRepository(database.db),
    lifecycle: reportLifecycle(database.db),
    shoots: shootRepository,
    events: createReportEvents({
      notify: notifications.notify,
      mail,
      publicUrl: config.publicUrl,
      logger: app.log,
    }),
  });
  const orderIssuer = { seller: config.seller, bank: config.bank, salesEmail: config.salesEmail };
  const commerce = createCommerceService({
    commerce: commerceRepository,
    audit,
    bank: config.bank,
    events: createOrderEvents({
      notify: notifications.notify,
      mail,
      usersWithRoles: commerceRepository.usersWithRoles,
      issuer: orderIssuer,
      publicUrl: config.publicUrl,
      logger: app.log,
    }),
  });
  const fields = createFieldService({
    onCreated: async ({ field, owner }) => {
      // Operations staff plan shoots per field: they hear of new ones.
      try {
        const staff = await shootRepository.usersWithRoles(SHOOT_MANAGER_ROLES);
        await notifications.notify(
          staff.map((user) => user.id),
          'new_field',
          {
            field: { uuid: field.uuid, title: field.title, area: field.area },
            owner: { firstName: owner.firstName, lastName: owner.lastName },
          },
        );
      } catch (error) {
        app.log.error({ err: error }, 'new_field notification failed');
      }
    },
    fields: createFieldRepository(database.db),
    storage,
    geocoder: createOfflineGeocoder(),
    reports: async (fieldIds, viewerId) => {
      const byField = new Map<number, ReturnType<typeof presentReport>[]>();
      for (const row of await commerceRepository.reportsOfFields(fieldIds, viewerId)) {
        if (row.fieldId === null) continue;
        byField.set(row.fieldId, [...(byField.get(row.fieldId) ?? []), presentReport(row)]);
      }
      return byField;
    },
  });
  const datasets = createDatasetsModule({
    config,
    database,
    storage,
    uploadStore,
    onUploadBytes: metrics.uploadReceived,
    ...(diskFreeBytes ? { diskFreeBytes } : {}),
    jobs,
    mail,
    notify: notifications.notify,
    logger: app.log,
  });
  if (runWorker) await datasets.startWorker();
  const agroModule = createAgroModule({ config, database, logger: app.log, jobs, storage, bus: realtime });
  if (runWorker) await agroModule.startWorker();
  const privacy = createPrivacyModule({ config, database, storage, jobs, mail, logger: app.log });
  if (runWorker) await privacy.startWorker();
  const staffChat = createStaffChat({ bus: realtime });
  const serverLog = createServerLogChannel({ tail: logTail, bus: realtime });
  app.addHook('onClose', async () => {
    await jobs.stop(config.shutdownTimeoutMs);
    serverLog.stop();
    logTail.close();
    await realtime.close();
    await uploadStore.close();
  });

  if (runApi) await installSecurityHeaders(app, config);
  await app.register(healthRoutes, { prefix: '/api', readiness });
  if (runApi) {
    await app.register(cookie);
    await app.register(rateLimit, { global: false });
    await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5 } });
    installCsrfGuard(app, config.publicUrl);
    installInputGuard(app);
    await installWebSocket(app);
    sessions.install(app);
    maintenance.install(app);
    await app.register(swagger, {
      openapi: { info: { title: 'Ampelos API', version: '0.1.0' } },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The docs page's own policy, as strict as the app's: never framed, no outside image host, and no
      // https upgrade of its assets when the server is reached over plain http.
      transformStaticCSP: (header: string) => {
        const csp = header
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace(' validator.swagger.io', '');
        return config.secureCookies ? csp : csp.replace(/\s*upgrade-insecure-requests;?/, '');
      },
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

    await app.register(
      async (api) => {
        await api.register(systemRoutes, { config, storage, maintenance });
        await api.register(authRoutes, {
          auth,
          sessions,
          rateLimitPerMinute: config.authRateLimitPerMinute,
          rateLimitWindowMs: config.authRateLimitWindowMs,
        });
        await api.register(userRoutes, { users, admin: userAdmin, sessions });
        await api.register(userAdminRoutes, { admin: userAdmin });
        await api.register(addressRoutes, { addresses });
        await api.register(fieldRoutes, {
          fields,
          commerce,
          shootData: async (auth, fieldIds) =>
            (await shoots.ofFields(auth, fieldIds)).map(({ record, actions }) =>
              presentFieldShoot(record, actions),
            ),
        });
        await api.register(commerceRoutes, { commerce, issuer: orderIssuer });
        await api.register(companyRoutes, { companies, directory: companyDirectory, storage });
        await api.register(notificationRoutes, { notifications });
        await api.register(shootRoutes, { shoots, crew });
        await api.register(reportRoutes, { reports });
        await api.register(analyticsRoutes, {
          analytics: createAnalyticsService({ analytics: createAnalyticsRepository(database.db) }),
        });
        await api.register(auditRoutes, { audit });
        await api.register(realtimeRoutes<AuthContext>, {
          bus: realtime,
          publicUrl: config.publicUrl,
          sessionOf: ({ auth }) =>
            auth ? { userId: auth.user.id, sessionId: auth.sessionId, deadline: auth.deadline } : null,
          recheck: async (request) => (await sessions.current(request))?.deadline ?? null,
          greeting: notifications.unreadMessage,
          channels: {
            channels: { chat: staffChat.policy, logs: serverLog.policy, agro: agroModule.channel },
            viewerOf: sessions.current,
          },
        });
        await api.register(deployRoutes, {
          deploy: createDeployService({ config: config.deploy, audit, logger: app.log }),
        });
        await datasets.routes(api);
        await createResultsModule({ database, storage }).routes(api);
        await agroModule.routes(api);
        await privacy.routes(api);
      },
      { prefix: '/api' },
    );
    await serveWebApp(app, config.webDistDir);
  }

  return { app, jobs, mail, readiness, metrics, storage, routes };
}

/**
 * A hop count as a trust function: the `hops` nearest senders are proxies (this Fastify treats a bare
 * number as "trust nothing"). Addresses are the safer setting: a hop count also trusts a client that
 * reaches the port directly.
 */
function fastifyTrustProxy(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  const hops = trust;
  return (_address: string, hop: number) => hop < hops;
}
