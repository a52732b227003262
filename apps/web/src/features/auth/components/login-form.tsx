import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { isValidEmail } from '../is-valid-email.ts';

export function LoginForm() {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  const form = useForm({ mode: 'controlled', initialValues: { email: '', password: '' } });
  const wrongCredentials = loginMutation.error instanceof ApiError && loginMutation.error.status === 401;

  return (
    <Paper withBorder shadow="sm" p="xl" maw={420} mx="auto">
      <form onSubmit={form.onSubmit((values) => loginMutation.mutate(values))} noValidate>
        <Stack>
          <Title order={2}>{t('auth.signInTitle')}</Title>
          {wrongCredentials && (
            <Alert color="red" icon={<IconAlertCircle />} role="alert" data-testid="login-error">
              {t('auth.incorrectCredentials')}
            </Alert>
          )}
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            data-testid="login-email"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            data-testid="login-password"
            {...form.getInputProps('password')}
          />
          <Button
            type="submit"
            disabled={!isValidEmail(form.values.email)}
            loading={loginMutation.isPending}
            data-testid="login-submit"
          >
            {t('auth.signIn')}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to={paths.forgotPassword.getHref()} size="sm" data-testid="login-forgot">
              {t('auth.forgotPassword')}
            </Anchor>
            <Anchor component={Link} to={paths.signUp.getHref()} size="sm" data-testid="login-signup">
              {t('auth.createAccount')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
