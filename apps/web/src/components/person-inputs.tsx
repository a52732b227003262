import { PasswordInput, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** The part of a Mantine form the shared inputs read. */
interface FormInputs {
  getInputProps: (path: string) => GetInputPropsReturnType;
}

/**
 * First and last name, required, with the browser's name autofill (sign-up and the profile). Test ids
 * are `<testIdPrefix>-first-name` and `<testIdPrefix>-last-name`.
 */
export function PersonNameInputs({ form, testIdPrefix }: { form: FormInputs; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('signup.firstName')}
        autoComplete="given-name"
        required
        data-testid={`${testIdPrefix}-first-name`}
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label={t('signup.lastName')}
        autoComplete="family-name"
        required
        data-testid={`${testIdPrefix}-last-name`}
        {...form.getInputProps('lastName')}
      />
    </>
  );
}

/**
 * A new password and its confirmation (reset and change password): the browser offers to generate
 * one and never autofills the current password here.
 */
export function NewPasswordInputs({
  form,
  passwordPath,
  hint,
  testIds,
}: {
  form: FormInputs;
  passwordPath: string;
  hint?: string;
  testIds: { password: string; confirm: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={t('auth.newPassword')}
        description={hint}
        autoComplete="new-password"
        required
        data-testid={testIds.password}
        {...form.getInputProps(passwordPath)}
      />
      <PasswordInput
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        required
        data-testid={testIds.confirm}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
