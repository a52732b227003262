import type { AdminCouponView } from '@ampelos/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeactivateCoupon } from '../api/deactivate-coupon.ts';

interface DeactivateCouponModalProps {
  /** The coupon to deactivate; null keeps the modal closed. */
  coupon: AdminCouponView | null;
  onClose: () => void;
}

/** Asks before a coupon is deactivated: it cannot be switched back on from here. */
export function DeactivateCouponModal({ coupon, onClose }: DeactivateCouponModalProps) {
  const { t } = useTranslation();
  const deactivate = useDeactivateCoupon();
  const confirm = () => {
    if (!coupon) return;
    deactivate.mutate(coupon.code, {
      onSuccess: () => {
        notifySuccess(t('coupons.deactivate.done', { code: coupon.code }));
        onClose();
      },
    });
  };

  return (
    <Modal opened={coupon !== null} onClose={onClose} title={t('coupons.deactivate.title')} centered>
      <Stack>
        <Text>{t('coupons.deactivate.question', { code: coupon?.code ?? '' })}</Text>
        <Text size="sm" c="dimmed">
          {t('coupons.deactivate.warning')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={deactivate.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            onClick={confirm}
            loading={deactivate.isPending}
            data-testid="coupon-deactivate-confirm"
          >
            {t('coupons.deactivate.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
