import {
  HTTP_MESSAGES,
  MAINTENANCE_MESSAGES,
  type MaintenanceView,
  type Role,
  worksDuringMaintenance,
} from '@ampelos/domain';
import type { FastifyInstance } from 'fastify';
import { AppError, errorItem } from '../../platform/http/errors.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { requirePolicy } from '../auth/policy.ts';
import type { AuthContext } from '../auth/sessions.ts';

/** The administrators' switch, in storage so every process (API, workers) reads the same one. */
const KEY = 'system/maintenance.json';
/** How long a process trusts what it read (a switch reaches every process within this time). */
const CACHE_MS = 3000;

/** What a signed-out visitor or a customer may still reach: health, the public config, signing in. */
const ALWAYS_OPEN = [
  /^\/api\/(health|ready)$/,
  /^\/api\/config\/public$/,
  /^\/api\/user$/,
  /^\/api\/user\/(login|logout)$/,
  /^\/api\/user\/settings\/changeLanguage$/,
  /^\/api\/(openapi\.json|docs)/,
];

export function createMaintenance(deps: { storage: Storage; fromConfig: boolean; audit?: AuditRecorder }) {
  let cached: { at: number; view: MaintenanceView } | null = null;

  async function readSwitch(): Promise<{ on: boolean; since: string | null }> {
    const file = await deps.storage.get(KEY).catch(() => null);
    if (!file) return { on: false, since: null };
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    try {
      const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { on?: unknown; since?: unknown };
      return { on: parsed.on === true, since: typeof parsed.since === 'string' ? parsed.since : null };
    } catch {
      return { on: false, since: null };
    }
  }

  async function state(): Promise<MaintenanceView> {
    if (deps.fromConfig) return { on: true, source: 'config', since: null };
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.view;
    const found = await readSwitch();
    const view: MaintenanceView = { on: found.on, source: found.on ? 'admin' : null, since: found.since };
    cached = { at: Date.now(), view };
    return view;
  }

  return {
    state,

    /** Administrators switch it; the configuration's maintenance can only be ended there. */
    async set(auth: AuthContext, on: boolean): Promise<MaintenanceView> {
      requirePolicy(auth, 'admin.tools');
      if (deps.fromConfig) throw new AppError(409, HTTP_MESSAGES.maintenanceByConfig);
      const since = on ? new Date().toISOString() : null;
      await deps.storage.put(KEY, Buffer.from(JSON.stringify({ on, since })), 'application/json');
      cached = null;
      await deps.audit?.record(auth.user, {
        action: on ? 'maintenance.on' : 'maintenance.off',
        target: { type: 'system', id: 'maintenance', label: 'Maintenance mode' },
        details: {},
      });
      return state();
    },

    /**
     * While on, every API request of a customer, a drone crew member or a visitor answers 503 with
     * the maintenance message, except signing in and the public settings; staff work as usual.
     * Decided when the request arrives (after the session hook), before its body is read: a refused
     * upload sends no bytes, and a request still sending its body when SIGTERM comes does no more
     * storage reads (as a pre-handler it lost its answer during graceful shutdown).
     */
    install(app: FastifyInstance) {
      app.addHook('onRequest', async (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        if (!path.startsWith('/api/') || ALWAYS_OPEN.some((open) => open.test(path))) return;
        if (!(await state()).on) return;
        const role = (request as { auth?: AuthContext | null }).auth?.user.role as Role | undefined;
        if (worksDuringMaintenance(role)) return;
        return reply
          .status(503)
          .header('Retry-After', '300')
          .send({ errors: [errorItem(MAINTENANCE_MESSAGES.underMaintenance)], maintenance: true });
      });
    },
  };
}
export type Maintenance = ReturnType<typeof createMaintenance>;
