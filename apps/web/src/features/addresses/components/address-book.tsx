import type { AddressView } from '@ampelos/domain';
import { Button, Card, EmptyState, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconMapPin, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storedCountryName } from '../../../lib/country-name.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteAddress } from '../api/delete-address.ts';
import { useAddresses } from '../api/get-addresses.ts';
import { AddressFormModal } from './address-form-modal.tsx';

export function AddressBook() {
  const { t, i18n } = useTranslation();
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const [modal, setModal] = useState<{ opened: boolean; address: AddressView | null }>({
    opened: false,
    address: null,
  });
  const [activeId, setActiveId] = useState<number | null>(null);
  const list = addresses.data ?? [];
  // The first item of a loaded list is active unless the user picked another.
  const active = list.find((a) => a.id === activeId) ?? list[0];

  const onDelete = (address: AddressView) => {
    if (!window.confirm(t('addresses.confirmDelete'))) return;
    remove.mutate(address.id, {
      onSuccess: () => notifySuccess(t('addresses.deleted')),
      onError: () => notifyError(t('addresses.failed')),
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('addresses.title')}</Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setModal({ opened: true, address: null })}
          data-testid="address-add"
        >
          {t('addresses.add')}
        </Button>
      </Group>
      {addresses.isPending && <Loader />}
      {addresses.isError && <Text c="red">{t('addresses.loadFailed')}</Text>}
      {addresses.isSuccess && list.length === 0 && (
        <EmptyState
          title={t('addresses.empty')}
          icon={<IconMapPin size={32} stroke={1.5} />}
          variant="light"
          data-testid="address-empty"
        />
      )}
      {list.map((address) => {
        const isActive = address.id === active?.id;
        return (
          <Card
            key={address.id}
            withBorder
            padding="md"
            data-testid="address-item"
            data-active={isActive || undefined}
            onClick={() => setActiveId(address.id)}
            style={{
              cursor: 'pointer',
              borderColor: isActive ? 'var(--mantine-color-grape-6)' : undefined,
              borderWidth: isActive ? 2 : undefined,
            }}
          >
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Text fw={600}>{address.line_1}</Text>
                {address.line_2 && <Text size="sm">{address.line_2}</Text>}
                {address.line_3 && <Text size="sm">{address.line_3}</Text>}
                <Text size="sm" c="dimmed">
                  {address.zip_postcode} {address.city}, {address.state},{' '}
                  {storedCountryName(address.country, i18n.language)}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconEdit size={14} />}
                  onClick={() => setModal({ opened: true, address })}
                  data-testid="address-edit"
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => onDelete(address)}
                  data-testid="address-delete"
                >
                  {t('common.delete')}
                </Button>
              </Group>
            </Group>
          </Card>
        );
      })}
      <AddressFormModal
        opened={modal.opened}
        address={modal.address}
        onClose={() => setModal((m) => ({ ...m, opened: false }))}
      />
    </Stack>
  );
}
