import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

export function SignUpThanks() {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="sm" p="xl" maw={480} mx="auto" data-testid="signup-thanks">
      <Stack align="flex-start">
        <Title order={2}>{t('signup.thanksTitle')}</Title>
        <Text>{t('signup.thanksText')}</Text>
        <Button component={Link} to={paths.login.getHref()} data-testid="signup-thanks-signin">
          {t('auth.signIn')}
        </Button>
      </Stack>
    </Paper>
  );
}
