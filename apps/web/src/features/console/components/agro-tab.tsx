import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AgroJob, summariseAnswer, useAvailableAgroJobs, useRunAgroJob } from '../api/agro-jobs.ts';

function AgroJobRow({ job }: { job: AgroJob }) {
  const { t } = useTranslation();
  const run = useRunAgroJob();
  const [confirming, setConfirming] = useState(false);
  const start = () => {
    setConfirming(false);
    run.mutate(job);
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="agro-job" data-job={job.key}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{t(`console.agro.jobs.${job.key}.title`)}</Text>
          <Text size="sm" c="dimmed">
            {t(`console.agro.jobs.${job.key}.description`)}
          </Text>
          {run.isPending && (
            <Group gap="xs" mt={4}>
              <Loader size="xs" />
              <Text size="sm">{t('console.agro.running')}</Text>
            </Group>
          )}
          {run.isSuccess && (
            <Text size="sm" c="green" mt={4} data-testid="agro-job-result">
              {t('console.agro.done')} {summariseAnswer(run.data)}
            </Text>
          )}
          {run.isError && (
            <Text size="sm" c="red" mt={4}>
              {run.error.message}
            </Text>
          )}
        </div>
        {confirming ? (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" color="red" onClick={start} data-testid="agro-job-confirm">
              {t('console.agro.confirm')}
            </Button>
          </Group>
        ) : (
          <Button
            size="xs"
            variant="light"
            color={job.destructive ? 'red' : undefined}
            loading={run.isPending}
            onClick={() => (job.destructive ? setConfirming(true) : start())}
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
 * The agro jobs the server has (they belong to the results feature). Until it has any, the tab says so
 * plainly rather than offering buttons that lead nowhere.
 */
export function AgroTab() {
  const { t } = useTranslation();
  const jobs = useAvailableAgroJobs();
  if (jobs.isPending) return <Loader size="sm" />;
  if (jobs.isError || jobs.data.length === 0) {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconPlant2 size={18} />}
        title={t('console.agro.title')}
        data-testid="agro-unavailable"
      >
        {t('console.agro.unavailable')}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" data-testid="agro-jobs">
      {jobs.data.map((job) => (
        <AgroJobRow key={job.key} job={job} />
      ))}
    </Stack>
  );
}
