import { BREAKPOINTS } from '@ampelos/domain';
import { Alert, Button, Center, EmptyState, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconReceipt } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListDetailLayout } from '../../../components/list-detail-layout.tsx';
import { useOrders } from '../api/get-orders.ts';
import { OrderDetail } from './order-detail.tsx';
import type { StatusChoice } from './order-status-editor.tsx';
import { OrdersList } from './orders-list.tsx';

/** The query parameter naming the selected order: `?order=<uuid>`. */
export const SELECTED_ORDER_PARAM = 'order';

interface OrdersScreenProps {
  title: string;
  /** Buttons beside the title (the route adds the coupons link for administrators). */
  headerActions?: ReactNode;
}

/**
 * Orders: the list on the left, the selected order on the right. On wide screens the first order is
 * active when none is chosen; under 767 px none is, and the detail replaces the list.
 */
export function OrdersScreen({ title, headerActions }: OrdersScreenProps) {
  const { t } = useTranslation();
  const orders = useOrders();
  const [statusChoice, setStatusChoice] = useState<StatusChoice | null>(null);
  const [params, setParams] = useSearchParams();
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS.smallScreen}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const chosenUuid = params.get(SELECTED_ORDER_PARAM);
  const list = orders.data ?? [];
  const selected = chosenUuid
    ? (list.find((order) => order.uuid === chosenUuid) ?? null)
    : small
      ? null
      : (list[0] ?? null);

  const select = (uuid: string) => setParams({ [SELECTED_ORDER_PARAM]: uuid });
  const backToList = () => setParams({});

  const header = (
    <Group justify="space-between">
      <Title order={2}>{title}</Title>
      {headerActions}
    </Group>
  );

  if (orders.isPending) {
    return (
      <Stack data-testid="orders-screen">
        {header}
        <Center py="xl" data-testid="orders-loader">
          <Loader />
        </Center>
      </Stack>
    );
  }
  if (orders.isError) {
    return (
      <Stack data-testid="orders-screen">
        {header}
        <Alert color="red" data-testid="orders-error">
          {t('orders.loadError')}
        </Alert>
        <Button variant="default" w="fit-content" onClick={() => void orders.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  if (list.length === 0) {
    return (
      <Stack data-testid="orders-screen">
        {header}
        <EmptyState
          data-testid="orders-empty"
          title={t('orders.empty')}
          icon={<IconReceipt size={36} stroke={1.5} />}
          variant="light"
          color="grape"
        />
      </Stack>
    );
  }

  const detail = selected ? (
    <OrderDetail
      order={selected}
      onBack={small ? backToList : undefined}
      statusChoice={statusChoice}
      onStatusChoice={setStatusChoice}
    />
  ) : (
    <Center py="xl">
      <Text c="dimmed" data-testid="order-none-selected">
        {t('orders.noneSelected')}
      </Text>
    </Center>
  );
  // Small screens show the list, or the chosen order alone. The panes keep their places in the tree in
  // both layouts so that switching layouts does not remount them.
  return (
    <ListDetailLayout
      small={small}
      chosen={chosenUuid !== null}
      header={header}
      list={
        <OrdersList
          orders={list}
          activeUuid={selected?.uuid ?? null}
          onSelect={select}
          h={small ? 'auto' : 'calc(100dvh - 200px)'}
        />
      }
      detail={
        <>
          {small && !selected && (
            <Button variant="subtle" onClick={backToList} w="fit-content" px={0} data-testid="order-back">
              {t('orders.back')}
            </Button>
          )}
          {detail}
        </>
      }
      data-testid="orders-screen"
    />
  );
}
