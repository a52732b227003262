import type { Action, Resource } from '@ampelos/domain';
import { Button, Divider, Grid, NavLink, Paper } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useLogout } from '../../../features/auth/api/logout.ts';
import { useAuthorization } from '../../../lib/authorization.ts';

interface ProfileEntry {
  id: string;
  label: string;
  href: string;
  permission?: [Action, Resource];
}

/** The profile area's own sidebar (spec section 2): company and orders only with read permission. */
export function ProfileLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const authorization = useAuthorization();
  const logout = useLogout();
  const entries: ProfileEntry[] = [
    { id: 'details', label: t('profile.personalDetails'), href: paths.profile.root.getHref() },
    {
      id: 'company',
      label: t('profile.company'),
      href: paths.profile.company.getHref(),
      permission: ['read', 'UserCompany'],
    },
    {
      id: 'orders',
      label: t('profile.orders'),
      href: paths.profile.orders.getHref(),
      permission: ['read', 'UserOrders'],
    },
    { id: 'address-book', label: t('profile.addressBook'), href: paths.profile.addressBook.getHref() },
    { id: 'settings', label: t('profile.settings'), href: paths.profile.settings.getHref() },
    { id: 'about', label: t('profile.about'), href: paths.profile.about.getHref() },
  ];
  const normalized = pathname.replace(/\/$/, '') || '/';

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder p="xs" component="nav" aria-label={t('profile.menuLabel')}>
          {entries
            .filter((entry) => !entry.permission || authorization.can(...entry.permission))
            .map((entry) => (
              <NavLink
                key={entry.id}
                component={Link}
                to={entry.href}
                label={entry.label}
                active={normalized === entry.href.replace(/\/$/, '')}
                data-testid={`profile-nav-${entry.id}`}
              />
            ))}
          <Divider my="xs" />
          <Button
            variant="subtle"
            color="red"
            fullWidth
            justify="flex-start"
            leftSection={<IconLogout size={18} />}
            loading={logout.isPending}
            onClick={() => logout.mutate()}
            data-testid="logout-button"
          >
            {t('profile.logout')}
          </Button>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
