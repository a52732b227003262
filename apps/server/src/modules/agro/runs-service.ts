import { AGRO_JOB_MESSAGES, type AgroJobKind, can } from '@ampelos/domain';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { RealtimeBus } from '../../platform/realtime/bus.ts';
import type { RealtimeChannelPolicy } from '../../platform/realtime/channels.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { presentRun } from './presenter.ts';
import type { AgroRunRow, RunsRepository } from './runs-repository.ts';

const RECENT_RUNS = 20;

/** Running the agro jobs is an administrator's (the dashboard's) permission. */
const mayRun = (auth: AuthContext) => can(auth.view.permissions, 'read', 'Dashboard');

/**
 * Starting and following runs of the agro jobs. A job asked while a run of it is queued or running
 * answers that run instead of queueing a second; runs go one at a time (a singleton queue), and their
 * progress is pushed to the administrators who joined the `agro` channel (presented here: the push is
 * this service's own message). Answers are rows; the routes present them.
 */
export function createRunsService(deps: { runs: RunsRepository; jobs: Jobs; bus: RealtimeBus }) {
  async function publish(row: AgroRunRow | undefined) {
    if (row)
      await deps.bus.publish({ channel: 'agro', message: { type: 'agro-run', runs: [presentRun(row)] } });
  }

  async function enqueue(kind: AgroJobKind, requestedBy: { id: number; name: string } | null) {
    const active = await deps.runs.activeRunOfKind(kind);
    if (active) return active;
    const row = await deps.runs.createRun({
      kind,
      requestedById: requestedBy?.id ?? null,
      requestedByName: requestedBy?.name ?? null,
    });
    await deps.jobs.send('agro.run', { runId: row.id }, { key: row.id });
    await publish(row);
    return row;
  }

  const policy: RealtimeChannelPolicy<AuthContext> = { mayJoin: mayRun };

  return {
    policy,
    publish,

    async start(auth: AuthContext, kind: AgroJobKind): Promise<AgroRunRow> {
      if (!mayRun(auth)) throw forbidden();
      const name = `${auth.user.firstName} ${auth.user.lastName}`.trim();
      return enqueue(kind, { id: auth.user.id, name });
    },

    /** The daily schedule's refresh of the current reports. */
    async startScheduled(): Promise<AgroRunRow> {
      return enqueue('refreshReports', null);
    },

    async list(auth: AuthContext): Promise<AgroRunRow[]> {
      if (!mayRun(auth)) throw forbidden();
      return deps.runs.recentRuns(RECENT_RUNS);
    },

    async get(auth: AuthContext, id: string): Promise<AgroRunRow> {
      if (!mayRun(auth)) throw forbidden();
      const row = await deps.runs.findRun(id);
      if (!row) throw notFound(AGRO_JOB_MESSAGES.runNotFound);
      return row;
    },
  };
}
export type RunsService = ReturnType<typeof createRunsService>;
