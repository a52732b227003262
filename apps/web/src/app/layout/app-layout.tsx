import { worksDuringMaintenance } from '@ampelos/domain';
import { Alert, AppShell, Box, Burger, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { FooterLinks } from '../../components/footer-links.tsx';
import { LazyDialog } from '../../components/lazy-parts.tsx';
import { Logo } from '../../components/logo.tsx';
import { MaintenancePage } from '../../components/maintenance-page.tsx';
import { HeaderCartButton } from '../../features/cart/components/header-cart-button.tsx';
import { useLiveNotifications } from '../../features/notifications/api/live-notifications.ts';
import { useUser } from '../../lib/auth.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { useCloseToastsOnNavigation } from '../../lib/notify.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useRoleLabel } from '../../lib/role-label.ts';
import { SideMenu } from './side-menu.tsx';

// The notifications drawer (dialog, focus trap, scroll lock) is fetched when first opened.
const NotificationsPanel = lazy(async () => ({
  default: (await import('../../features/notifications/components/notifications-panel.tsx'))
    .NotificationsPanel,
}));

/** The signed-in shell: header, permission-gated side menu, footer links. */
export function AppLayout() {
  const [menuOpened, menu] = useDisclosure(false);
  const [panelOpened, panel] = useDisclosure(false);
  const { data: user } = useUser();
  const roleLabel = useRoleLabel();
  const authorization = useAuthorization();
  useCloseToastsOnNavigation();
  const { t } = useTranslation();
  const publicConfig = usePublicConfig();
  const maintenance = publicConfig.data?.maintenance?.on === true;
  // Customers and drone crews wait on the maintenance page; staff work, reminded by a banner.
  const waiting = maintenance && !worksDuringMaintenance(user?.role);
  // The unread counter follows the server live while the signed-in shell is open.
  useLiveNotifications();
  // On phones the links wrap to several lines: a fixed footer of one line's height would cover the
  // bottom of every page, so there they follow the content instead.
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      footer={{ height: 44, collapsed: phone }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={menuOpened} onClick={menu.toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            <Logo />
          </Group>
          {user && (
            // On phones the name wraps under the logo across the header's edge; the profile entry has it.
            <Text size="sm" c="dimmed" data-testid="header-user" visibleFrom="sm">
              {user.firstName} {user.lastName} · {roleLabel(user.role)}
            </Text>
          )}
          {phone && authorization.can('read', 'Cart') && <HeaderCartButton />}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <SideMenu onOpenNotifications={panel.open} onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        {maintenance && !waiting && (
          <Alert color="yellow" mb="md" data-testid="maintenance-banner">
            {t('maintenance.banner')}
          </Alert>
        )}
        {waiting ? (
          <MaintenancePage onRetry={() => void publicConfig.refetch()} />
        ) : publicConfig.isPending ? null : (
          // The page waits for the public settings (cached after the first load): during maintenance its
          // requests would only fail.
          <Outlet />
        )}
        {phone && (
          <Box component="footer" mt="xl">
            <FooterLinks />
          </Box>
        )}
      </AppShell.Main>
      {!phone && (
        <AppShell.Footer>
          <FooterLinks />
        </AppShell.Footer>
      )}
      <LazyDialog opened={panelOpened}>
        <NotificationsPanel opened={panelOpened} onClose={panel.close} />
      </LazyDialog>
    </AppShell>
  );
}
