import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

export function FooterLinks() {
  const { t } = useTranslation();
  return (
    <Group justify="center" gap="lg" py="xs" component="nav" aria-label={t('footer.label')}>
      <Anchor
        component={Link}
        to={paths.paymentMethods.getHref()}
        size="sm"
        data-testid="footer-payment-methods"
      >
        {t('footer.paymentMethods')}
      </Anchor>
      <Anchor
        component={Link}
        to={paths.privacyPolicy.getHref()}
        size="sm"
        data-testid="footer-privacy-policy"
      >
        {t('footer.privacyPolicy')}
      </Anchor>
      <Anchor component={Link} to={paths.termsOfService.getHref()} size="sm" data-testid="footer-terms">
        {t('footer.terms')}
      </Anchor>
      <Text size="sm" c="dimmed">
        © Ampelos
      </Text>
    </Group>
  );
}
