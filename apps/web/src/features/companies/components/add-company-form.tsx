import {
  COMPANY_KINDS,
  type CompanyCreateInput,
  type CompanyDetailView,
  type CompanyKind,
  companyCreateSchema,
  INVOICE_DETAIL_FIELDS,
  OPERATIONS_MESSAGES,
} from '@ampelos/domain';
import { Button, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { readErrorPaths } from '../../../lib/api-errors.ts';
import { zodValidate } from '../../../lib/form.ts';
import { translateAnswer, translateMessage } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateCompany } from '../api/create-company.ts';

type CompanyField = (typeof INVOICE_DETAIL_FIELDS)[number];
type Values = Record<CompanyField, string> & { kind: CompanyKind };

const emptyValues = (): Values => {
  const values = { kind: 'customer' } as Values;
  for (const field of INVOICE_DETAIL_FIELDS) values[field] = '';
  return values;
};

interface AddCompanyFormProps {
  onCreated?: (company: CompanyDetailView) => void;
  onClose: () => void;
}

/** New company (administrators): the invoice details and whether it is a customer or a drone operator. */
export function AddCompanyForm({ onCreated, onClose }: AddCompanyFormProps) {
  const { t } = useTranslation();
  const create = useCreateCompany();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: emptyValues(),
    validate: zodValidate(companyCreateSchema),
  });

  const onSubmit = (values: Values) =>
    create.mutate(companyCreateSchema.parse(values) as CompanyCreateInput, {
      onSuccess: (answer) => {
        notifySuccess(translateMessage(answer.msg ?? OPERATIONS_MESSAGES.companyCreated));
        onCreated?.(answer.data);
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status !== 400) return;
        for (const { path, ...answer } of readErrorPaths(error.body)) {
          const msg = translateAnswer(answer);
          const field = path?.split('.')[0];
          if (field && field in values) form.setFieldError(field, msg);
          else notifyError(msg);
        }
      },
    });

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate data-testid="company-form">
      <Stack>
        <Radio.Group label={t('companies.kind')} required {...form.getInputProps('kind')}>
          <Group mt={4}>
            {COMPANY_KINDS.map((kind) => (
              <Radio
                key={kind}
                value={kind}
                label={t(`companies.kinds.${kind}`)}
                data-testid={`company-form-kind-${kind}`}
              />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {INVOICE_DETAIL_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`company.fields.${field}`)}
              required
              type={field === 'email' ? 'email' : field === 'telephone' ? 'tel' : 'text'}
              inputMode={field === 'telephone' ? 'numeric' : undefined}
              data-testid={`company-form-${field}`}
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="company-form-submit">
            {t('companies.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
