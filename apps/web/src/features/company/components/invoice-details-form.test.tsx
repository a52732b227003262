// @vitest-environment jsdom
import type { CompanyView } from '@ampelos/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { InvoiceDetailsForm } from './invoice-details-form.tsx';

const details = {
  firmTitle: 'Ktima Example',
  firmActivity: 'Winery',
  vatId: 'EL123456789',
  email: 'office@ktima.example',
  telephone: '2101234567',
  city: 'Nemea',
  address: 'Main Street 1',
  zipCode: '20500',
  taxAuthority: 'Korinthos',
  state: 'Peloponnese',
  country: 'Greece',
};

const company: CompanyView = {
  id: 3,
  uuid: 'dddddddd-0000-4000-8000-000000000003',
  title: details.firmTitle,
  vatId: details.vatId,
  activity: details.firmActivity,
  email: details.email,
  telephone: details.telephone,
  city: details.city,
  address: details.address,
  zipCode: details.zipCode,
  taxAuthority: details.taxAuthority,
  state: details.state,
  country: details.country,
  avatar: null,
  invoiceDetails: details,
  createdAt: '2021-01-05T12:00:00.000Z',
};

const input = (field: string) => screen.getByTestId(`invoice-${field}`) as HTMLInputElement;
const type = (field: string, value: string) => fireEvent.change(input(field), { target: { value } });

describe('InvoiceDetailsForm', () => {
  it('shows the saved details and the Update button only after an edit', async () => {
    mockApi({});
    renderWithProviders(<InvoiceDetailsForm company={company} />, { user: userOf('b2b_admin') });
    expect(input('firmTitle').value).toBe('Ktima Example');
    expect(input('vatId').value).toBe('EL123456789');
    expect(screen.queryByTestId('invoice-submit')).toBeNull();
    type('city', 'Nemea Town');
    expect(await screen.findByTestId('invoice-submit')).toBeTruthy();
  });

  it('shows the validation messages of spec section 5 and sends nothing', async () => {
    const api = mockApi({});
    renderWithProviders(<InvoiceDetailsForm company={null} />, { user: userOf('b2b_admin') });
    type('firmTitle', 'K');
    type('vatId', '12');
    type('email', 'not-an-email');
    type('telephone', '21-abc');
    type('zipCode', 'ABCDE');
    fireEvent.click(await screen.findByTestId('invoice-submit'));

    expect(await screen.findAllByText('text must be 2 to 100 English characters')).not.toHaveLength(0);
    expect(screen.getByText('Must be 5 to 20 letters or digits')).toBeTruthy();
    expect(screen.getByText('Please choose a valid email format')).toBeTruthy();
    expect(screen.getByText('Must be a number')).toBeTruthy();
    expect(screen.getByText('Must be 2 to 10 digits, hyphens or spaces')).toBeTruthy();
    expect(input('vatId').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('shows the messages in Greek for a Greek user', async () => {
    mockApi({});
    renderWithProviders(<InvoiceDetailsForm company={company} />, { user: userOf('b2b_admin'), lang: 'el' });
    type('vatId', '12');
    fireEvent.click(await screen.findByTestId('invoice-submit'));
    expect(await screen.findByText('Πρέπει να έχει από 5 έως 20 γράμματα ή ψηφία')).toBeTruthy();
  });

  it('saves with the billing-address choice, says "Invoice Details Updated!" and calls onSaved', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const saved = { ...company, city: 'Nemea Town', invoiceDetails: { ...details, city: 'Nemea Town' } };
    const api = mockApi({
      'PUT /api/company/update/invoice': () => ({ body: { data: saved, msg: 'Invoice Details Updated!' } }),
      'GET /api/company': () => ({ body: { data: saved } }),
    });
    renderWithProviders(<InvoiceDetailsForm company={company} onSaved={onSaved} />, {
      user: userOf('b2b_admin'),
    });
    type('city', ' Nemea Town ');
    await user.click(screen.getByTestId('invoice-addBEAddress'));
    await user.click(screen.getByTestId('invoice-submit'));

    expect(await screen.findByText('Invoice Details Updated!')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      ...details,
      city: 'Nemea Town',
      addBEAddress: true,
    });
    expect(onSaved).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('invoice-submit')).toBeNull());
    expect(input('city').value).toBe('Nemea Town');
  });

  it('on a refused save says "Please verify the data" and puts the server message on its input', async () => {
    const user = userEvent.setup();
    mockApi({
      'PUT /api/company/update/invoice': () => ({
        status: 400,
        body: { errors: [{ msg: 'Must be 5 to 20 letters or digits', path: 'vatId' }] },
      }),
      'GET /api/company': () => ({ body: { data: company } }),
    });
    const onSaved = vi.fn();
    renderWithProviders(<InvoiceDetailsForm company={company} onSaved={onSaved} />, {
      user: userOf('b2b_admin'),
    });
    type('vatId', 'EL000000000');
    await user.click(screen.getByTestId('invoice-submit'));

    expect(await screen.findByText('Please verify the data')).toBeTruthy();
    expect(await screen.findByText('Must be 5 to 20 letters or digits')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(input('vatId').value).toBe('EL000000000');
  });

  it('is read-only for users who may read but not update the company', () => {
    mockApi({});
    renderWithProviders(<InvoiceDetailsForm company={company} />, { user: userOf('b2b_user') });
    expect(screen.getByTestId('invoice-form').dataset.readonly).toBe('true');
    expect(input('firmTitle').readOnly).toBe(true);
    expect(screen.queryByTestId('invoice-addBEAddress')).toBeNull();
    expect(screen.queryByTestId('invoice-submit')).toBeNull();
  });
});
