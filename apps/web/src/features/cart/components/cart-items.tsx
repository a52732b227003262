import { BREAKPOINTS } from '@ampelos/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeleteCartGroup } from '../api/delete-cart-group.ts';
import type { CartRow } from '../cart-rules.ts';
import { CartItemCards } from './cart-item-cards.tsx';
import { CartItemsTable } from './cart-items-table.tsx';

/** The cart groups (field + service) with their price; each can be removed after a confirmation. */
export function CartItems({ rows }: { rows: readonly CartRow[] }) {
  const { t } = useTranslation();
  const [toDelete, setToDelete] = useState<CartRow | null>(null);
  const remove = useDeleteCartGroup();
  // One layout at a time (not two hidden by CSS), so each group is one `cart-item` on the page.
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS.smallScreen}px)`, undefined, {
    getInitialValueInEffect: false,
  });

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(
      { fieldId: toDelete.fieldId, service: toDelete.service },
      {
        onSuccess: () => notifySuccess(t('cart.deleted')),
        onSettled: () => setToDelete(null),
      },
    );
  };

  return (
    <>
      {small ? (
        <CartItemCards rows={rows} onDelete={setToDelete} />
      ) : (
        <CartItemsTable rows={rows} onDelete={setToDelete} />
      )}
      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('cart.confirmTitle')}
        data-testid="cart-item-delete-modal"
      >
        <Stack>
          <Text>{t('cart.confirmDelete', { title: toDelete?.title ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(null)} data-testid="cart-item-delete-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              onClick={confirmDelete}
              loading={remove.isPending}
              data-testid="cart-item-delete-confirm"
            >
              {t('common.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
