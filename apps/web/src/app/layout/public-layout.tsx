import { Anchor, Box, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { FooterLinks } from '../../components/footer-links.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { Logo } from '../../components/logo.tsx';
import { paths } from '../../config/paths.ts';

/** Anonymous pages: logo, language switch, content, footer links. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group
        component="header"
        justify="space-between"
        px="md"
        h={60}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Logo />
        <Group gap="md">
          <Anchor component={Link} to={paths.login.getHref()} size="sm">
            {t('auth.signIn')}
          </Anchor>
          <LanguageSwitch />
        </Group>
      </Group>
      <Container size="lg" py="xl" w="100%" style={{ flex: 1 }} component="main">
        <Outlet />
      </Container>
      <Box component="footer" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <FooterLinks />
      </Box>
    </Box>
  );
}
