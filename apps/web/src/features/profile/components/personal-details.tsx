import { MESSAGES, profileNameSchema, TIMERS_MS, type UserView } from '@ampelos/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PersonNameInputs } from '../../../components/person-inputs.tsx';
import { zodValidate } from '../../../lib/form.ts';
import { formatDate } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRoleLabel } from '../../../lib/role-label.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { AvatarEditor } from './avatar-editor.tsx';

/** Spec section 9: profile success 5 s, error 3 s. */
const SUCCESS_MS = TIMERS_MS.profileSuccess;
const ERROR_MS = TIMERS_MS.profileError;

const optional = (min: number, max: number, message: string) =>
  z.union([z.literal(''), z.string().trim().min(min, message).max(max, message)]);

const formSchema = z.object({
  firstName: profileNameSchema,
  lastName: profileNameSchema,
  mobile: optional(5, 20, MESSAGES.mobile),
  location: optional(2, 50, MESSAGES.location),
});

const valuesOf = (user: UserView) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  mobile: user.mobile ?? '',
  location: user.location ?? '',
});
type Values = ReturnType<typeof valuesOf>;

export function PersonalDetails({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const update = useUpdateProfile();
  const form = useForm({
    mode: 'controlled',
    initialValues: valuesOf(user),
    validate: zodValidate(formSchema),
  });

  const onSubmit = (values: Values) =>
    update.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        mobile: values.mobile.trim() || null,
        location: values.location.trim() || null,
      },
      {
        onSuccess: ({ user: saved }) => {
          const next = valuesOf(saved);
          form.setInitialValues(next);
          form.setValues(next);
          form.resetDirty(next);
          notifySuccess(t('profile.updated'), SUCCESS_MS);
        },
        onError: () => notifyError(t('profile.verifyData'), ERROR_MS),
      },
    );

  return (
    <Stack gap="lg">
      <Title order={2}>{t('profile.personalDetails')}</Title>
      <Paper withBorder p="lg">
        <AvatarEditor user={user} />
      </Paper>
      <Paper withBorder p="lg">
        <form onSubmit={form.onSubmit(onSubmit)} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PersonNameInputs form={form} testIdPrefix="profile" />
              <TextInput label={t('auth.email')} value={user.email} readOnly data-testid="profile-email" />
              <TextInput
                label={t('profile.mobile')}
                type="tel"
                data-testid="profile-mobile"
                {...form.getInputProps('mobile')}
              />
              <TextInput
                label={t('profile.location')}
                data-testid="profile-location"
                {...form.getInputProps('location')}
              />
            </SimpleGrid>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {roleLabel(user.role)} · {t('profile.memberSince', { date: formatDate(user.createdAt) })}
              </Text>
              {form.isDirty() && (
                <Button type="submit" loading={update.isPending} data-testid="profile-update">
                  {t('profile.update')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
