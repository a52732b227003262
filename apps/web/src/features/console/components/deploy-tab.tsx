import { Alert, Button, Code, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../../lib/format.ts';
import { DEPLOY_STATUS_KEY, useDeployStatus } from '../api/get-deploy-status.ts';
import { runDeploy } from '../api/run-deploy.ts';

/** Most output kept on screen (the server sends at most 2 MB anyway). */
const KEPT_OUTPUT_CHARS = 200_000;

/** Deploy: the command or webhook configured on the server, confirmed first, its output streamed. */
export function DeployTab() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const status = useDeployStatus();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [output, setOutput] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the tab stops reading; the deploy itself runs on to its end on the server.
  useEffect(() => () => controller.current?.abort(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the output grows
  useEffect(() => {
    if (viewport.current) viewport.current.scrollTop = viewport.current.scrollHeight;
  }, [output]);

  const start = async () => {
    setConfirming(false);
    setRunning(true);
    setOutput('');
    controller.current = new AbortController();
    try {
      await runDeploy(
        (text) => setOutput((current) => (current + text).slice(-KEPT_OUTPUT_CHARS)),
        controller.current.signal,
      );
    } catch {
      // Shown as an alert by runDeploy, or the tab was left.
    } finally {
      setRunning(false);
      void queryClient.invalidateQueries({ queryKey: DEPLOY_STATUS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
    }
  };

  if (status.isPending) return <Loader size="sm" />;
  if (status.isError) return <Alert color="red">{t('console.deploy.loadError')}</Alert>;
  const { configured, method, lastRun } = status.data;

  return (
    <Stack>
      {configured ? (
        <Text size="sm" data-testid="deploy-method">
          {t(`console.deploy.method.${method}`)}
        </Text>
      ) : (
        <Alert
          color="yellow"
          title={t('console.deploy.notConfiguredTitle')}
          data-testid="deploy-not-configured"
        >
          {t('console.deploy.notConfigured')}
        </Alert>
      )}
      {lastRun && (
        <Text size="sm" c="dimmed" data-testid="deploy-last-run">
          {t(`console.deploy.last.${lastRun.outcome}`, {
            date: `${formatCalendarDate(lastRun.at, i18n.language)} ${new Date(lastRun.at).toLocaleTimeString(i18n.language)}`,
            name: lastRun.by,
          })}
        </Text>
      )}
      <Group>
        <Button
          leftSection={<IconRocket size={16} />}
          color="red"
          disabled={!configured || running || status.data.running}
          loading={running}
          onClick={() => setConfirming(true)}
          data-testid="deploy-run"
        >
          {t('console.deploy.button')}
        </Button>
        {status.data.running && !running && <Text size="sm">{t('console.deploy.runningElsewhere')}</Text>}
      </Group>
      {(output || running) && (
        <ScrollArea h={260} viewportRef={viewport} type="auto">
          <Code block data-testid="deploy-output" style={{ whiteSpace: 'pre-wrap', minHeight: 240 }}>
            {output}
          </Code>
        </ScrollArea>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('console.deploy.confirmTitle')}
      >
        <Stack>
          <Text>{t('console.deploy.confirmText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" onClick={() => void start()} data-testid="deploy-confirm">
              {t('console.deploy.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
