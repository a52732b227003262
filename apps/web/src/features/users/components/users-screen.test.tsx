// @vitest-environment jsdom
import { grantableRoles, type Role, type UserAdminView, type UsersAnswer } from '@ampelos/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { UsersScreen } from './users-screen.tsx';

const company = {
  id: 7,
  uuid: 'c0000000-0000-4000-8000-000000000007',
  title: 'Nemea Vineyards',
  email: 'office@nemea.example',
  telephone: '2746022222',
  activity: 'Wine making',
};

let nextId = 10;
const person = (firstName: string, role: Role, overrides: Partial<UserAdminView> = {}): UserAdminView => {
  nextId += 1;
  return {
    id: nextId,
    uuid: `00000000-0000-4000-8000-0000000000${nextId}`,
    firstName,
    lastName: 'Example',
    email: `${firstName.toLowerCase()}@example.com`,
    mobile: '6900000000',
    location: 'Nemea',
    role,
    lang: 'el',
    avatar: null,
    emailVerified: true,
    invitationPending: false,
    createdAt: '2021-01-05T10:00:00.000Z',
    company: null,
    editable: false,
    ...overrides,
  };
};

/** GET /users answers `list`; POST /user/find answers the user of that uuid from it. */
function serve(answer: () => UsersAnswer, extra: Parameters<typeof mockApi>[0] = {}) {
  const find = ({ body }: { body: unknown }) => {
    const user = answer().data.find((u) => u.uuid === (body as { id: string }).id);
    return user ? { body: { data: user } } : { status: 404, body: { errors: [{ msg: 'User not found' }] } };
  };
  return mockApi({ 'GET /api/users': () => ({ body: answer() }), 'POST /api/user/find': find, ...extra });
}

/** The error message Mantine links to an input (aria-describedby → …-error). */
const errorOf = (testId: string) => {
  const ids = screen.getByTestId(testId).getAttribute('aria-describedby')?.split(' ') ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? document.getElementById(errorId)?.textContent : undefined;
};

const change = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('UsersScreen', () => {
  it('lists users with their role labels and shows the first one in full', async () => {
    const eleni = person('Eleni', 'b2b_user', { company });
    const users = [
      eleni,
      person('Nikos', 'drone_admin'),
      person('Maria', 'drone_operator'),
      person('Kostas', 'operation_admin'),
    ];
    serve(() => ({ data: users, grantableRoles: [] }));
    renderWithProviders(<UsersScreen />, { user: userOf('Marketing Admin') });

    const rows = await screen.findAllByTestId('user-row');
    expect(rows.map((row) => within(row).getByTestId('user-row-role').textContent)).toEqual([
      'B2b user',
      'Drone Operator',
      'Drone Pilot',
      'Operation Admin',
    ]);
    const detail = await screen.findByTestId('user-detail');
    expect(detail.dataset.uuid).toBe(eleni.uuid);
    const cell = (key: string) => within(detail).getByTestId(`user-detail-${key}`).textContent;
    expect(cell('email')).toBe('eleni@example.com');
    expect(cell('mobile')).toBe('6900000000');
    expect(cell('location')).toBe('Nemea');
    expect(cell('role')).toBe('B2b user');
    expect(cell('uuid')).toBe(eleni.uuid);
    expect(cell('id')).toBe(String(eleni.id));
    expect(cell('lang')).toBe('Ελληνικά');
    expect(cell('memberSince')).toBe('Jan 5, 2021');
    expect(screen.getByTestId('user-company-name').textContent).toBe('Nemea Vineyards');
    expect(screen.getByTestId('user-company-telephone').textContent).toBe('2746022222');
    expect(screen.getByTestId('user-company-activity').textContent).toBe('Wine making');
    // Without Users:create there is no Add User.
    expect(screen.queryByTestId('user-add')).toBeNull();
  });

  it('shows Greek role labels in Greek', async () => {
    serve(() => ({
      data: [person('Nikos', 'drone_admin'), person('Maria', 'drone_operator')],
      grantableRoles: [],
    }));
    renderWithProviders(<UsersScreen />, { user: userOf('admin'), lang: 'el' });
    const rows = await screen.findAllByTestId('user-row');
    expect(rows.map((row) => within(row).getByTestId('user-row-role').textContent)).toEqual([
      'Χειριστής drone',
      'Πιλότος drone',
    ]);
  });

  it('filters by first name as the user types, ignoring case, and asks the server too', async () => {
    const users = [person('Eleni', 'b2b_user'), person('Nikos', 'b2b_user'), person('Marieleni', 'b2b_user')];
    const api = serve(() => ({ data: users, grantableRoles: [] }), {
      'GET /api/users?firstName=ELE': () => ({ body: { data: [users[0], users[2]], grantableRoles: [] } }),
    });
    renderWithProviders(<UsersScreen />, { user: userOf('admin') });
    await screen.findAllByTestId('user-row');

    change('users-search', 'ELE');
    const names = () => screen.getAllByTestId('user-row-name').map((n) => n.textContent);
    expect(names()).toEqual(['Eleni Example', 'Marieleni Example']);
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/users?firstName=ELE'));
    expect(names()).toEqual(['Eleni Example', 'Marieleni Example']);

    change('users-search', 'zzz');
    expect(await screen.findByTestId('users-no-match')).toBeTruthy();
  });

  it('offers Edit user only for users the server marks editable, and only with Users:update', async () => {
    const editable = person('Anna', 'b2b_user', { editable: true });
    const other = person('Petros', 'b2b_admin', { editable: false });
    serve(() => ({ data: [editable, other], grantableRoles: ['b2b_user'] }));
    const view = renderWithProviders(<UsersScreen />, { user: userOf('b2b_admin') });

    expect((await screen.findByTestId('user-detail')).dataset.uuid).toBe(editable.uuid);
    expect(await screen.findByTestId('user-edit')).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('user-row')[1] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('user-detail').dataset.uuid).toBe(other.uuid));
    expect(screen.queryByTestId('user-edit')).toBeNull();
    view.unmount();

    // A reader without Users:update never gets the button, whatever the entry says.
    serve(() => ({ data: [editable], grantableRoles: [] }));
    renderWithProviders(<UsersScreen />, { user: userOf('operation_admin') });
    await screen.findByTestId('user-detail');
    expect(screen.queryByTestId('user-edit')).toBeNull();
  });

  it('checks Add User before sending, then shows a taken e-mail on the e-mail input', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { errors: [{ msg: 'An account with this e-mail already exists' }] },
    };
    const api = serve(
      () => ({ data: [person('Eleni', 'admin')], grantableRoles: [...grantableRoles('admin')] }),
      {
        'POST /api/users': () => answer,
      },
    );
    renderWithProviders(
      <UsersScreen
        companyChoices={[
          { id: 7, title: 'Nemea Vineyards', kind: 'customer' },
          { id: 8, title: 'Sky Ops', kind: 'drone_operator' },
        ]}
      />,
      { user: userOf('admin') },
    );
    fireEvent.click(await screen.findByTestId('user-add'));
    fireEvent.click(await screen.findByTestId('user-form-submit'));
    await waitFor(() =>
      expect(errorOf('user-form-firstName')).toBe('Must be between 2 and 50 English characters.'),
    );
    expect(errorOf('user-form-lastName')).toBe('Must be between 2 and 50 English characters.');
    expect(errorOf('user-form-email')).toBe('Please choose a valid email format');
    expect(errorOf('user-form-role')).toBe('Choose a role');

    change('user-form-firstName', 'Anna');
    change('user-form-lastName', 'Pappa');
    change('user-form-email', 'Anna@Example.com');
    change('user-form-role', 'b2b_user');
    // A business user belongs to a customer company: only those are offered.
    const companyOptions = within(screen.getByTestId('user-form-companyId')).getAllByRole('option');
    expect(companyOptions.map((o) => o.textContent)).toEqual(['No company', 'Nemea Vineyards']);
    change('user-form-companyId', '7');
    change('user-form-mobile', '6944444444');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    await waitFor(() =>
      expect(errorOf('user-form-email')).toBe('An account with this e-mail already exists'),
    );
    expect(api.calls.find((c) => c.path === '/api/users' && c.method === 'POST')?.body).toEqual({
      firstName: 'Anna',
      lastName: 'Pappa',
      email: 'Anna@Example.com',
      role: 'b2b_user',
      lang: 'en',
      mobile: '6944444444',
      companyId: 7,
    });

    const created = person('Anna', 'b2b_user');
    answer = {
      status: 201,
      body: { data: created, msg: 'User successfully added. An invitation e-mail has been sent.' },
    };
    change('user-form-email', 'anna.pappa@example.com');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(
      await screen.findByText('User successfully added. An invitation e-mail has been sent.'),
    ).toBeTruthy();
  });

  it('edits a user with updateOtherUser, says so and fetches the list and the user again', async () => {
    let anna = person('Anna', 'b2b_user', { editable: true, mobile: null });
    const api = serve(() => ({ data: [anna], grantableRoles: ['b2b_user'] }), {
      'PUT /api/user/update': ({ body }) => {
        anna = { ...anna, mobile: (body as { mobile: string }).mobile };
        return { body: { user: userOf('b2b_admin'), data: anna, msg: 'User successfully updated' } };
      },
    });
    renderWithProviders(<UsersScreen />, { user: userOf('b2b_admin') });
    fireEvent.click(await screen.findByTestId('user-edit'));
    // The role cannot be changed by a business admin (one grantable role), and Update waits for an edit.
    expect((await screen.findByTestId('user-form-role')).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('user-form-submit')).toBeNull();

    change('user-form-mobile', '6955555555');
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText('User successfully updated')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      uuid: anna.uuid,
      firstName: 'Anna',
      lastName: 'Example',
      mobile: '6955555555',
      location: 'Nemea',
      updateOtherUser: true,
    });
    await waitFor(() => expect(screen.getByTestId('user-detail-mobile').textContent).toBe('6955555555'));
    const reads = api.calls.filter((c) => c.method !== 'PUT').map((c) => c.path);
    expect(reads.filter((p) => p === '/api/users')).toHaveLength(2);
    expect(reads.filter((p) => p === '/api/user/find')).toHaveLength(2);
  });

  it('shows the error when the chosen user cannot be loaded', async () => {
    serve(() => ({ data: [person('Eleni', 'b2b_user')], grantableRoles: [] }));
    renderWithProviders(<UsersScreen />, {
      user: userOf('admin'),
      route: '/users?user=00000000-0000-4000-8000-000000000999',
    });
    expect((await screen.findByTestId('user-detail-error')).textContent).toBe('User not found');
  });
});
