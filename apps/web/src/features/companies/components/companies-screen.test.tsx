// @vitest-environment jsdom
import type { CompanyDetailView, CompanyListView } from '@ampelos/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { CompaniesScreen } from './companies-screen.tsx';

const companyOf = (overrides: Partial<CompanyListView> = {}): CompanyListView => ({
  id: 7,
  uuid: 'c0000000-0000-4000-8000-000000000007',
  title: 'Nemea Vineyards',
  vatId: 'EL123456789',
  activity: 'Wine making',
  email: 'office@nemea.example',
  telephone: '2746022222',
  city: 'Nemea',
  address: 'Main street 1',
  zipCode: '20500',
  taxAuthority: 'Korinthos',
  state: 'Peloponnese',
  country: 'Greece',
  avatar: null,
  invoiceDetails: null,
  createdAt: '2021-03-02T10:00:00.000Z',
  kind: 'customer',
  userCount: 0,
  ...overrides,
});

const detailOf = (company: CompanyListView, users: CompanyDetailView['users'] = []) => ({
  data: { ...company, users },
});

describe('CompaniesScreen', () => {
  it('says "No companies yet" when there are none', async () => {
    mockApi({ 'GET /api/companies': () => ({ body: { data: [] } }) });
    renderWithProviders(<CompaniesScreen />, { user: userOf('operation_admin') });
    expect((await screen.findByTestId('companies-empty')).textContent).toContain('No companies yet');
    expect(screen.queryByTestId('company-add')).toBeNull();
  });

  it('lists companies and shows the first with its details and "No Users Added yet"', async () => {
    const nemea = companyOf();
    const sky = companyOf({
      id: 8,
      uuid: 'c0000000-0000-4000-8000-000000000008',
      title: 'Sky Ops',
      activity: null,
      kind: 'drone_operator',
      userCount: 3,
    });
    mockApi({
      'GET /api/companies': () => ({ body: { data: [nemea, sky] } }),
      [`GET /api/companies/${nemea.uuid}`]: () => ({ body: detailOf(nemea) }),
    });
    renderWithProviders(<CompaniesScreen />, { user: userOf('admin') });
    const rows = await screen.findAllByTestId('company-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Nemea VineyardsWine making0',
      'Sky OpsDrone operator organisation3',
    ]);
    expect(
      within(rows[1] as HTMLElement)
        .getByTestId('company-row-users')
        .getAttribute('aria-label'),
    ).toBe('3 users');
    const detail = screen.getByTestId('company-detail');
    expect(detail.dataset.uuid).toBe(nemea.uuid);
    expect(screen.getByTestId('company-detail-email').textContent).toBe('office@nemea.example');
    expect(screen.getByTestId('company-detail-telephone').textContent).toBe('2746022222');
    expect(screen.getByTestId('company-detail-created').textContent).toBe('Mar 2, 2021');
    expect((await screen.findByTestId('company-users-empty')).textContent).toBe('No Users Added yet');
    expect(screen.getByTestId('company-add')).toBeTruthy();
  });

  it('says "No company selected" when the chosen company is not in the list', async () => {
    mockApi({ 'GET /api/companies': () => ({ body: { data: [companyOf()] } }) });
    renderWithProviders(<CompaniesScreen />, {
      user: userOf('admin'),
      route: '/Companies?company=c0000000-0000-4000-8000-000000000999',
    });
    expect((await screen.findByTestId('company-none-selected')).textContent).toBe('No company selected');
  });

  it('shows the error of a failed company load in an alert, in Greek too', async () => {
    mockApi({
      'GET /api/companies': () => ({
        status: 403,
        body: { errors: [{ msg: 'You are not allowed to do this.', key: 'errors:client.forbidden' }] },
      }),
    });
    renderWithProviders(<CompaniesScreen />, { user: userOf('b2b_user'), lang: 'el' });
    expect((await screen.findByTestId('companies-error')).textContent).toBe(
      'Δεν έχετε δικαίωμα για αυτή την ενέργεια.',
    );
  });

  it('refuses a logo over 2 MB before any upload', async () => {
    const nemea = companyOf();
    const api = mockApi({
      'GET /api/companies': () => ({ body: { data: [nemea] } }),
      [`GET /api/companies/${nemea.uuid}`]: () => ({ body: detailOf(nemea) }),
    });
    renderWithProviders(<CompaniesScreen />, { user: userOf('admin') });
    const input = (await screen.findByTestId('company-logo-input')) as HTMLInputElement;
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('Please choose an image less than 2 MB')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates a company with its kind and makes it the active one', async () => {
    const created = companyOf({ id: 9, uuid: 'c0000000-0000-4000-8000-000000000009', title: 'Sky Ops' });
    let list: CompanyListView[] = [];
    const api = mockApi({
      'GET /api/companies': () => ({ body: { data: list } }),
      'POST /api/companies': () => {
        list = [{ ...created, kind: 'drone_operator' }];
        return {
          status: 201,
          body: { ...detailOf(list[0] as CompanyListView), msg: 'Company successfully created' },
        };
      },
      [`GET /api/companies/${created.uuid}`]: () => ({ body: detailOf(list[0] as CompanyListView) }),
    });
    renderWithProviders(<CompaniesScreen />, { user: userOf('admin') });
    fireEvent.click(await screen.findByTestId('company-add'));
    fireEvent.click(await screen.findByTestId('company-form-kind-drone_operator'));
    const values: Record<string, string> = {
      firmTitle: 'Sky Ops',
      firmActivity: 'Aerial imaging',
      vatId: 'EL999888777',
      taxAuthority: 'Athens A',
      email: 'ops@sky.example',
      telephone: '2100000000',
      address: 'Airport road 5',
      city: 'Athens',
      zipCode: '10431',
      state: 'Attica',
      country: 'Greece',
    };
    for (const [field, value] of Object.entries(values)) {
      fireEvent.change(screen.getByTestId(`company-form-${field}`), { target: { value } });
    }
    fireEvent.click(screen.getByTestId('company-form-submit'));
    expect(await screen.findByText('Company successfully created')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      ...values,
      kind: 'drone_operator',
    });
    await waitFor(() => expect(screen.getByTestId('company-detail').dataset.uuid).toBe(created.uuid));
  });
});
