import { Alert, Anchor, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WireTransferUnavailable } from '../../../components/wire-transfer-unavailable.tsx';
import { useUser } from '../../../lib/auth.ts';
import { usePublicConfig, wireTransferOffered } from '../../../lib/public-config.ts';

/** Wire-transfer details from GET /api/config/public (spec section 2). */
export function PaymentMethods() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const { data: user } = useUser();
  const details = config.data?.paymentMethods;
  const offered = wireTransferOffered(config.data);

  return (
    <Stack gap="md" maw={720} data-testid="payment-methods">
      <Title order={1}>{t('legal.paymentTitle')}</Title>
      <Text>{t('legal.paymentIntro')}</Text>
      {config.isPending && <Loader />}
      {config.isError && (
        <Alert color="red" role="alert">
          {t('legal.paymentUnavailable')}
        </Alert>
      )}
      {details && !offered && (
        <WireTransferUnavailable salesEmail={details.salesEmail} isAdmin={user?.role === 'admin'} />
      )}
      {details && offered && (
        <>
          <Paper withBorder p="md">
            <Table variant="vertical" layout="fixed">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={180}>{t('legal.accountHolder')}</Table.Th>
                  <Table.Td data-testid="payment-account-holder">{details.accountHolder}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('legal.bankName')}</Table.Th>
                  <Table.Td data-testid="payment-bank-name">{details.bankName}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>IBAN</Table.Th>
                  <Table.Td data-testid="payment-iban">{details.iban}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>BIC</Table.Th>
                  <Table.Td data-testid="payment-bic">{details.bic}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Paper>
          <Text data-testid="payment-instructions">
            {t('legal.paymentReportBefore')}{' '}
            <Anchor href={`mailto:${details.salesEmail}`}>{details.salesEmail}</Anchor>{' '}
            {t('legal.paymentReportAfter')}
          </Text>
        </>
      )}
    </Stack>
  );
}
