import path from 'node:path';
import { IMAGE_MAX_BYTES, type PolicyName, type Role } from '@ampelos/domain';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZodType } from 'zod';
import { createAddressesModule } from './modules/addresses/addresses-module.ts';
import { createAgroModule } from './modules/agro/agro-module.ts';
import { createAnalyticsModule } from './modules/analytics/analytics-module.ts';
import { createAuditModule } from './modules/audit/audit-module.ts';
import { createAccess } from './modules/auth/access.ts';
import { createAuthModule } from './modules/auth/auth-module.ts';
import type { AuthContext } from './modules/auth/sessions.ts';
import { createCommerceModule } from './modules/commerce/commerce-module.ts';
import { createCompaniesModule } from './modules/companies/companies-module.ts';
import { createServerLogChannel } from './modules/console/server-log.ts';
import { createStaffChat } from './modules/console/staff-chat.ts';
import { createDatasetsModule } from './modules/datasets/datasets-module.ts';
import { createDeployModule } from './modules/deploy/deploy-module.ts';
import { createFieldsModule } from './modules/fields/fields-module.ts';
import { fieldAccessFacts } from './modules/fields/repository.ts';
import { createMailRepository } from './modules/mail/repository.ts';
import { createMailService } from './modules/mail/service.ts';
import { createNotificationsModule } from './modules/notifications/notifications-module.ts';
import { createPlacesModule } from './modules/places/places-module.ts';
import { createPrivacyModule } from './modules/privacy/privacy-module.ts';
import { createReportsModule } from './modules/reports/reports-module.ts';
import { reportAccessFacts } from './modules/reports/repository.ts';
import { createResultsModule } from './modules/results/results-module.ts';
import type { ServerModule } from './modules/server-module.ts';
import { createShootsModule } from './modules/shoots/shoots-module.ts';
import { createSystemModule } from './modules/system/system-module.ts';
import { createUserRepository, userAccessFacts } from './modules/users/repository.ts';
import { createUsersModule } from './modules/users/users-module.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import { createReadiness, storageProbe } from './platform/health/readiness.ts';
import { healthRoutes } from './platform/health/routes.ts';
import { openApiAnswer } from './platform/http/answers.ts';
import { installCsrfGuard } from './platform/http/csrf.ts';
import { frameworkErrors, installErrorHandler } from './platform/http/errors.ts';
import { installInputGuard } from './platform/http/input-guard.ts';
import { installRequestId, requestIdMixin, requestIdOf } from './platform/http/request-id.ts';
import { declaredPolicy, installRoutePolicies } from './platform/http/route-policy.ts';
import { installSecurityHeaders } from './platform/http/security.ts';
import { createResponseSerializer } from './platform/http/serializer.ts';
import { serveWebApp } from './platform/http/web-app.ts';
import { startJobs } from './platform/jobs/jobs.ts';
import { createLogTail, LOG_REDACT_PATHS, redactSecrets } from './platform/log-tail.ts';
import { createMailTransport, type MailTransport } from './platform/mail/transport.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import { installMetrics } from './platform/metrics/routes.ts';
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
  /** The route's declared policy (`config: { policy }`), from which the authorization matrix follows. */
  policy: PolicyName | undefined;
  /** The route's input schemas: the authorization matrix derives a valid request from them. */
  schemas: RouteSchemas;
}

/** The zod schemas a route validates its input with. */
export interface RouteSchemas {
  body?: ZodType;
  querystring?: ZodType;
  params?: ZodType;
}

/** The API documentation pages, registered by the swagger plugin (which takes no route config): public. */
const DOCS_PREFIX = '/api/docs';
const docsArePublic = (url: string) => (url.startsWith(DOCS_PREFIX) ? ('public' as const) : undefined);

/** A route schema given as zod (the swagger plugin's own routes give JSON schemas). */
const zodOf = (schema: unknown): ZodType | undefined => (schema instanceof ZodType ? schema : undefined);

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
    const policy = declaredPolicy(route.url, route.config, docsArePublic);
    const { body, querystring, params } = (route.schema ?? {}) as Record<string, unknown>;
    const schemas = { body: zodOf(body), querystring: zodOf(querystring), params: zodOf(params) };
    for (const method of [route.method].flat())
      routes.push({ method, url: route.url, csrf, responseSchema, policy, schemas });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ checkUndeclared: config.env !== 'production' }));
  installErrorHandler(app);
  installRequestId(app);
  // Every API route declares its policy (or the app does not start); its role check runs here, once.
  installRoutePolicies(app, {
    guarded: (url) => url.startsWith('/api'),
    implicitPolicy: docsArePublic,
    roleOf: (request) => (request.auth ? (request.auth.user.role as Role) : null),
  });

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
    idlePollSeconds: config.jobs.idlePollSeconds,
    wake: {
      publish: (queue) => realtime.publish({ job: queue }),
      subscribe: (listener) =>
        realtime.subscribe((envelope) => {
          if ('job' in envelope) listener({ queue: envelope.job });
          // The bus may have missed announcements while its LISTEN connection was down.
          else if ('session' in envelope && envelope.session.kind === 'resync') listener({ lost: true });
        }),
    },
  });
  metrics.setQueueDepthSource(jobs.depths);
  const readiness = createReadiness({
    database,
    storageCheck: storageProbe(storage),
    queueCheck: jobs.check,
  });
  const db = database.db;
  const log = app.log;
  const { publicUrl } = config;
  const mail = createMailService({
    repository: createMailRepository(db),
    transport,
    jobs,
    from: config.mailFrom,
    publicUrl,
  });
  await jobs.handle('mail.send', mail.deliver);
  // Modules, each built from the platform and the services of those before it.
  const usersRepository = createUserRepository(db);
  // "May this caller do this to these records": each kind's facts from the module owning its table.
  const access = createAccess({
    field: fieldAccessFacts(db),
    report: reportAccessFacts(db),
    user: userAccessFacts(db),
  });
  const authModule = createAuthModule({
    config,
    database,
    users: usersRepository,
    mail,
    bus: realtime,
    logger: log,
  });
  const { sessions } = authModule;
  const notifications = createNotificationsModule({ db, realtime });
  const { notify } = notifications;
  const auditModule = createAuditModule({ db, logger: log });
  const { audit } = auditModule;
  const system = createSystemModule({ config, storage, audit });
  const { maintenance } = system;
  const shoots = createShootsModule({ db, notify, mail, audit, publicUrl, logger: log });
  const commerce = createCommerceModule({ db, config, access, audit, notify, mail, logger: log });
  const datasets = createDatasetsModule({
    config,
    database,
    storage,
    uploadStore,
    onUploadBytes: metrics.uploadReceived,
    ...(diskFreeBytes ? { diskFreeBytes } : {}),
    jobs,
    mail,
    notify,
    logger: log,
  });
  const agroModule = createAgroModule({ config, database, logger: log, jobs, storage, bus: realtime });
  const privacy = createPrivacyModule({ config, database, storage, jobs, mail, logger: log });
  /** In the order their routes are registered under /api. */
  const modules: ServerModule[] = [
    system,
    authModule,
    createUsersModule({ users: usersRepository, access, storage, mail, publicUrl, audit, sessions }),
    createAddressesModule({ db }),
    createFieldsModule({
      db,
      executor: database.executor,
      storage,
      notify,
      staff: shoots.managers,
      reports: commerce.fieldReports,
      commerce: commerce.commerce,
      shootData: shoots.fieldShoots,
      logger: log,
    }),
    createPlacesModule(),
    commerce,
    createCompaniesModule({ db, storage, sessions: sessions.notices }),
    notifications,
    shoots,
    createReportsModule({ db, shoots: shoots.repository, notify, mail, publicUrl, logger: log }),
    createAnalyticsModule({ db }),
    auditModule,
    createDeployModule({ config, audit, logger: log }),
    datasets,
    createResultsModule({ database, access, storage, jobs }),
    agroModule,
    privacy,
  ];
  const stopWorkers: (() => Promise<void>)[] = [];
  if (runWorker)
    for (const module of modules) {
      const stop = await module.startWorker?.();
      if (stop) stopWorkers.push(stop);
    }
  const staffChat = createStaffChat({ bus: realtime });
  const serverLog = createServerLogChannel({ tail: logTail, bus: realtime });
  app.addHook('onClose', async () => {
    await jobs.stop(config.shutdownTimeoutMs);
    for (const stop of stopWorkers) await stop();
    serverLog.stop();
    logTail.close();
    await realtime.close();
    await uploadStore.close();
  });

  if (runApi) installSecurityHeaders(app, config);
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
      routePrefix: DOCS_PREFIX,
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
    app.get(
      '/api/openapi.json',
      {
        config: { policy: 'public' },
        schema: { hide: true, response: { 200: openApiAnswer } },
      },
      async () => app.swagger(),
    );

    await app.register(
      async (api) => {
        for (const module of modules) await module.routes?.(api);
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
