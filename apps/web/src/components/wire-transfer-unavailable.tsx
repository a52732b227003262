import { Alert, Anchor, Code, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The settings an operator sets before orders can be paid by wire transfer. */
export const BANK_SETTINGS = ['BANK_NAME', 'BANK_IBAN', 'BANK_BIC'] as const;

/**
 * Wire transfer cannot be offered (the server has no bank details): customers are told to contact
 * sales; administrators also see which settings to configure.
 */
export function WireTransferUnavailable({ salesEmail, isAdmin }: { salesEmail: string; isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      icon={<IconBuildingBank size={18} />}
      title={t('payment.unavailableTitle')}
      maw={640}
      data-testid="wire-transfer-unavailable"
    >
      <Text size="sm">
        {t('payment.unavailableBefore')} <Anchor href={`mailto:${salesEmail}`}>{salesEmail}</Anchor>{' '}
        {t('payment.unavailableAfter')}
      </Text>
      {isAdmin && (
        <Text size="sm" mt="xs" data-testid="wire-transfer-configure">
          {t('payment.configure')}{' '}
          {BANK_SETTINGS.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <Code>{name}</Code>
            </span>
          ))}
          . {t('payment.configureAfter')}
        </Text>
      )}
    </Alert>
  );
}
