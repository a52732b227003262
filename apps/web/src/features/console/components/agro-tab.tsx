import type { AgroJobKind, AgroRunView } from '@ampelos/domain';
import { Alert, Badge, Button, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AGRO_JOBS,
  type AgroJob,
  useAgroRuns,
  useCreatePolygons,
  useStartAgroRun,
} from '../api/agro-jobs.ts';

const STATUS_COLOUR: Record<AgroRunView['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** The latest run of a job: status, reports gone through of all, what changed, who and when. */
function RunProgress({ run }: { run: AgroRunView }) {
  const { t } = useTranslation();
  const total = run.total ?? 0;
  const percent = total > 0 ? Math.round((run.done / total) * 100) : run.status === 'done' ? 100 : 0;
  const when = run.finishedAt ?? run.startedAt ?? run.createdAt;
  return (
    <Stack gap={4} mt={6} data-testid="agro-run" data-status={run.status}>
      <Group gap="xs">
        <Badge size="sm" variant="light" color={STATUS_COLOUR[run.status]}>
          {t(`console.agro.status.${run.status}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {run.requestedBy
            ? t('console.agro.requestedBy', { name: run.requestedBy })
            : t('console.agro.scheduled')}
          {' · '}
          {dayjs(when).format('DD/MM/YY HH:mm')}
        </Text>
      </Group>
      {run.status !== 'queued' && (
        <Progress
          value={percent}
          size="sm"
          animated={run.status === 'running'}
          color={STATUS_COLOUR[run.status]}
          aria-label={t('console.agro.progress', { done: run.done, total })}
        />
      )}
      <Text size="xs" data-testid="agro-run-progress">
        {t('console.agro.progress', { done: run.done, total: run.total ?? '…' })}
        {' · '}
        {t('console.agro.counts', { updated: run.updated, failed: run.failed })}
      </Text>
      {run.error && (
        <Text size="xs" c="red">
          {run.error}
        </Text>
      )}
    </Stack>
  );
}

function JobRow({ job, lastRun }: { job: AgroJob; lastRun: AgroRunView | undefined }) {
  const { t } = useTranslation();
  const start = useStartAgroRun();
  const polygons = useCreatePolygons();
  const [confirming, setConfirming] = useState(false);
  const busy =
    start.isPending || polygons.isPending || lastRun?.status === 'queued' || lastRun?.status === 'running';
  const run = () => {
    setConfirming(false);
    if (job.kind) start.mutate(job.kind);
    else polygons.mutate();
  };
  const error = start.error ?? polygons.error;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="agro-job" data-job={job.key}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{t(`console.agro.jobs.${job.key}.title`)}</Text>
          <Text size="sm" c="dimmed">
            {t(`console.agro.jobs.${job.key}.description`)}
          </Text>
          {lastRun && <RunProgress run={lastRun} />}
          {polygons.isSuccess && (
            <Text size="sm" c="green" mt={4} data-testid="agro-job-result">
              {t('console.agro.polygonsDone', {
                agroIdsCreated: polygons.data.agroIdsCreated,
                failed: polygons.data.failed,
              })}
            </Text>
          )}
          {error && (
            <Text size="sm" c="red" mt={4}>
              {error.message}
            </Text>
          )}
        </div>
        {confirming ? (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" color="red" onClick={run} data-testid="agro-job-confirm">
              {t('console.agro.confirm')}
            </Button>
          </Group>
        ) : (
          <Button
            size="xs"
            variant="light"
            color={job.destructive ? 'red' : undefined}
            loading={busy}
            onClick={() => (job.destructive ? setConfirming(true) : run())}
            data-testid="agro-job-run"
          >
            {t('console.agro.run')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The administrators' agro jobs: each runs over the reports on the server, with its progress pushed
 * live; a run keeps going when this page is closed.
 */
export function AgroTab() {
  const { t } = useTranslation();
  const { runs, live } = useAgroRuns();
  if (runs.isPending) return <Loader size="sm" />;
  const latest = new Map<AgroJobKind, AgroRunView>();
  for (const run of runs.data ?? []) if (!latest.has(run.kind)) latest.set(run.kind, run);
  return (
    <Stack gap="sm" data-testid="agro-jobs">
      {runs.isError && (
        <Alert color="red" variant="light" icon={<IconPlant2 size={18} />}>
          {t('console.agro.loadError')}
        </Alert>
      )}
      <Text size="xs" c="dimmed" data-testid="agro-live">
        {live ? t('console.agro.live') : t('console.agro.notLive')}
      </Text>
      {AGRO_JOBS.map((job) => (
        <JobRow key={job.key} job={job} lastRun={job.kind ? latest.get(job.kind) : undefined} />
      ))}
    </Stack>
  );
}
