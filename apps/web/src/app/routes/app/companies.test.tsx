// @vitest-environment jsdom
import type { CompanyListView, CompanyUserView } from '@ampelos/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { CompaniesRoute } from './companies.tsx';

const company: CompanyListView = {
  id: 7,
  uuid: 'c0000000-0000-4000-8000-000000000007',
  title: 'Nemea Vineyards',
  vatId: null,
  activity: 'Wine making',
  email: null,
  telephone: null,
  city: null,
  address: null,
  zipCode: null,
  taxAuthority: null,
  state: null,
  country: null,
  avatar: null,
  invoiceDetails: null,
  createdAt: '2021-03-02T10:00:00.000Z',
  kind: 'customer',
  userCount: 3,
};

const member = (n: number, role: CompanyUserView['role'], editable: boolean): CompanyUserView => ({
  id: n,
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  firstName: `Person${n}`,
  lastName: 'Example',
  email: `person${n}@example.com`,
  role,
  createdAt: '2021-03-02T10:00:00.000Z',
  editable,
});

// As the server answers a b2b_admin: its own company; only b2b_user entries are editable.
const users = [member(1, 'b2b_admin', false), member(2, 'b2b_user', true), member(3, 'b2b_user', true)];

function serveOwnCompany() {
  return mockApi({
    'GET /api/companies': () => ({ body: { data: [company] } }),
    [`GET /api/companies/${company.uuid}`]: () => ({ body: { data: { ...company, users } } }),
    'POST /api/users': () => ({
      status: 201,
      body: { data: {}, msg: 'User successfully added. An invitation e-mail has been sent.' },
    }),
  });
}

describe('CompaniesRoute for business roles', () => {
  it("shows a b2b_admin its company's users with roles, Edit user on the b2b_user entries and Add User", async () => {
    const api = serveOwnCompany();
    renderWithProviders(<CompaniesRoute />, { user: userOf('b2b_admin') });
    const rows = await screen.findAllByTestId('company-user');
    expect(rows.map((row) => within(row).getByTestId('company-user-role').textContent)).toEqual([
      'B2b admin',
      'B2b user',
      'B2b user',
    ]);
    expect(rows.map((row) => within(row).queryByTestId('user-edit') !== null)).toEqual([false, true, true]);
    expect(screen.queryByTestId('company-add')).toBeNull();
    expect(screen.queryByTestId('company-logo-input')).toBeNull();

    // Add User: the one role a business account gives, to its own company (no company is sent).
    fireEvent.click(screen.getByTestId('user-add'));
    const role = (await screen.findByTestId('user-form-role')) as HTMLSelectElement;
    expect(role.value).toBe('b2b_user');
    expect(role.disabled).toBe(true);
    expect(screen.queryByTestId('user-form-companyId')).toBeNull();
    fireEvent.change(screen.getByTestId('user-form-firstName'), { target: { value: 'Anna' } });
    fireEvent.change(screen.getByTestId('user-form-lastName'), { target: { value: 'Pappa' } });
    fireEvent.change(screen.getByTestId('user-form-email'), { target: { value: 'anna@example.com' } });
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(
      await screen.findByText('User successfully added. An invitation e-mail has been sent.'),
    ).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      firstName: 'Anna',
      lastName: 'Pappa',
      email: 'anna@example.com',
      role: 'b2b_user',
      lang: 'en',
    });
    // The company's user list is fetched again.
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === `/api/companies/${company.uuid}`)).toHaveLength(2),
    );
  });

  it('gives a b2b_user Add User but no Edit user', async () => {
    serveOwnCompany();
    renderWithProviders(<CompaniesRoute />, { user: userOf('b2b_user') });
    await screen.findAllByTestId('company-user');
    expect(screen.getByTestId('user-add')).toBeTruthy();
    expect(screen.queryByTestId('user-edit')).toBeNull();
  });

  it('keeps roles without Companies:read out', () => {
    const api = mockApi({});
    renderWithProviders(<CompaniesRoute />, { user: userOf('b2c_admin') });
    expect(screen.queryByTestId('companies-screen')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
