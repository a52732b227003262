import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRemoveFirstPaint } from '../lazy-route.tsx';

/** Last resort for a render error: say so and offer a reload instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  useRemoveFirstPaint();
  return (
    <Center h="100vh">
      <Stack align="center">
        <Title order={2}>{t('errors.pageTitle')}</Title>
        <Text>{t('errors.pageText')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Center>
  );
}
