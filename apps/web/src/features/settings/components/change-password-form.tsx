import { MESSAGES, newPasswordSchema, TIMERS_MS } from '@ampelos/domain';
import { Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { NewPasswordInputs } from '../../../components/person-inputs.tsx';
import { zodValidate } from '../../../lib/form.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangePassword } from '../api/change-password.ts';

/** Spec section 9: password messages 5 s, mismatch 3 s. */
const MESSAGE_MS = TIMERS_MS.passwordMessage;
const MISMATCH_MS = TIMERS_MS.passwordMismatchAlert;

const formSchema = z
  .object({
    oldPassword: z.string().min(1, MESSAGES.required),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.confirmPasswordMismatch,
    path: ['confirmPassword'],
  });

const initialValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm({ mode: 'controlled', initialValues, validate: zodValidate(formSchema) });

  const onInvalid = (errors: Record<string, unknown>) => {
    const mismatch = translateMessage(MESSAGES.confirmPasswordMismatch);
    if (errors.confirmPassword === mismatch) notifyError(mismatch, MISMATCH_MS);
  };

  const onSubmit = (values: typeof initialValues) =>
    change.mutate(
      { oldPassword: values.oldPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess(t('settings.passwordUpdated'), MESSAGE_MS);
        },
        onError: (error) => {
          if ('status' in error && error.status === 400) {
            notifyError(translateMessage(MESSAGES.currentPasswordWrong), MESSAGE_MS);
          }
        },
      },
    );

  return (
    <Paper withBorder p="lg">
      <form onSubmit={form.onSubmit(onSubmit, onInvalid)} noValidate>
        <Stack>
          <Title order={3}>{t('settings.changePassword')}</Title>
          <PasswordInput
            label={t('settings.currentPassword')}
            autoComplete="current-password"
            required
            data-testid="password-current"
            {...form.getInputProps('oldPassword')}
          />
          <NewPasswordInputs
            form={form}
            passwordPath="newPassword"
            hint={t('settings.passwordHint')}
            testIds={{ password: 'password-new', confirm: 'password-confirm' }}
          />
          <Button type="submit" w="fit-content" loading={change.isPending} data-testid="password-submit">
            {t('settings.updatePassword')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
