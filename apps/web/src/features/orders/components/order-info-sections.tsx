import { INVOICE_DETAIL_FIELDS, type OrderView } from '@ampelos/domain';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { storedCountryName } from '../../../lib/country-name.ts';
import { formatCalendarDate, formatPrice } from '../../../lib/format.ts';
import { orderDiscount, orderVat } from '../order-figures.ts';
import { InfoSection } from './info-section.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';

const PAYMENT_METHODS = ['wire_transfer', 'card', 'stripe'];

/** Order Info: identifiers, status, how it is paid, and the figures (VAT shown apart). */
export function OrderInfo({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation();
  const vat = orderVat(order);
  return (
    <InfoSection
      title={t('orders.info.title')}
      testId="order-info"
      rows={[
        { key: 'id', label: t('orders.info.id'), value: order.id },
        { key: 'uuid', label: t('orders.info.uuid'), value: order.uuid },
        {
          key: 'created',
          label: t('orders.info.created'),
          value: formatCalendarDate(order.createdAt, i18n.language),
        },
        { key: 'status', label: t('orders.info.status'), value: <OrderStatusBadge status={order.status} /> },
        {
          key: 'transactionType',
          label: t('orders.info.transactionType'),
          value: t(`orders.transactionType.${order.transactionType}`),
        },
        {
          key: 'paymentMethod',
          label: t('orders.info.paymentMethod'),
          value: PAYMENT_METHODS.includes(order.paymentMethod)
            ? t(`orders.paymentMethod.${order.paymentMethod}`)
            : order.paymentMethod,
        },
        { key: 'total', label: t('orders.info.total'), value: formatPrice(order.total) },
        { key: 'discount', label: t('orders.info.discount'), value: formatPrice(orderDiscount(order)) },
        {
          key: 'coupon',
          label: t('orders.info.coupon'),
          value: order.coupon
            ? `${order.coupon.code} (${order.coupon.discountPercent}%)`
            : t('orders.info.noCoupon'),
        },
        {
          key: 'finalPrice',
          label: t('orders.info.finalPrice'),
          value: <Text fw={700}>{formatPrice(order.finalPrice)}</Text>,
        },
        { key: 'vat', label: t('orders.info.vat'), value: formatPrice(vat) },
        {
          key: 'totalWithVat',
          label: t('orders.info.totalWithVat'),
          value: formatPrice(Math.round((order.finalPrice + vat) * 100) / 100),
        },
      ]}
    />
  );
}

const ADDRESS_KEYS = ['line_1', 'line_2', 'line_3', 'city', 'state', 'zip_postcode', 'country'] as const;
/** Optional address lines are left out when empty. */
const OPTIONAL_ADDRESS_KEYS: ReadonlySet<string> = new Set(['line_2', 'line_3']);

/** Invoice Info (the invoice details copied into the order) or the Billing Address of a receipt. */
export function OrderBillingInfo({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation();
  if (order.transactionType === 'invoice' && order.paymentDetails) {
    const details = order.paymentDetails;
    return (
      <InfoSection
        title={t('orders.invoice.title')}
        testId="order-invoice-info"
        rows={INVOICE_DETAIL_FIELDS.map((key) => ({
          key,
          label: t(`orders.invoice.${key}`),
          value: details[key],
        }))}
      />
    );
  }
  const address = order.billingAddress;
  return (
    <InfoSection
      title={t('orders.billing.title')}
      testId="order-billing-address"
      rows={
        address
          ? ADDRESS_KEYS.filter((key) => !OPTIONAL_ADDRESS_KEYS.has(key) || Boolean(address[key])).map(
              (key) => ({
                key,
                label: t(`orders.billing.${key}`),
                // Stored in English (spec section 5), shown in the reader's language.
                value:
                  key === 'country' && address.country
                    ? storedCountryName(address.country, i18n.language)
                    : address[key],
              }),
            )
          : []
      }
    >
      {!address && (
        <Text c="dimmed" size="sm">
          {t('orders.billing.none')}
        </Text>
      )}
    </InfoSection>
  );
}

/** Customer Info: the buyer as the order shows them. */
export function OrderCustomerInfo({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const { user } = order;
  return (
    <InfoSection
      title={t('orders.customer.title')}
      testId="order-customer-info"
      rows={[
        { key: 'name', label: t('orders.customer.name'), value: `${user.firstName} ${user.lastName}` },
        { key: 'email', label: t('orders.customer.email'), value: user.email },
        { key: 'mobile', label: t('orders.customer.mobile'), value: user.mobile },
        { key: 'location', label: t('orders.customer.location'), value: user.location },
      ]}
    />
  );
}
