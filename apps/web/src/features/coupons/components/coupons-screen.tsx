import type { AdminCouponView } from '@ampelos/domain';
import { Alert, Button, Center, EmptyState, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoupons } from '../api/get-coupons.ts';
import { CouponCreateForm } from './coupon-create-form.tsx';
import { CouponsTable } from './coupons-table.tsx';
import { DeactivateCouponModal } from './deactivate-coupon-modal.tsx';

/** Coupons administration: create, list, deactivate (whoever the server allows: AdminOrders:update). */
export function CouponsScreen({ headerActions }: { headerActions?: ReactNode }) {
  const { t } = useTranslation();
  const coupons = useCoupons();
  const [toDeactivate, setToDeactivate] = useState<AdminCouponView | null>(null);

  let list: ReactNode;
  if (coupons.isPending) {
    list = (
      <Center py="xl">
        <Loader />
      </Center>
    );
  } else if (coupons.isError) {
    list = (
      <Stack>
        <Alert color="red" data-testid="coupons-error">
          {t('coupons.loadError')}
        </Alert>
        <Button variant="default" w="fit-content" onClick={() => void coupons.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  } else if (coupons.data.length === 0) {
    list = (
      <EmptyState
        data-testid="coupons-empty"
        title={t('coupons.empty')}
        icon={<IconTicket size={36} stroke={1.5} />}
        variant="light"
        color="grape"
      />
    );
  } else {
    list = <CouponsTable coupons={coupons.data} onDeactivate={setToDeactivate} />;
  }

  return (
    <Stack data-testid="coupons-screen">
      <Group justify="space-between">
        <Title order={2}>{t('coupons.title')}</Title>
        {headerActions}
      </Group>
      <CouponCreateForm />
      <Paper withBorder p="md">
        {list}
      </Paper>
      <DeactivateCouponModal coupon={toDeactivate} onClose={() => setToDeactivate(null)} />
    </Stack>
  );
}
