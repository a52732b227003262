import type { AddressView } from '@ampelos/domain';
import { COMMERCE_MESSAGES } from '@ampelos/domain';
import { ActionIcon, Alert, Button, Group, Loader, Radio, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconMapPinOff, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storedCountryName } from '../../../lib/country-name.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useAddresses } from '../api/get-addresses.ts';
import { AddressFormModal } from './address-form-modal.tsx';

interface BillingAddressPickerProps {
  /** The chosen address id, or null. */
  value: number | null;
  onChange: (addressId: number | null) => void;
}

const oneLine = (address: AddressView) =>
  [address.line_1, address.line_2, address.line_3].filter(Boolean).join(', ');

/**
 * Billing address selection (spec section 2, other panels): the user's addresses as a radio list, with
 * add and edit through the address form. The first billing address is chosen when nothing is yet.
 */
export function BillingAddressPicker({ value, onChange }: BillingAddressPickerProps) {
  const { t, i18n } = useTranslation();
  const addresses = useAddresses();
  const [modal, setModal] = useState<{ opened: boolean; address: AddressView | null }>({
    opened: false,
    address: null,
  });
  const list = addresses.data ?? [];
  const chosen = list.find((address) => address.id === value) ?? null;

  // A list loaded with nothing chosen starts on its first billing address (spec section 4: first item active);
  // a chosen address that was deleted meanwhile is let go.
  useEffect(() => {
    if (!addresses.isSuccess) return;
    if (value !== null && list.some((address) => address.id === value)) return;
    const first = list.find((address) => address.isBilling) ?? list[0];
    const next = first?.id ?? null;
    if (next !== value) onChange(next);
  }, [addresses.isSuccess, list, value, onChange]);

  return (
    <Stack gap="sm" data-testid="billing-address-picker">
      {addresses.isPending && <Loader size="sm" />}
      {addresses.isError && <Text c="red">{t('addresses.loadFailed')}</Text>}
      {addresses.isSuccess && !chosen && (
        <Alert color="red" icon={<IconMapPinOff size={18} />} role="alert" data-testid="billing-address-none">
          {translateMessage(COMMERCE_MESSAGES.noAddress)}
        </Alert>
      )}
      {list.length > 0 && (
        <Radio.Group value={value === null ? null : String(value)} onChange={(id) => onChange(Number(id))}>
          <Stack gap="xs">
            {list.map((address) => (
              <Group key={address.id} wrap="nowrap" gap="xs" maw={680}>
                <Radio.Card
                  value={String(address.id)}
                  p="sm"
                  style={{ flex: 1 }}
                  data-testid={`billing-address-${address.id}`}
                >
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator mt={2} />
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {oneLine(address)}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {address.zip_postcode} {address.city}, {address.state},{' '}
                        {storedCountryName(address.country, i18n.language)}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
                <Tooltip label={t('common.edit')}>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('common.edit')}
                    onClick={() => setModal({ opened: true, address })}
                    data-testid={`billing-address-edit-${address.id}`}
                  >
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Button
        variant="light"
        w="fit-content"
        leftSection={<IconPlus size={16} />}
        onClick={() => setModal({ opened: true, address: null })}
        data-testid="billing-address-add"
      >
        {t('addresses.add')}
      </Button>
      <AddressFormModal
        opened={modal.opened}
        address={modal.address}
        onClose={() => setModal((current) => ({ ...current, opened: false }))}
        onSaved={(saved) => onChange(saved.id)}
      />
    </Stack>
  );
}
