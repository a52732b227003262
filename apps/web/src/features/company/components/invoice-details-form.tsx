import {
  type CompanyView,
  INVOICE_DETAIL_FIELDS,
  invoiceDetailsUpdateSchema,
  TIMERS_MS,
} from '@ampelos/domain';
import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { readErrorPaths } from '../../../lib/api-errors.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { zodValidate } from '../../../lib/form.ts';
import { translateAnswer } from '../../../lib/i18n.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateInvoiceDetails } from '../api/update-invoice-details.ts';

type InvoiceField = (typeof INVOICE_DETAIL_FIELDS)[number];
type Values = Record<InvoiceField, string> & { addBEAddress: boolean };

/** Saved invoice details first; before the first save, what the company record already holds. */
function valuesOf(company: CompanyView | null): Values {
  const saved = company?.invoiceDetails;
  const known: Partial<Record<InvoiceField, string | null>> = {
    ...company,
    firmTitle: company?.title,
    firmActivity: company?.activity,
  };
  const values = { addBEAddress: false } as Values;
  for (const field of INVOICE_DETAIL_FIELDS) values[field] = saved?.[field] ?? known[field] ?? '';
  return values;
}

export interface InvoiceDetailsFormProps {
  company: CompanyView | null;
  /** Called after a successful save (the checkout moves on; the profile stays). */
  onSaved?: () => void;
}

/**
 * The company's invoice details (spec sections 3 and 5). Users who may read but not update the company
 * see the same fields read-only. After an edit an Update button appears; success shows
 * "Invoice Details Updated!" for 5 s, failure "Please verify the data" for 3 s with the server's field
 * messages; then the company is fetched again.
 */
export function InvoiceDetailsForm({ company, onSaved }: InvoiceDetailsFormProps) {
  const { t } = useTranslation();
  const canEdit = useAuthorization().can('update', 'UserCompany');
  const update = useUpdateInvoiceDetails();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(company),
    validate: zodValidate(invoiceDetailsUpdateSchema),
  });

  // A refetched company replaces the values unless the user is in the middle of an edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new company should reset the form
  useEffect(() => {
    if (form.isDirty()) return;
    const next = valuesOf(company);
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
  }, [company]);

  const onSubmit = (values: Values) =>
    update.mutate(invoiceDetailsUpdateSchema.parse(values), {
      onSuccess: ({ data }) => {
        const next = valuesOf(data);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        notifySuccess(t('company.invoice.updated'), TIMERS_MS.invoiceSuccess);
        onSaved?.();
      },
      onError: (error) => {
        notifyError(t('company.invoice.verifyData'), TIMERS_MS.invoiceError);
        if (!(error instanceof ApiError) || error.status !== 400) return;
        for (const { path, ...answer } of readErrorPaths(error.body)) {
          const msg = translateAnswer(answer);
          const field = path?.split('.')[0];
          if (field && (INVOICE_DETAIL_FIELDS as readonly string[]).includes(field)) {
            form.setFieldError(field, msg);
          } else {
            notifyError(msg, TIMERS_MS.invoiceError);
          }
        }
      },
    });

  return (
    <form
      onSubmit={form.onSubmit(onSubmit)}
      noValidate
      data-testid="invoice-form"
      data-readonly={canEdit ? undefined : 'true'}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {INVOICE_DETAIL_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`company.fields.${field}`)}
              required={canEdit}
              readOnly={!canEdit}
              variant={canEdit ? 'default' : 'filled'}
              type={field === 'email' ? 'email' : field === 'telephone' ? 'tel' : 'text'}
              inputMode={field === 'telephone' ? 'numeric' : undefined}
              data-testid={`invoice-${field}`}
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
        {canEdit && (
          <Group justify="space-between" align="center">
            <Checkbox
              label={t('company.invoice.addBEAddress')}
              data-testid="invoice-addBEAddress"
              {...form.getInputProps('addBEAddress', { type: 'checkbox' })}
            />
            {form.isDirty() && (
              <Button type="submit" loading={update.isPending} data-testid="invoice-submit">
                {t('company.invoice.update')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}
