// @vitest-environment jsdom
import type { AuditEntryView, AuditPageView } from '@ampelos/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { AuditLog } from './audit-log.tsx';

const entry = (overrides: Partial<AuditEntryView>): AuditEntryView => ({
  id: 1,
  at: '2025-03-03T10:15:00.000Z',
  actor: { uuid: 'a1', name: 'Anna Admin', role: 'admin' },
  action: 'order.status',
  target: { type: 'order', id: 'o1', label: '#12' },
  details: { from: 'pending_payment', to: 'complete' },
  ...overrides,
});

const page = (data: AuditEntryView[], total = data.length, pageNumber = 1): AuditPageView => ({
  data,
  page: pageNumber,
  pageSize: 25,
  total,
});

describe('AuditLog', () => {
  it('says who changed what, in words, and pages through the log', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /api/audit?page=1&pageSize=25': () => ({
        body: page(
          [
            entry({}),
            entry({
              id: 2,
              action: 'user.update',
              actor: { uuid: null, name: 'Fotis Former', role: 'financial_admin' },
              target: { type: 'user', id: 'u1', label: 'Nikos Papas' },
              details: { changed: ['mobile'], role: { from: 'b2b_user', to: 'b2b_admin' } },
            }),
            entry({
              id: 3,
              action: 'shoot.assign',
              target: { type: 'shoot', id: 's1', label: 'Nemea East' },
              details: { slot: 'drone_admin', assignee: 'Sky Works' },
            }),
          ],
          30,
        ),
      }),
      'GET /api/audit?page=2&pageSize=25': () => ({
        body: page(
          [
            entry({
              id: 4,
              action: 'coupon.create',
              target: { type: 'coupon', id: 'X', label: 'X' },
              details: { discountPercent: 15 },
            }),
          ],
          30,
          2,
        ),
      }),
    });
    renderWithProviders(<AuditLog />, { user: userOf('admin') });
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows.map((row) => row.dataset.action)).toEqual(['order.status', 'user.update', 'shoot.assign']);
    expect(rows[0]?.textContent).toContain('Anna Admin');
    expect(rows[0]?.textContent).toContain('#12');
    expect(rows[0]?.textContent).toContain('Pending Confirmation → Complete');
    expect(rows[1]?.textContent).toContain('B2b user → B2b admin · mobile');
    expect(rows[2]?.textContent).toContain('Drone Operator: Sky Works');

    await user.click(within(screen.getByTestId('audit-pagination')).getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('audit-row').map((row) => row.dataset.action)).toEqual(['coupon.create']),
    );
    expect(api.calls.map((call) => call.path)).toEqual([
      '/api/audit?page=1&pageSize=25',
      '/api/audit?page=2&pageSize=25',
    ]);
  });
});
