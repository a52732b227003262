import {
  BULK_REPORT_DEFAULTS,
  COMMERCE_MESSAGES,
  type FieldView,
  hectares,
  isE2EEligibleField,
  type Plan,
  reportPrice,
  type Service,
} from '@ampelos/domain';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { type SelectedFields, useAddMultipleReports } from '../api/add-multiple-reports.ts';
import { shootsOf } from '../packages.ts';

interface Choice {
  selected: boolean;
  service: Service;
  plan: Plan;
}

interface BulkReportsModalProps {
  opened: boolean;
  onClose: () => void;
  /** The caller's fields (the route gives them). */
  fields: readonly FieldView[];
  /** Uuids of fields already in the cart: they cannot take another package. */
  inCart: ReadonlySet<string>;
}

const defaultChoice = (field: FieldView): Choice => ({
  selected: false,
  // Defaults E2E, Standard (3 shoots); a field too small for E2E starts on BYOI.
  service: isE2EEligibleField(field.area) ? BULK_REPORT_DEFAULTS.service : 'manual',
  plan: BULK_REPORT_DEFAULTS.plan,
});

function BulkReportsForm({ fields, inCart, onClose }: Omit<BulkReportsModalProps, 'opened'>) {
  const { t } = useTranslation();
  const add = useAddMultipleReports();
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(fields.map((field) => [field.uuid, defaultChoice(field)])),
  );
  const update = (uuid: string, change: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [uuid]: { ...(all[uuid] as Choice), ...change } }));

  const selected = fields.filter((field) => choices[field.uuid]?.selected && !inCart.has(field.uuid));
  const total = selected.reduce((sum, field) => {
    const choice = choices[field.uuid] as Choice;
    return sum + reportPrice(choice.service, shootsOf(choice.service, choice.plan), field.area);
  }, 0);

  const onSubmit = () => {
    const selectedFields: SelectedFields = Object.fromEntries(
      selected.map((field) => {
        const { service, plan } = choices[field.uuid] as Choice;
        return [field.uuid, { service, shoots: shootsOf(service, plan) }];
      }),
    );
    add.mutate(selectedFields, {
      onSuccess: () => {
        notifySuccess(t('services.added'));
        onClose();
      },
    });
  };

  return (
    <Stack gap="md">
      {fields.length === 0 ? (
        <Text c="dimmed" data-testid="bulk-reports-no-fields">
          {t('fields.empty')}
        </Text>
      ) : (
        <ScrollTable minWidth={720} label={t('services.bulkTitle')}>
          <Table verticalSpacing="xs" data-testid="bulk-reports-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{t('cart.field')}</Table.Th>
                <Table.Th>{t('cart.hectares')}</Table.Th>
                <Table.Th>{t('services.service')}</Table.Th>
                <Table.Th>{t('services.plan')}</Table.Th>
                <Table.Th>{t('cart.shoots')}</Table.Th>
                <Table.Th ta="right">{t('cart.price')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field) => {
                const choice = choices[field.uuid] ?? defaultChoice(field);
                const taken = inCart.has(field.uuid);
                const e2eAllowed = isE2EEligibleField(field.area);
                const shoots = shootsOf(choice.service, choice.plan);
                return (
                  <Table.Tr key={field.uuid} data-testid={`bulk-row-${field.uuid}`}>
                    <Table.Td>
                      <Checkbox
                        aria-label={field.title}
                        checked={choice.selected && !taken}
                        disabled={taken}
                        onChange={(event) => update(field.uuid, { selected: event.currentTarget.checked })}
                        data-testid={`bulk-select-${field.uuid}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {field.title}
                      </Text>
                      {taken && (
                        <Text size="xs" c="dimmed" data-testid={`bulk-in-cart-${field.uuid}`}>
                          {t('services.alreadyInCart')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{hectares(field.area).toFixed(2)}</Table.Td>
                    {taken ? (
                      // The package already chosen is in the cart; nothing to choose here.
                      <Table.Td colSpan={4} c="dimmed">
                        –
                      </Table.Td>
                    ) : (
                      <>
                        <Table.Td>
                          <NativeSelect
                            size="xs"
                            miw={190}
                            aria-label={t('services.service')}
                            value={choice.service}
                            onChange={(event) =>
                              update(field.uuid, { service: event.currentTarget.value as Service })
                            }
                            data={[
                              { value: 'e2e', label: t('services.e2eShort'), disabled: !e2eAllowed },
                              { value: 'manual', label: t('services.manualShort') },
                            ]}
                            data-testid={`bulk-service-${field.uuid}`}
                          />
                        </Table.Td>
                        <Table.Td>
                          <NativeSelect
                            size="xs"
                            miw={120}
                            aria-label={t('services.plan')}
                            value={choice.plan}
                            onChange={(event) =>
                              update(field.uuid, { plan: event.currentTarget.value as Plan })
                            }
                            data={[
                              { value: 'standard', label: t('services.standard') },
                              { value: 'premium', label: t('services.premium') },
                            ]}
                            data-testid={`bulk-plan-${field.uuid}`}
                          />
                        </Table.Td>
                        <Table.Td data-testid={`bulk-shoots-${field.uuid}`}>{shoots}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatPrice(reportPrice(choice.service, shoots, field.area))}
                        </Table.Td>
                      </>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {selected.length === 0 && fields.length > 0 && (
        <Alert color="gray" variant="light" data-testid="bulk-reports-hint">
          {translateMessage(COMMERCE_MESSAGES.atLeastOneField)}
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" data-testid="bulk-reports-total">
          {t('services.selectedTotal', { count: selected.length, price: formatPrice(total) })}
        </Text>
        <Group>
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={onSubmit}
            disabled={selected.length === 0}
            loading={add.isPending}
            data-testid="bulk-reports-submit"
          >
            {t('services.addToCart')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** "Add multiple reports": one package per chosen field, in one all-or-nothing request. */
export function BulkReportsModal({ opened, onClose, fields, inCart }: BulkReportsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('services.bulkTitle')} size={960}>
      {opened && <BulkReportsForm fields={fields} inCart={inCart} onClose={onClose} />}
    </Modal>
  );
}
