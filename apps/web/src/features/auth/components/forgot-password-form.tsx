import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { isValidEmail } from '../is-valid-email.ts';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const reset = useRequestPasswordReset();
  const form = useForm({ mode: 'controlled', initialValues: { email: '' } });

  return (
    <Paper withBorder shadow="sm" p="xl" maw={420} mx="auto">
      <Stack>
        <Title order={2}>{t('auth.forgotTitle')}</Title>
        {reset.isSuccess ? (
          <Alert color="green" icon={<IconMailCheck />} data-testid="forgot-sent" role="status">
            {t('auth.forgotSent')}
          </Alert>
        ) : (
          <form onSubmit={form.onSubmit((values) => reset.mutate(values))} noValidate>
            <Stack>
              <Text size="sm" c="dimmed">
                {t('auth.forgotIntro')}
              </Text>
              <TextInput
                label={t('auth.email')}
                type="email"
                autoComplete="email"
                required
                data-testid="forgot-email"
                {...form.getInputProps('email')}
              />
              <Button
                type="submit"
                disabled={!isValidEmail(form.values.email)}
                loading={reset.isPending}
                data-testid="forgot-submit"
              >
                {t('auth.sendResetLink')}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to={paths.login.getHref()} size="sm">
          {t('auth.backToSignIn')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
