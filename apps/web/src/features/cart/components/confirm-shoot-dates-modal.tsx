import { SHOOT_RANGE_DAYS } from '@ampelos/domain';
import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** The terms' administrative fee applies to flights cancelled or moved less than this many hours ahead. */
const RESCHEDULE_FEE_HOURS = 48;

interface ConfirmShootDatesModalProps {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Confirm Photo Shoot dates": the customer's availability for E2E shoots is taken after payment, from
 * the field page's "Schedule Shoot" (docs/decisions/commerce.md), so this step explains it before checkout.
 */
export function ConfirmShootDatesModal({ opened, onConfirm, onCancel }: ConfirmShootDatesModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('cart.datesTitle')} size="lg">
      <Stack data-testid="cart-confirm-dates">
        <Text>{t('cart.datesIntro')}</Text>
        <List spacing="xs" size="sm">
          <List.Item>{t('cart.datesStepOrder')}</List.Item>
          <List.Item>{t('cart.datesStepSchedule', { days: SHOOT_RANGE_DAYS })}</List.Item>
          <List.Item>{t('cart.datesStepConfirm')}</List.Item>
          <List.Item>
            {t('cart.datesStepFee', { hours: RESCHEDULE_FEE_HOURS })}{' '}
            <Anchor component={Link} to={paths.termsOfService.getHref()} target="_blank" size="sm">
              {t('footer.terms')}
            </Anchor>
          </List.Item>
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-testid="cart-confirm-dates-cancel">
            {t('common.cancel')}
          </Button>
          <Button onClick={onConfirm} data-testid="cart-confirm-dates-confirm">
            {t('cart.datesConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
