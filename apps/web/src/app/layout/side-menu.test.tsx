// @vitest-environment jsdom
import type { Role } from '@ampelos/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../test/render.tsx';
import { userOf } from '../../test/users.ts';
import { SideMenu } from './side-menu.tsx';

function menuOf(role: Role) {
  mockApi({
    'GET /api/notifications?type=unread': () => ({ body: { data: [], unread: 0 } }),
    'GET /api/fields?type=cart': () => ({ body: { data: [], shootData: [], cartItems: [] } }),
  });
  renderWithProviders(<SideMenu onOpenNotifications={() => {}} onNavigate={() => {}} />, {
    user: userOf(role),
  });
  return screen.getByRole('navigation');
}

describe('side menu', () => {
  it('leads the administrator to the dashboard and the orders', () => {
    menuOf('admin');
    expect(screen.getByTestId('nav-dashboard').getAttribute('href')).toBe('/dashboard');
    expect(screen.getByTestId('nav-orders')).toBeTruthy();
  });

  it.each(['financial_admin', 'operation_admin'] as const)(
    'gives %s the orders but no Dashboard entry (/dashboard is the administrator’s)',
    (role) => {
      menuOf(role);
      expect(screen.queryByTestId('nav-dashboard')).toBeNull();
      expect(screen.getByTestId('nav-orders')).toBeTruthy();
    },
  );
});
