import {
  emailSchema,
  langSchema,
  MESSAGES,
  OPERATIONS_MESSAGES,
  profileNameSchema,
  ROLES,
  type Role,
  type UserAdminView,
  type UserCreateInput,
} from '@ampelos/domain';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { readErrorPaths } from '../../../lib/api-errors.ts';
import { zodValidate } from '../../../lib/form.ts';
import { currentLang, translateAnswer, translateMessage } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRoleLabel } from '../../../lib/role-label.ts';
import { useCreateUser } from '../api/create-user.ts';
import { type CompanyChoice, companyKindOfRole, roleChoices } from '../user-roles.ts';

/** Administrators choose the company of a new user; everyone else adds to their own (server-side). */
export interface CompanyPicker {
  choices: readonly CompanyChoice[];
  /** Opened from a company's panel: that company, not a choice. */
  fixed?: CompanyChoice;
}

export interface AddUserFormProps {
  grantableRoles: readonly Role[];
  companyPicker?: CompanyPicker;
  onSaved?: (user: UserAdminView) => void;
  onClose: () => void;
}

const optionalText = (min: number, max: number, message: string) =>
  z.union([z.literal(''), z.string().trim().min(min, message).max(max, message)]);

/** The inputs of `userCreateSchema` as a form holds them (empty strings for "not given"). */
const formSchema = z.object({
  firstName: profileNameSchema,
  lastName: profileNameSchema,
  email: emailSchema,
  role: z.enum(ROLES, { error: 'Choose a role' }),
  companyId: z.string(),
  organisation: optionalText(2, 100, MESSAGES.englishText),
  mobile: optionalText(5, 20, MESSAGES.mobile),
  location: optionalText(2, 50, MESSAGES.location),
  lang: langSchema,
});

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'role',
  'companyId',
  'organisation',
  'mobile',
  'location',
  'lang',
];

/** Add User (spec section 2): the new user gets an invitation e-mail with a link to set a password. */
export function AddUserForm({ grantableRoles, companyPicker, onSaved, onClose }: AddUserFormProps) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const create = useCreateUser();
  const fixed = companyPicker?.fixed ?? null;
  const roles = roleChoices(grantableRoles, fixed);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      role: (roles.length === 1 ? roles[0] : '') as Role | '',
      companyId: fixed ? String(fixed.id) : '',
      organisation: '',
      mobile: '',
      location: '',
      lang: currentLang() as string,
    },
    validate: zodValidate(formSchema),
  });
  type Values = typeof form.values;
  const { role, companyId } = form.values;
  const kind = companyKindOfRole(role);
  const companies = companyPicker && kind ? companyPicker.choices.filter((c) => c.kind === kind) : [];
  const showCompany = Boolean(companyPicker && !fixed && kind);
  const showOrganisation = Boolean(companyPicker && !fixed && role === 'drone_admin' && companyId === '');

  const payload = (values: Values): UserCreateInput => {
    const withCompany = companyPicker && companyKindOfRole(values.role) && values.companyId !== '';
    return {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      role: values.role as Role,
      lang: values.lang as UserCreateInput['lang'],
      ...(values.mobile.trim() && { mobile: values.mobile.trim() }),
      ...(values.location.trim() && { location: values.location.trim() }),
      ...(withCompany && { companyId: Number(values.companyId) }),
      ...(showOrganisation && values.organisation.trim() && { organisation: values.organisation.trim() }),
    };
  };

  const onSubmit = (values: Values) =>
    create.mutate(payload(values), {
      onSuccess: (answer) => {
        notifySuccess(translateMessage(answer.msg ?? OPERATIONS_MESSAGES.userCreated));
        onSaved?.(answer.data);
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return;
        for (const { path, ...answer } of readErrorPaths(error.body)) {
          const msg = translateAnswer(answer);
          // A taken e-mail (409) names no input: it belongs to the e-mail.
          const field = error.status === 409 ? 'email' : path?.split('.')[0];
          if (field && FIELDS.includes(field)) form.setFieldError(field, msg);
          else notifyError(msg);
        }
      },
    });

  const input = (field: keyof Values) => ({
    ...form.getInputProps(field),
    'data-testid': `user-form-${field}`,
  });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate data-testid="user-form">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('signup.firstName')} required {...input('firstName')} />
          <TextInput label={t('signup.lastName')} required {...input('lastName')} />
          <TextInput label={t('auth.email')} type="email" required {...input('email')} />
          <NativeSelect
            label={t('users.role')}
            required
            disabled={roles.length === 1}
            data={[
              ...(roles.length === 1
                ? []
                : [{ value: '', label: t('users.form.chooseRole'), disabled: true }]),
              ...roles.map((value) => ({ value, label: roleLabel(value) })),
            ]}
            {...input('role')}
            onChange={(event) => {
              const next = event.currentTarget.value as Role;
              // A company of the other kind does not fit the new role.
              if (!fixed && companyKindOfRole(next) !== kind) form.setFieldValue('companyId', '');
              form.setFieldValue('role', next);
            }}
          />
          {fixed && <TextInput label={t('users.company')} value={fixed.title} readOnly variant="filled" />}
          {showCompany && (
            <NativeSelect
              label={t('users.company')}
              data={[
                {
                  value: '',
                  label: role === 'drone_admin' ? t('users.form.newOrganisation') : t('users.form.noCompany'),
                },
                ...companies.map((company) => ({ value: String(company.id), label: company.title })),
              ]}
              {...input('companyId')}
            />
          )}
          {showOrganisation && (
            <TextInput
              label={t('users.form.organisation')}
              description={t('users.form.organisationHint')}
              {...input('organisation')}
            />
          )}
          <TextInput label={t('profile.mobile')} type="tel" {...input('mobile')} />
          <TextInput label={t('profile.location')} {...input('location')} />
          <NativeSelect
            label={t('users.language')}
            data={[
              { value: 'en', label: 'English' },
              { value: 'el', label: 'Ελληνικά' },
            ]}
            {...input('lang')}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('users.form.invitationNote')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="user-form-submit">
            {t('users.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
