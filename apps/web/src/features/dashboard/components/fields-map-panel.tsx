import { Alert, Button, Center, EmptyState, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldsMap } from '../api/get-fields-map.ts';
import { FieldsMap } from './fields-map.tsx';

/** The map of all fields, once their centroids have loaded. */
export function FieldsMapPanel() {
  const { t } = useTranslation();
  const fields = useFieldsMap();
  let body: ReactNode;
  if (fields.isPending) {
    body = (
      <Center h={460}>
        <Loader />
      </Center>
    );
  } else if (fields.isError) {
    body = (
      <Stack>
        <Alert color="red">{t('dashboard.map.loadError')}</Alert>
        <Button variant="default" w="fit-content" onClick={() => void fields.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  } else if (fields.data.length === 0) {
    body = (
      <EmptyState
        data-testid="dashboard-map-empty"
        title={t('dashboard.map.empty')}
        icon={<IconMap2 size={36} stroke={1.5} />}
        variant="light"
        color="green"
      />
    );
  } else {
    body = <FieldsMap points={fields.data} />;
  }
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Title order={3} size="h4" mb="sm">
        {t('dashboard.map.title')}
      </Title>
      {body}
    </Paper>
  );
}
