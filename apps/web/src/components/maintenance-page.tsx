import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What customers and drone crews see while Ampelos is under maintenance (staff keep working). */
export function MaintenancePage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" data-testid="maintenance-page">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="grape">
          <IconTool size={34} />
        </ThemeIcon>
        <Title order={1}>{t('maintenance.title')}</Title>
        <Text>{t('maintenance.body')}</Text>
        <Text size="sm" c="dimmed">
          {t('maintenance.nothingLost')}
        </Text>
        <Button variant="light" onClick={onRetry} data-testid="maintenance-retry">
          {t('maintenance.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
