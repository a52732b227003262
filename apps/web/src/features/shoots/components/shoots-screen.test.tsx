// @vitest-environment jsdom
import { addDays, type Role, type ShootsAnswer, type ShootView } from '@ampelos/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDayRange, shootToday } from '../../../lib/days.ts';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { awaitingFixture, NO_ACTIONS, shootField, shootFixture } from '../../../test/shoot-fixtures.ts';
import { userOf } from '../../../test/users.ts';
import { ShootsScreen } from './shoots-screen.tsx';

// jsdom has no WebGL: the map is a plain box here (the browser screenshots show the real one).
vi.mock('../../../components/map/index.ts', async () => ({
  ...(await import('../../../components/map/geometry.ts')),
  BaseMap: ({ 'data-testid': testId }: { 'data-testid'?: string }) => <div data-testid={testId} />,
  fitToRing: () => {},
  setPolygonOutlines: () => {},
}));

const company = { id: 1, uuid: 'eeeeeeee-0000-4000-8000-000000000001', title: 'Nemea Wines' };
const assigned = shootFixture({
  uuid: 'cccccccc-0000-4000-8000-000000000006',
  status: 'assigned_to_drone_admin',
  needsAssignment: false,
  owner: { ...shootFixture().owner, company },
  droneAdmin: {
    id: 40,
    uuid: 'dddddddd-0000-4000-8000-000000000040',
    firstName: 'Sky',
    lastName: 'Works',
    email: 'ops@sky.example',
    mobile: null,
  },
});

function answerOf(data: ShootView[], extra: Partial<ShootsAnswer> = {}): ShootsAnswer {
  return {
    data,
    needsAssignment: data.filter((shoot) => shoot.needsAssignment).length,
    reportsAwaitingShoot: [],
    ...extra,
  };
}

function renderShoots(
  answer: ShootsAnswer,
  role: Role = 'admin',
  routes: Parameters<typeof mockApi>[0] = {},
) {
  const user = userOf(role);
  const api = mockApi({
    'GET /api/user': () => ({ body: user }),
    'GET /api/shoots': () => ({ body: answer }),
    'POST /api/users/find': ({ body }) => ({
      body: {
        data:
          (body as { role: string }).role === 'drone_admin'
            ? [
                {
                  id: 40,
                  uuid: 'dddddddd-0000-4000-8000-000000000040',
                  firstName: 'Sky',
                  lastName: 'Works',
                  email: 'ops@sky.example',
                  company: { title: 'Sky Works' },
                },
              ]
            : [
                {
                  id: 41,
                  uuid: 'dddddddd-0000-4000-8000-000000000041',
                  firstName: 'Petros',
                  lastName: 'Pilot',
                  email: 'p@sky.example',
                  company: null,
                },
              ],
        grantableRoles: [],
      },
    }),
    ...routes,
  });
  renderWithProviders(<ShootsScreen />, { user, route: '/shoots' });
  return api;
}

/** A screen whose width crosses the small-screen breakpoint on demand (jsdom has no layout). */
function screenWidth(small: boolean) {
  let matches = small;
  const listeners = new Set<(event: { matches: boolean }) => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('max-width') ? matches : false;
    },
    media: query,
    onchange: null,
    addListener: (listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeListener: (listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
    addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
      listeners.delete(listener),
    dispatchEvent: () => false,
  }));
  return (next: boolean) => {
    matches = next;
    for (const listener of listeners) listener({ matches: next });
  };
}

describe('ShootsScreen', () => {
  it('shows the red count and filters to the shoots needing assignment', async () => {
    renderShoots(answerOf([shootFixture(), assigned]));
    expect((await screen.findAllByTestId('shoot-row')).map((row) => row.dataset.uuid)).toEqual([
      shootFixture().uuid,
      assigned.uuid,
    ]);
    expect(screen.getByTestId('shoots-need-assignment-count').textContent).toBe('1');
    await userEvent.click(screen.getByTestId('shoots-need-assignment'));
    expect(screen.getAllByTestId('shoot-row').map((row) => row.dataset.uuid)).toEqual([shootFixture().uuid]);
  });

  it('keeps the open shoot (and what is open in it) when the screen crosses the small-screen width', async () => {
    const setSmall = screenWidth(false);
    renderShoots(answerOf([shootFixture(), assigned]));
    const rows = await screen.findAllByTestId('shoot-row');
    await userEvent.click(rows[1] as HTMLElement);
    const detail = await screen.findByTestId('shoot-detail');
    act(() => setSmall(true));
    expect(screen.queryAllByTestId('shoot-row')).toHaveLength(0);
    expect(screen.getByTestId('shoot-detail')).toBe(detail);
    act(() => setSmall(false));
    expect(screen.getAllByTestId('shoot-row')).toHaveLength(2);
    expect(screen.getByTestId('shoot-detail')).toBe(detail);
  });

  it('says when no shoot needs assignment', async () => {
    renderShoots(answerOf([assigned]));
    await screen.findAllByTestId('shoot-row');
    await userEvent.click(screen.getByTestId('shoots-need-assignment'));
    expect(screen.getByTestId('shoots-no-assignment').textContent).toContain(
      'There are no shoots that need assignment',
    );
  });

  it('says "No photo shoots yet" when there are none', async () => {
    renderShoots(answerOf([]), 'drone_operator');
    expect((await screen.findByTestId('shoots-empty')).textContent).toContain('No photo shoots yet');
  });

  it('switches to the grouped view: owner or company, then field, then shoots', async () => {
    renderShoots(answerOf([shootFixture(), assigned]));
    await screen.findAllByTestId('shoot-row');
    await userEvent.click(screen.getByTestId('shoots-view-toggle'));
    const groups = screen.getAllByTestId('shoots-group');
    expect(groups.map((group) => within(group).getByTestId('shoots-group-label').textContent)).toEqual([
      'Nikos Georgiou',
      'Nemea Wines',
    ]);
    expect(within(groups[1] as HTMLElement).getByTestId('shoots-group-field-title').textContent).toBe(
      'North Vineyard',
    );
  });

  it('offers the admin roles the report statuses of reports without a shoot', async () => {
    renderShoots(answerOf([shootFixture()], { reportsAwaitingShoot: [awaitingFixture()] }));
    await screen.findAllByTestId('shoot-row');
    const filter = screen.getByTestId('shoots-filter-report-status');
    await userEvent.click(within(filter).getByText('Processing'));
    const rows = screen.getAllByTestId('shoot-row');
    expect(rows.map((row) => [row.dataset.kind, row.dataset.uuid])).toEqual([
      ['report', awaitingFixture().report.uuid],
    ]);
    await userEvent.click(screen.getByTestId('shoots-filter-report-status-clear'));
    expect(screen.getAllByTestId('shoot-row').map((row) => row.dataset.kind)).toEqual(['shoot']);
  });

  it.each(['drone_admin', 'drone_operator'] as const)(
    'keeps those statuses, Need Assignment and its count from a %s',
    async (role) => {
      renderShoots(answerOf([shootFixture()]), role);
      await screen.findAllByTestId('shoot-row');
      const filter = screen.getByTestId('shoots-filter-report-status');
      expect(within(filter).queryByText('Pending Confirmation')).toBeNull();
      expect(within(filter).getByText('Processing Pending')).toBeTruthy();
      expect(screen.queryByTestId('shoots-need-assignment')).toBeNull();
      expect(screen.queryByTestId('shoots-need-assignment-count')).toBeNull();
      // A crew's shoots are assigned: "Unassigned" would filter to nothing.
      const shootStatuses = screen.getByTestId('shoots-filter-shoot-status');
      expect(shootStatuses.querySelector('[data-value="unassigned"]')).toBeNull();
      expect(shootStatuses.querySelector('[data-value="confirmed_shoot_dates"]')).toBeTruthy();
    },
  );

  it('shows Confirm Dates exactly when the server allows it', async () => {
    renderShoots(answerOf([{ ...assigned, actions: { ...NO_ACTIONS, confirmDates: true } }]), 'drone_admin');
    expect(await screen.findByTestId('shoot-confirm-dates')).toBeTruthy();
    expect(screen.getByTestId('shoot-status-label').textContent).toBe('Assigned DA');
  });

  it('gives a pilot without actions no buttons, only the shoot and the KML', async () => {
    renderShoots(answerOf([assigned]), 'drone_operator');
    await screen.findByTestId('shoot-detail');
    expect(screen.queryByTestId('shoot-actions')).toBeNull();
    expect(screen.queryByTestId('shoot-confirm-dates')).toBeNull();
    expect(screen.getByTestId('shoot-download-kml')).toBeTruthy();
    expect(screen.getByTestId('shoot-operation').textContent).toContain('Sky Works (ops@sky.example)');
  });

  it('assigns a drone operator organisation with the server answer', async () => {
    const shoot = { ...shootFixture(), actions: { ...NO_ACTIONS, assignDroneAdmin: true } };
    const { calls } = renderShoots(answerOf([shoot]), 'admin', {
      [`PUT /api/shoot/${shoot.uuid}`]: () => ({ body: { data: assigned, msg: 'ok' } }),
    });
    await userEvent.click(await screen.findByTestId('shoot-assign-drone-admin'));
    await userEvent.click(await screen.findByRole('option', { name: 'Sky Works · Sky Works' }));
    await userEvent.click(screen.getByTestId('shoot-assign-drone-admin-submit'));
    await screen.findByText('Drone Operator or Drone Pilot has been successfully assigned to Photo Shoot');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      droneAdminId: 40,
      type: 'droneAdmin',
    });
  });

  it('keeps Save fixed dates disabled until both dates are set', async () => {
    renderShoots(answerOf([{ ...shootFixture(), actions: { ...NO_ACTIONS, setFixedDates: true } }]));
    await userEvent.click(await screen.findByTestId('shoot-fixed-dates'));
    expect((await screen.findByTestId('fixed-dates-submit')).hasAttribute('disabled')).toBe(true);
  });

  it('marks the shoot complete, and says "Something went wrong" when that fails', async () => {
    const shoot = {
      ...assigned,
      status: 'confirmed_shoot_dates' as const,
      actions: { ...NO_ACTIONS, complete: true },
    };
    let fail = false;
    renderShoots(answerOf([shoot]), 'admin', {
      [`PUT /api/shoot/${shoot.uuid}/status`]: () =>
        fail
          ? { status: 500, body: { errors: [{ msg: 'boom' }] } }
          : { body: { data: { ...shoot, status: 'complete' }, msg: 'ok' } },
    });
    await userEvent.click(await screen.findByTestId('shoot-complete'));
    await screen.findByText('Photo Shoot status has been updated');
    fail = true;
    await userEvent.click(screen.getByTestId('shoot-complete'));
    await waitFor(() => expect(screen.getByText('Something went wrong')).toBeTruthy());
  });

  it('opens the calendar with the shoot days as events and an event modal with a maps link', async () => {
    const today = shootToday();
    const shoot = {
      ...assigned,
      status: 'confirmed_shoot_dates' as const,
      shootDays: {
        confirmed: { start: today, end: today },
        alternative: { start: today, end: today },
        final: null,
      },
      field: shootField({ area: 50_000 }),
    };
    renderShoots(answerOf([shoot]));
    // The header is drawn while the list loads, then again with the list: click the loaded one.
    await screen.findByTestId('shoot-row');
    await userEvent.click(screen.getByTestId('shoots-calendar-open'));
    const calendar = await screen.findByTestId('shoots-calendar');
    expect(within(calendar).getByTestId('calendar-legend').textContent).toBe(
      'CompletePrimaryAlternativeClient availability',
    );
    const events = within(calendar).getAllByTestId('calendar-event');
    expect(events.map((event) => [event.dataset.day, event.dataset.kind, event.dataset.hours])).toEqual([
      [today, 'primary', '1.25'],
      [today, 'alternative', '1.25'],
    ]);
    await userEvent.click(events[0] as HTMLElement);
    const link = await screen.findByTestId('calendar-event-maps-link');
    expect(link.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=37.001000,22.001000',
    );
    expect(screen.getByText('1 h 15 min')).toBeTruthy();
  });

  it("shows a shoot with only the client's availability as tentative entries, and its range in the event", async () => {
    const today = shootToday();
    const end = addDays(today, 2);
    const shoot = shootFixture({ shootDays: null, dateRange: { start: today, end } });
    renderShoots(answerOf([shoot]));
    await screen.findByTestId('shoot-row');
    await userEvent.click(screen.getByTestId('shoots-calendar-open'));
    const calendar = await screen.findByTestId('shoots-calendar');
    // Today is in the month shown; the following days may fall in the next month.
    const [first] = within(calendar).getAllByTestId('calendar-event');
    expect([first?.dataset.day, first?.dataset.kind]).toEqual([today, 'availability']);
    await userEvent.click(first as HTMLElement);
    const modal = await screen.findByTestId('calendar-event-modal');
    expect(within(modal).getByText('Client availability', { selector: 'th' })).toBeTruthy();
    expect(within(modal).getByText(formatDayRange({ start: today, end }))).toBeTruthy();
  });
});
