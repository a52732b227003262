import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A field page card with the spec's "Information not available" when its data is missing. */
export function AgroCard({
  title,
  loading,
  available,
  children,
  testId,
}: {
  title: string;
  loading: boolean;
  available: boolean;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="md"
      data-testid={testId}
      data-state={loading ? 'loading' : available ? 'ready' : 'unavailable'}
    >
      <Stack gap="xs">
        <Title order={4}>{title}</Title>
        {loading ? (
          <Skeleton h={64} />
        ) : available ? (
          children
        ) : (
          <Text size="sm" c="dimmed">
            {t('agro.notAvailable')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
