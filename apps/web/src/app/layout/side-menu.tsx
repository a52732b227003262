import type { Action, Resource } from '@ampelos/domain';
import { NavLink } from '@mantine/core';
import {
  IconBell,
  IconBuilding,
  IconChartBar,
  IconDrone,
  IconPlant2,
  IconReceipt,
  IconShoppingCart,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { CartCountBadge } from '../../features/cart/components/cart-count-badge.tsx';
import { UnreadNotificationsBadge } from '../../features/notifications/components/unread-notifications-badge.tsx';
import { useUser } from '../../lib/auth.ts';
import { useAuthorization } from '../../lib/authorization.ts';

interface MenuEntry {
  id: string;
  label: string;
  icon: ReactNode;
  href?: string;
  onClick?: () => void;
  permission?: [Action, Resource];
  /** A counter beside the label (cart items, unread notifications). */
  badge?: ReactNode;
  /** Only these roles, on top of the permission (a screen the router keeps to one role). */
  roles?: readonly string[];
}

interface SideMenuProps {
  onOpenNotifications: () => void;
  onNavigate: () => void;
}

/** Entries appear only when the user's permissions allow reading (spec section 2, side menu). */
export function SideMenu({ onOpenNotifications, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const authorization = useAuthorization();
  const user = useUser().data ?? null;
  const size = 20;
  const entries: MenuEntry[] = [
    {
      id: 'dashboard',
      label: t('nav.dashboard'),
      icon: <IconChartBar size={size} />,
      href: paths.dashboard.getHref(),
      permission: ['read', 'AdminOrders'],
      // /dashboard is the administrator's (spec section 1): the other AdminOrders readers would be
      // sent back to / by it, so they do not get the entry (docs/decisions/web.md).
      roles: ['admin'],
    },
    {
      id: 'orders',
      label: t('nav.orders'),
      icon: <IconReceipt size={size} />,
      href: paths.orders.getHref(),
      permission: ['read', 'AdminOrders'],
    },
    {
      id: 'fields',
      label: t('nav.fields'),
      icon: <IconPlant2 size={size} />,
      href: paths.fields.getHref(),
      permission: ['read', 'Fields'],
    },
    {
      id: 'notifications',
      label: t('nav.notifications'),
      icon: <IconBell size={size} />,
      onClick: onOpenNotifications,
      permission: ['read', 'Notification'],
      badge: <UnreadNotificationsBadge />,
    },
    {
      id: 'users',
      label: t('nav.users'),
      icon: <IconUsers size={size} />,
      href: paths.users.getHref(),
      permission: ['read', 'Users'],
    },
    {
      id: 'shoots',
      label: t('nav.shoots'),
      icon: <IconDrone size={size} />,
      href: paths.shoots.getHref(),
      permission: ['read', 'Shoots'],
    },
    {
      id: 'companies',
      label: t('nav.companies'),
      icon: <IconBuilding size={size} />,
      href: paths.companies.getHref(),
      permission: ['read', 'Companies'],
    },
    {
      id: 'cart',
      label: t('nav.cart'),
      icon: <IconShoppingCart size={size} />,
      href: paths.cart.getHref(),
      permission: ['read', 'Cart'],
      badge: <CartCountBadge />,
    },
    {
      id: 'profile',
      label: t('nav.profile'),
      icon: <IconUser size={size} />,
      href: paths.profile.root.getHref(),
    },
  ];

  return (
    <nav aria-label={t('nav.label')}>
      {entries
        .filter((entry) => !entry.permission || authorization.can(...entry.permission))
        .filter((entry) => !entry.roles || (user !== null && entry.roles.includes(user.role)))
        .map((entry) =>
          entry.href ? (
            <NavLink
              key={entry.id}
              component={Link}
              to={entry.href}
              label={entry.label}
              leftSection={entry.icon}
              rightSection={entry.badge}
              active={pathname.toLowerCase().startsWith(entry.href.replace(/\/$/, '').toLowerCase())}
              onClick={onNavigate}
              data-testid={`nav-${entry.id}`}
            />
          ) : (
            <NavLink
              key={entry.id}
              component="button"
              type="button"
              label={entry.label}
              leftSection={entry.icon}
              rightSection={entry.badge}
              onClick={entry.onClick}
              data-testid={`nav-${entry.id}`}
            />
          ),
        )}
    </nav>
  );
}
