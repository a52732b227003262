import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

export function AboutAmpelos() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720} data-testid="about-ampelos">
      <Title order={2}>{t('about.title')}</Title>
      <Text>{t('about.p1')}</Text>
      <Text>{t('about.p2')}</Text>
      <Text>{t('about.p3')}</Text>
      <Group gap="lg">
        <Anchor component={Link} to={paths.termsOfService.getHref()}>
          {t('footer.terms')}
        </Anchor>
        <Anchor component={Link} to={paths.privacyPolicy.getHref()}>
          {t('footer.privacyPolicy')}
        </Anchor>
        <Anchor component={Link} to={paths.paymentMethods.getHref()}>
          {t('footer.paymentMethods')}
        </Anchor>
      </Group>
    </Stack>
  );
}
