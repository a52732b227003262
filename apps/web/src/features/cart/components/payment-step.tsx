import { type PriceBreakdown, roundTo } from '@ampelos/domain';
import { Alert, Anchor, Group, Loader, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WireTransferUnavailable } from '../../../components/wire-transfer-unavailable.tsx';
import { useUser } from '../../../lib/auth.ts';
import { formatPrice } from '../../../lib/format.ts';
import { usePublicConfig, wireTransferOffered } from '../../../lib/public-config.ts';

interface PaymentStepProps {
  totals: PriceBreakdown;
  /** The server's refusal of the last attempt, each message as a danger alert. */
  errors: readonly string[];
}

/** Step 2: wire transfer (the one method offered) with the bank details and the sales address. */
export function PaymentStep({ totals, errors }: PaymentStepProps) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const { data: user } = useUser();
  const details = config.data?.paymentMethods;
  const offered = wireTransferOffered(config.data);

  return (
    <Stack gap="md">
      <Radio.Group
        value={offered ? 'wire_transfer' : ''}
        label={<Title order={4}>{t('cart.paymentMethod')}</Title>}
      >
        <Radio.Card
          value="wire_transfer"
          p="md"
          mt="xs"
          maw={640}
          disabled={!offered}
          data-testid="payment-method-wire_transfer"
        >
          <Group wrap="nowrap">
            <Radio.Indicator />
            <IconBuildingBank size={20} />
            <Text fw={600}>{t('cart.wireTransfer')}</Text>
          </Group>
        </Radio.Card>
      </Radio.Group>
      {config.isPending && <Loader size="sm" />}
      {config.isError && <Alert color="red">{t('legal.paymentUnavailable')}</Alert>}
      {details && !offered && (
        <WireTransferUnavailable salesEmail={details.salesEmail} isAdmin={user?.role === 'admin'} />
      )}
      {details && offered && (
        <Paper withBorder p="md" maw={640} data-testid="checkout-bank-details">
          <Table variant="vertical" layout="fixed" withTableBorder={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>{t('legal.accountHolder')}</Table.Th>
                <Table.Td>{details.accountHolder}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('legal.bankName')}</Table.Th>
                <Table.Td>{details.bankName}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>IBAN</Table.Th>
                <Table.Td data-testid="checkout-iban">{details.iban}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>BIC</Table.Th>
                <Table.Td>{details.bic}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('cart.amountToPay')}</Table.Th>
                <Table.Td fw={700} data-testid="checkout-amount">
                  {formatPrice(roundTo(totals.finalPrice + totals.vat, 2))}{' '}
                  <Text span size="xs" c="dimmed">
                    ({formatPrice(totals.finalPrice)} + {t('cart.vatShort')} {formatPrice(totals.vat)})
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" mt="sm" data-testid="checkout-transfer-instructions">
            {t('legal.paymentReportBefore')}{' '}
            <Anchor href={`mailto:${details.salesEmail}`}>{details.salesEmail}</Anchor>{' '}
            {t('legal.paymentReportAfter')}
          </Text>
        </Paper>
      )}
      {errors.map((message) => (
        <Alert key={message} color="red" role="alert" data-testid="order-error">
          {message}
        </Alert>
      ))}
    </Stack>
  );
}
