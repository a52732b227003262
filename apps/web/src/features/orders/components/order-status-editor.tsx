import { isOrderStatus, ORDER_STATUSES, type OrderStatus, type OrderView } from '@ampelos/domain';
import { Button, Combobox, Group, InputBase, Paper, Stack, Text, useCombobox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateOrderStatus } from '../api/update-order-status.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

/** A status picked for an order and not yet sent. */
export interface StatusChoice {
  orderUuid: string;
  status: OrderStatus;
}

interface OrderStatusEditorProps {
  order: OrderView;
  /**
   * Kept by the screen, not here: the detail pane unmounts when the layout switches to the small-screen
   * one (even for an instant, as a full-page screenshot does), and a pending choice must survive that.
   */
  choice: StatusChoice | null;
  onChoice: (choice: StatusChoice | null) => void;
}

/**
 * Administrators pick a status from the dropdown; the choice is shown as "Selected Status" with
 * Update Status and Cancel. On success the list reloads (the selection is kept in the URL).
 */
export function OrderStatusEditor({ order, choice: pending, onChoice }: OrderStatusEditorProps) {
  const { t } = useTranslation();
  const update = useUpdateOrderStatus();
  const choice = pending?.orderUuid === order.uuid && pending.status !== order.status ? pending.status : null;
  const setChoice = (status: OrderStatus | null) =>
    onChoice(status ? { orderUuid: order.uuid, status } : null);
  // A button-like dropdown: a status is a choice from two, never typed.
  const combobox = useCombobox();
  const current = choice ?? (isOrderStatus(order.status) ? order.status : 'pending_payment');

  const onChange = (value: string) => {
    if (!isOrderStatus(value)) return;
    setChoice(value === order.status ? null : value);
  };

  const submit = () => {
    if (!choice) return;
    update.mutate(
      { orderUuid: order.uuid, status: choice },
      {
        onSuccess: () => {
          notifySuccess(t('orders.statusEditor.updated'));
          setChoice(null);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" data-testid="order-status-editor">
      <Stack gap="sm">
        <Combobox
          store={combobox}
          onOptionSubmit={(value) => {
            onChange(value);
            combobox.closeDropdown();
          }}
        >
          <Combobox.Target>
            <InputBase
              component="button"
              type="button"
              pointer
              label={t('orders.statusEditor.label')}
              rightSection={<Combobox.Chevron />}
              rightSectionPointerEvents="none"
              onClick={() => combobox.toggleDropdown()}
              disabled={update.isPending}
              data-testid="order-status-select"
              data-value={current}
              maw={320}
            >
              {t(`orders.status.${current}`)}
            </InputBase>
          </Combobox.Target>
          <Combobox.Dropdown>
            <Combobox.Options>
              {ORDER_STATUSES.map((status) => (
                <Combobox.Option value={status} key={status} active={status === current}>
                  {t(`orders.status.${status}`)}
                </Combobox.Option>
              ))}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        {choice && (
          <Group justify="space-between" gap="sm">
            <Group gap="xs" data-testid="order-selected-status" data-status={choice}>
              <Text size="sm">{t('orders.statusEditor.selected')}:</Text>
              <OrderStatusBadge status={choice} testId="order-selected-status-label" />
            </Group>
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() => setChoice(null)}
                disabled={update.isPending}
                data-testid="order-status-cancel"
              >
                {t('orders.statusEditor.cancel')}
              </Button>
              <Button onClick={submit} loading={update.isPending} data-testid="order-status-update">
                {t('orders.statusEditor.update')}
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
