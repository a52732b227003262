import type { CompanyView, UserView } from '@ampelos/domain';
import { COMMERCE_MESSAGES, MESSAGES } from '@ampelos/domain';
import {
  Alert,
  Anchor,
  Center,
  Loader,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { storedCountryName } from '../../../lib/country-name.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { choosesTransactionType, mobileMissing } from '../cart-rules.ts';
import type { CheckoutSlots } from './checkout-slots.ts';
import { OptionCard } from './option-card.tsx';

interface BillingStepProps
  extends Pick<CheckoutSlots, 'renderBillingAddressPicker' | 'renderInvoiceDetailsForm'> {
  user: UserView;
  transactionType: 0 | 1;
  onTransactionType: (value: 0 | 1) => void;
  billingAddressId: number | null;
  onBillingAddress: (id: number | null) => void;
  company: {
    data: CompanyView | null | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => void;
  };
}

const INVOICE_ROWS = [
  ['firmTitle', 'cart.invoice.firmTitle'],
  ['vatId', 'cart.invoice.vatId'],
  ['taxAuthority', 'cart.invoice.taxAuthority'],
  ['firmActivity', 'cart.invoice.firmActivity'],
  ['address', 'cart.invoice.address'],
  ['email', 'cart.invoice.email'],
  ['telephone', 'cart.invoice.telephone'],
] as const;

function InvoiceDetailsSummary({ company }: { company: CompanyView }) {
  const { t, i18n } = useTranslation();
  const details = company.invoiceDetails;
  if (!details) return null;
  const value = (key: (typeof INVOICE_ROWS)[number][0]) =>
    key === 'address'
      ? `${details.address}, ${details.zipCode} ${details.city}, ${details.state}, ${storedCountryName(details.country, i18n.language)}`
      : String(details[key]);
  return (
    <Paper withBorder p="md" data-testid="invoice-details-summary">
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {INVOICE_ROWS.map(([key, label]) => (
            <Table.Tr key={key}>
              <Table.Th w={160}>{t(label)}</Table.Th>
              <Table.Td>{value(key)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        {t('cart.invoice.editHint')}{' '}
        <Anchor component={Link} to={paths.profile.company.getHref()} size="xs">
          {t('profile.company')}
        </Anchor>
      </Text>
    </Paper>
  );
}

/** Step 1: receipt or invoice (business roles), then the invoice details or a billing address. */
export function BillingStep(props: BillingStepProps) {
  const { t } = useTranslation();
  const authorization = useAuthorization();
  const { user, transactionType, company } = props;
  const b2b = choosesTransactionType(user.role);
  const invoice = b2b && transactionType === 1;

  const invoicePart = () => {
    if (company.isPending) {
      return (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      );
    }
    if (company.isError) {
      return (
        <Alert color="red" data-testid="checkout-company-error">
          {t('cart.invoice.loadFailed')}
        </Alert>
      );
    }
    const data = company.data ?? null;
    if (data?.invoiceDetails?.vatId) return <InvoiceDetailsSummary company={data} />;
    if (!authorization.can('update', 'UserCompany')) {
      return (
        <Alert color="yellow" data-testid="checkout-invoice-owner-only">
          {t('cart.invoice.ownerOnly')}
        </Alert>
      );
    }
    return (
      <Stack gap="xs" data-testid="checkout-invoice-form">
        <Alert color="blue" variant="light">
          {translateMessage(COMMERCE_MESSAGES.invoiceDetailsRequired)}
        </Alert>
        {props.renderInvoiceDetailsForm({ company: data, onSaved: company.refetch })}
      </Stack>
    );
  };

  return (
    <Stack gap="lg">
      {mobileMissing(user) && (
        <Alert
          color="red"
          icon={<IconDeviceMobile size={18} />}
          role="alert"
          data-testid="checkout-mobile-required"
        >
          {translateMessage(MESSAGES.mobileRequiredForPayment)}{' '}
          <Anchor
            component={Link}
            to={paths.profile.root.getHref()}
            fz="inherit"
            data-testid="checkout-mobile-link"
          >
            {t('cart.addMobile')}
          </Anchor>
        </Alert>
      )}
      {b2b && (
        <Radio.Group
          value={String(transactionType)}
          onChange={(value) => props.onTransactionType(value === '1' ? 1 : 0)}
          label={<Title order={4}>{t('cart.transactionType')}</Title>}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" maw={640}>
            <OptionCard
              value="0"
              testId="transaction-type-receipt"
              title={t('cart.receipt')}
              description={t('cart.receiptDescription')}
            />
            <OptionCard
              value="1"
              testId="transaction-type-invoice"
              title={t('cart.invoiceLabel')}
              description={t('cart.invoiceDescription')}
            />
          </SimpleGrid>
        </Radio.Group>
      )}
      <Stack gap="xs">
        <Title order={4}>{invoice ? t('cart.invoice.title') : t('cart.billingAddress')}</Title>
        {invoice
          ? invoicePart()
          : props.renderBillingAddressPicker({
              value: props.billingAddressId,
              onChange: props.onBillingAddress,
            })}
      </Stack>
    </Stack>
  );
}
