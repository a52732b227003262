import {
  E2E_FIELD_MIN_HECTARES,
  type FieldView,
  hectares,
  isE2EEligibleField,
  type Plan,
  reportPrice,
  type Service,
} from '@ampelos/domain';
import { Button, Group, Modal, Paper, Radio, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAddPackage } from '../api/add-package.ts';
import { rateOf, shootsOf } from '../packages.ts';
import { OptionCard } from './option-card.tsx';

interface PackageChooserModalProps {
  field: FieldView;
  opened: boolean;
  onClose: () => void;
}

function PackageChooser({ field, onClose }: { field: FieldView; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddPackage();
  const e2eAllowed = isE2EEligibleField(field.area);
  const [service, setService] = useState<Service>(e2eAllowed ? 'e2e' : 'manual');
  const [plan, setPlan] = useState<Plan>('standard');
  const shoots = shootsOf(service, plan);
  const rate = rateOf(service, plan);
  const fieldHectares = hectares(field.area);
  const price = reportPrice(service, shoots, field.area);
  const perHectare = (value: number) => t('services.perHectare', { price: formatPrice(value) });

  const onAdd = () =>
    add.mutate(
      { fieldUuid: field.uuid, service, shoots },
      {
        onSuccess: () => {
          notifySuccess(t('services.added'));
          onClose();
        },
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {field.title} · {t('fields.hectaresValue', { value: fieldHectares.toFixed(2) })}
      </Text>
      <Radio.Group
        value={service}
        onChange={(value) => setService(value as Service)}
        label={t('services.service')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          <OptionCard
            value="e2e"
            testId="package-service-e2e"
            title={t('services.e2e')}
            description={t('services.e2eDescription')}
            aside={t('services.from', { price: perHectare(rateOf('e2e', 'standard')) })}
            disabledReason={e2eAllowed ? null : t('services.e2eTooSmall', { min: E2E_FIELD_MIN_HECTARES })}
          />
          <OptionCard
            value="manual"
            testId="package-service-manual"
            title={t('services.manual')}
            description={t('services.manualDescription')}
            aside={t('services.from', { price: perHectare(rateOf('manual', 'standard')) })}
          />
        </SimpleGrid>
      </Radio.Group>
      <Radio.Group value={plan} onChange={(value) => setPlan(value as Plan)} label={t('services.plan')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          {(['standard', 'premium'] as const).map((option) => (
            <OptionCard
              key={option}
              value={option}
              testId={`package-plan-${option}`}
              title={t(`services.${option}`)}
              description={t('services.shoots', { count: shootsOf(service, option) })}
              aside={perHectare(rateOf(service, option))}
            />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Paper withBorder p="sm" bg="gray.0">
        <Table variant="vertical" withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t('services.rate')}</Table.Th>
              <Table.Td ta="right" data-testid="package-rate">
                {perHectare(rate)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('services.fieldHectares')}</Table.Th>
              <Table.Td ta="right" data-testid="package-hectares">
                {fieldHectares.toFixed(2)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('services.price')}</Table.Th>
              <Table.Td ta="right" fw={700} data-testid="package-price">
                {formatPrice(price)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" ta="right">
          {t('cart.vatExcluded')}
        </Text>
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onAdd} loading={add.isPending} disabled={price === 0} data-testid="package-add">
          {t('services.addToCart')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The pricing package chooser (spec section 2, other panels): End to End vs Bring Your Own Images. */
export function PackageChooserModal({ field, opened, onClose }: PackageChooserModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('services.chooseTitle')} size="lg">
      {opened && <PackageChooser key={field.uuid} field={field} onClose={onClose} />}
    </Modal>
  );
}
