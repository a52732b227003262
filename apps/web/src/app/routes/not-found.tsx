import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" data-testid="not-found">
      <Title order={1}>404</Title>
      <Text size="lg">{t('notFound.title')}</Text>
      <Button component={Link} to={paths.home.getHref()}>
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
