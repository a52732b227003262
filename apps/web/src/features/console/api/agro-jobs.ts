import {
  AGRO_JOB_KINDS,
  type AgroJobKind,
  type AgroRunView,
  DESTRUCTIVE_AGRO_JOBS,
  type RealtimeMessage,
} from '@ampelos/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { keepRealtimeSocket } from '../../../lib/realtime.ts';

/**
 * The agro jobs of spec section 7 as the server runs them (docs/AGRO.md): `createPolygons` answers at
 * once; the others start a run over the reports (`GET /api/agro/{kind}`) whose progress the server
 * pushes on the `agro` realtime channel and answers at `GET /api/agro/runs`.
 */
export type AgroJob =
  | { key: 'createPolygons'; kind: null; destructive: false }
  | { key: AgroJobKind; kind: AgroJobKind; destructive: boolean };

export const AGRO_JOBS: AgroJob[] = [
  { key: 'createPolygons', kind: null, destructive: false },
  ...AGRO_JOB_KINDS.map((kind) => ({ key: kind, kind, destructive: DESTRUCTIVE_AGRO_JOBS.includes(kind) })),
];

export const AGRO_RUNS_KEY = ['agro', 'runs'] as const;
/** While a run is under way the list is also re-read this often (the worker may be another process). */
const ACTIVE_POLL_MS = 5_000;

const isActive = (run: AgroRunView) => run.status === 'queued' || run.status === 'running';

/** Newest first, one entry per run, the latest view of each winning. */
export function upsertRuns(current: AgroRunView[] | undefined, incoming: AgroRunView[]): AgroRunView[] {
  const byId = new Map((current ?? []).map((run) => [run.id, run]));
  for (const run of incoming) {
    const known = byId.get(run.id);
    // A late push must not undo progress already seen.
    if (!known || run.done >= known.done || !isActive(run)) byId.set(run.id, run);
  }
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The recent runs, kept live by the `agro` channel while the tab is open. */
export function useAgroRuns() {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const runs = useQuery({
    queryKey: AGRO_RUNS_KEY,
    // Merged with what the channel pushed meanwhile: an answer sent before a push must not undo it.
    queryFn: async () => {
      const { data } = await api.get<{ data: AgroRunView[] }>('/agro/runs');
      return upsertRuns(queryClient.getQueryData<AgroRunView[]>(AGRO_RUNS_KEY), data);
    },
    refetchInterval: (query) => (query.state.data?.some(isActive) ? ACTIVE_POLL_MS : false),
  });

  useEffect(() => {
    const socket = keepRealtimeSocket({
      onOpen: (open) => open.send({ type: 'join', channel: 'agro' }),
      onData: (data) => {
        let message: RealtimeMessage | null = null;
        try {
          message = typeof data === 'string' ? (JSON.parse(data) as RealtimeMessage) : null;
        } catch {
          return;
        }
        if (message?.type === 'channel' && message.channel === 'agro') {
          setLive(message.joined);
          // What happened while we were away: read the list again.
          if (message.joined) void queryClient.invalidateQueries({ queryKey: AGRO_RUNS_KEY });
        }
        if (message?.type === 'agro-run') {
          const pushed = message.runs;
          queryClient.setQueryData<AgroRunView[]>(AGRO_RUNS_KEY, (current) => upsertRuns(current, pushed));
        }
      },
      onState: (open) => {
        if (!open) setLive(false);
      },
    });
    return () => socket.stop();
  }, [queryClient]);

  return { runs, live };
}

/** Starts a run; a run of the same job already under way is answered instead of a second one. */
export function useStartAgroRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (kind: AgroJobKind) =>
      (await api.get<{ id: string; run: AgroRunView }>(`/agro/${kind}`)).run,
    onSuccess: (run) =>
      queryClient.setQueryData<AgroRunView[]>(AGRO_RUNS_KEY, (current) => upsertRuns(current, [run])),
  });
}

export interface CreatePolygonsAnswer {
  agroIdsCreated: number;
  failed: number;
}

/** Registers the fields at Agromonitoring (409 without a key: the message says so). */
export function useCreatePolygons() {
  return useMutation({
    mutationFn: () =>
      api.post<CreatePolygonsAnswer>('/agro/createPolygons', undefined, { handledStatuses: [409] }),
  });
}
