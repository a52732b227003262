import { MESSAGES, passwordConfirmationSchema, TIMERS_MS } from '@ampelos/domain';
import { Alert, Anchor, Button, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewPasswordInputs } from '../../../components/person-inputs.tsx';
import { paths } from '../../../config/paths.ts';
import { zodValidate } from '../../../lib/form.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useResetPassword } from '../api/reset-password.ts';

/** Spec section 9: mismatch alert 3 s, reset error 5 s. */
const MISMATCH_MS = TIMERS_MS.passwordMismatchAlert;
const RESET_ERROR_MS = TIMERS_MS.resetPasswordError;

export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: zodValidate(passwordConfirmationSchema),
  });

  const onInvalid = (errors: Record<string, unknown>) => {
    if (errors.confirmPassword === translateMessage(MESSAGES.passwordMismatch)) {
      notifyError(translateMessage(MESSAGES.passwordMismatch), MISMATCH_MS);
    }
  };

  const onSubmit = (values: { password: string }) =>
    reset.mutate(
      { token, password: values.password },
      { onError: () => notifyError(t('auth.resetFailed'), RESET_ERROR_MS) },
    );

  return (
    <Paper withBorder shadow="sm" p="xl" maw={420} mx="auto">
      <Stack>
        <Title order={2}>{t('auth.resetTitle')}</Title>
        {reset.isSuccess ? (
          <Alert color="green" icon={<IconCircleCheck />} role="status" data-testid="reset-success">
            {t('auth.resetSuccess')}{' '}
            <Anchor component={Link} to={paths.login.getHref()}>
              {t('auth.signIn')}
            </Anchor>
          </Alert>
        ) : (
          <form onSubmit={form.onSubmit(onSubmit, onInvalid)} noValidate>
            <Stack>
              <NewPasswordInputs
                form={form}
                passwordPath="password"
                testIds={{ password: 'reset-password', confirm: 'reset-confirm-password' }}
              />
              <Button type="submit" loading={reset.isPending} data-testid="reset-submit">
                {t('auth.resetSubmit')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
