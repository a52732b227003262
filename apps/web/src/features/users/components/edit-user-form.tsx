import {
  MESSAGES,
  profileNameSchema,
  ROLES,
  type Role,
  TIMERS_MS,
  type UserAdminView,
} from '@ampelos/domain';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { readErrorPaths } from '../../../lib/api-errors.ts';
import { zodValidate } from '../../../lib/form.ts';
import { translateAnswer } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRoleLabel } from '../../../lib/role-label.ts';
import { type UserUpdateInput, useUpdateUser } from '../api/update-user.ts';
import { type CompanyChoice, companyKindOfRole } from '../user-roles.ts';

export interface EditUserFormProps {
  user: UserAdminView;
  /** Roles the caller may give; the role is only offered when there is a choice. */
  grantableRoles: readonly Role[];
  /** Administrators may move the user to another company. */
  companyChoices?: readonly CompanyChoice[];
  onSaved?: (user: UserAdminView) => void;
  onClose: () => void;
}

const optionalText = (min: number, max: number, message: string) =>
  z.union([z.literal(''), z.string().trim().min(min, message).max(max, message)]);

const formSchema = z.object({
  firstName: profileNameSchema,
  lastName: profileNameSchema,
  mobile: optionalText(5, 20, MESSAGES.mobile),
  location: optionalText(2, 50, MESSAGES.location),
  role: z.enum(ROLES),
  companyId: z.string(),
});

const valuesOf = (user: UserAdminView) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  mobile: user.mobile ?? '',
  location: user.location ?? '',
  role: user.role as Role,
  companyId: user.company ? String(user.company.id) : '',
});
type Values = ReturnType<typeof valuesOf>;
const FIELDS: readonly string[] = ['firstName', 'lastName', 'mobile', 'location', 'role', 'companyId'];

/**
 * Edit another user (`PUT /user/update` with `updateOtherUser`). As the profile form (spec section 4):
 * the Update button appears after an edit; success "User successfully updated" for 5 s, failure
 * "Please verify the data" for 3 s with the server's messages; the list and the user are refetched.
 */
export function EditUserForm({ user, grantableRoles, companyChoices, onSaved, onClose }: EditUserFormProps) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const update = useUpdateUser();
  const form = useForm({
    mode: 'controlled',
    initialValues: valuesOf(user),
    validate: zodValidate(formSchema),
  });
  const roles = grantableRoles.includes(user.role) ? grantableRoles : [user.role];
  // Companies of the kind the chosen role belongs to; the user's present one stays choosable.
  const kind = companyKindOfRole(form.values.role);
  const fitting = companyChoices?.filter((company) => company.kind === kind) ?? [];
  const present = user.company && !fitting.some((c) => c.id === user.company?.id) ? [user.company] : [];
  const companies = companyChoices && [...present, ...fitting];

  const onSubmit = (values: Values) => {
    const input: UserUpdateInput = {
      uuid: user.uuid,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      mobile: values.mobile.trim() || null,
      location: values.location.trim() || null,
    };
    // Only what changed: a role or company the caller did not touch is not sent back.
    if (values.role !== user.role) input.role = values.role;
    const initialCompany = valuesOf(user).companyId;
    if (companyChoices && values.companyId !== initialCompany) {
      input.companyId = values.companyId === '' ? null : Number(values.companyId);
    }
    update.mutate(input, {
      onSuccess: (answer) => {
        notifySuccess(t('users.updated'), TIMERS_MS.profileSuccess);
        onSaved?.(answer.data);
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status !== 400) return;
        notifyError(t('profile.verifyData'), TIMERS_MS.profileError);
        for (const { path, ...answer } of readErrorPaths(error.body)) {
          const msg = translateAnswer(answer);
          const field = path?.split('.')[0];
          if (field && FIELDS.includes(field)) form.setFieldError(field, msg);
          else notifyError(msg, TIMERS_MS.profileError);
        }
      },
    });
  };

  const input = (field: keyof Values) => ({
    ...form.getInputProps(field),
    'data-testid': `user-form-${field}`,
  });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate data-testid="user-edit-form">
      <Stack>
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('signup.firstName')} required {...input('firstName')} />
          <TextInput label={t('signup.lastName')} required {...input('lastName')} />
          <TextInput label={t('profile.mobile')} type="tel" {...input('mobile')} />
          <TextInput label={t('profile.location')} {...input('location')} />
          <NativeSelect
            label={t('users.role')}
            disabled={roles.length === 1}
            data={roles.map((value) => ({ value, label: roleLabel(value) }))}
            {...input('role')}
          />
          {companies && (
            <NativeSelect
              label={t('users.company')}
              data={[
                { value: '', label: t('users.form.noCompany') },
                ...companies.map((company) => ({ value: String(company.id), label: company.title })),
              ]}
              {...input('companyId')}
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {form.isDirty() && (
            <Button type="submit" loading={update.isPending} data-testid="user-form-submit">
              {t('profile.update')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
