import type { AdminCouponView } from '@ampelos/domain';
import { Badge, Button, Table } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatCalendarDate } from '../../../lib/format.ts';

interface CouponsTableProps {
  coupons: readonly AdminCouponView[];
  onDeactivate: (coupon: AdminCouponView) => void;
}

/** Every coupon: code, discount, minimum hectares, E2E waiver, validity window (UTC days), state. */
export function CouponsTable({ coupons, onDeactivate }: CouponsTableProps) {
  const { t, i18n } = useTranslation();
  const day = (value: string | null) => formatCalendarDate(value, i18n.language, { timeZone: 'UTC' });
  const validity = (coupon: AdminCouponView) => {
    if (coupon.validFrom && coupon.validTo) return `${day(coupon.validFrom)} – ${day(coupon.validTo)}`;
    if (coupon.validFrom) return t('coupons.validity.from', { date: day(coupon.validFrom) });
    if (coupon.validTo) return t('coupons.validity.until', { date: day(coupon.validTo) });
    return t('coupons.validity.always');
  };

  return (
    <ScrollTable minWidth={760} label={t('coupons.title')}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="coupons-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('coupons.fields.code')}</Table.Th>
            <Table.Th>{t('coupons.fields.discountPercent')}</Table.Th>
            <Table.Th>{t('coupons.fields.minTotalHectares')}</Table.Th>
            <Table.Th>{t('coupons.fields.waiver')}</Table.Th>
            <Table.Th>{t('coupons.fields.validity')}</Table.Th>
            <Table.Th>{t('coupons.fields.active')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {coupons.map((coupon) => (
            <Table.Tr
              key={coupon.id}
              data-testid="coupon-row"
              data-code={coupon.code}
              data-active={coupon.active ? 'true' : 'false'}
            >
              <Table.Td ff="monospace" fw={600}>
                {coupon.code}
              </Table.Td>
              <Table.Td>{coupon.discountPercent}%</Table.Td>
              <Table.Td>
                {coupon.details.minTotalHectares === null
                  ? '—'
                  : t('coupons.hectares', { value: coupon.details.minTotalHectares })}
              </Table.Td>
              <Table.Td>{coupon.waivesE2eMinimum ? t('coupons.yes') : t('coupons.no')}</Table.Td>
              <Table.Td>{validity(coupon)}</Table.Td>
              <Table.Td>
                <Badge color={coupon.active ? 'green' : 'gray'} variant="light" data-testid="coupon-active">
                  {coupon.active ? t('coupons.active') : t('coupons.inactive')}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                {coupon.active && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconBan size={14} />}
                    onClick={() => onDeactivate(coupon)}
                    data-testid="coupon-deactivate"
                  >
                    {t('coupons.deactivate.button')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
