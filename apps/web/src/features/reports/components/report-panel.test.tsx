// @vitest-environment jsdom
import { addDays, type ReportView, type Role, type ShootView } from '@ampelos/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { shootToday } from '../../../lib/days.ts';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { reportFixture, shootFixture } from '../../../test/shoot-fixtures.ts';
import { userOf } from '../../../test/users.ts';
import { ReportPanel } from './report-panel.tsx';

// The screen fetches the schedule dialog and the status editor when first opened (React.lazy): load its module before the tests, so
// that they wait for the dialog and not for its first transform on a busy machine.
beforeAll(() => Promise.all([import('./schedule-shoot-modal.tsx'), import('./report-status-editor.tsx')]));

function renderPanel(
  report: ReportView,
  {
    shoot = null,
    role = 'b2c_admin',
    lang = 'en',
  }: { shoot?: ShootView | null; role?: Role; lang?: 'en' | 'el' } = {},
) {
  const user = userOf(role, { lang });
  const api = mockApi({
    'GET /api/user': () => ({ body: user }),
    'PUT /api/field/shoot/update': ({ body }) => ({
      status: 201,
      body: {
        data: shootFixture({ dateRange: (body as { dateRange: ShootView['dateRange'] }).dateRange }),
        msg: 'ok',
      },
    }),
  });
  renderWithProviders(<ReportPanel report={report} shoot={shoot} />, { user, lang });
  return api;
}

/** A day button of the open picker (a day shown twice, as an outside day too, is taken inside its month). */
function dayButton(day: string): HTMLElement {
  const buttons = [
    ...screen.getByTestId('schedule-range').querySelectorAll<HTMLElement>(`[data-date="${day}"]`),
  ];
  const inside = buttons.find((button) => !button.hasAttribute('data-outside'));
  if (!inside) throw new Error(`day ${day} is not shown`);
  return inside;
}

describe('ReportPanel', () => {
  it('shows the status label of each report status, and Unknown Status otherwise', () => {
    const expected: [string, string][] = [
      ['pending', 'Pending'],
      ['pending_payment', 'Pending Confirmation'],
      ['processing', 'Processing'],
      ['processing_pending', 'Processing Pending'],
      ['processing_data', 'Processing data'],
      ['complete', 'Complete'],
      ['archived', 'Unknown Status'],
    ];
    for (const [status, label] of expected) {
      const { unmount } = renderWithProviders(
        <ReportPanel report={reportFixture({ status: status as ReportView['status'] })} shoot={null} />,
        { user: userOf('b2c_user') },
      );
      expect(screen.getByTestId('report-status-label').textContent).toBe(label);
      unmount();
    }
  });

  it('writes the label in Greek', () => {
    renderPanel(reportFixture({ status: 'pending_payment' }), { lang: 'el' });
    expect(screen.getByTestId('report-status-label').textContent).toBe('Εκκρεμεί επιβεβαίωση');
  });

  it('hides the Valid from/to rows once the shoot is scheduled', () => {
    renderPanel(reportFixture({ status: 'processing' }));
    expect(screen.getByTestId('report-details').textContent).toContain('Valid from');
    renderPanel(
      reportFixture({ status: 'processing_pending', uuid: 'aaaaaaaa-0000-4000-8000-000000000002' }),
    );
    const [, second] = screen.getAllByTestId('report-details');
    expect(second?.textContent).not.toContain('Valid from');
    expect(second?.textContent).not.toContain('Valid to');
  });

  it('asks for a date range, allows at most 14 days, and saves the availability', async () => {
    const { calls } = renderPanel(reportFixture({ status: 'processing' }));
    await userEvent.click(screen.getByTestId('report-action-schedule'));
    await userEvent.click(await screen.findByTestId('schedule-submit'));
    expect(screen.getByTestId('schedule-error').textContent).toBe('Please include date range');

    const start = addDays(shootToday(), 1);
    await userEvent.click(dayButton(start));
    expect(dayButton(addDays(start, 13)).hasAttribute('data-disabled')).toBe(false);
    expect(dayButton(addDays(start, 14)).hasAttribute('data-disabled')).toBe(true);
    await userEvent.click(dayButton(addDays(start, 4)));
    expect(screen.getByTestId('schedule-selected').textContent).toContain('(5 days)');
    await userEvent.click(screen.getByTestId('schedule-submit'));

    await screen.findByText('Your availability for the Photo Shoot has been saved');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      reportUuid: reportFixture().uuid,
      dateRange: { start, end: addDays(start, 4) },
      scheduleType: 'flexible',
    });
  });

  it('does not offer days in the past', async () => {
    renderPanel(reportFixture({ status: 'processing' }));
    await userEvent.click(screen.getByTestId('report-action-schedule'));
    await screen.findByTestId('schedule-range');
    const today = shootToday();
    // Yesterday may lie in the month before the first one shown; today is always shown.
    expect(dayButton(today).hasAttribute('data-disabled')).toBe(false);
    const yesterday = addDays(today, -1);
    if (yesterday.slice(0, 7) === today.slice(0, 7)) {
      expect(dayButton(yesterday).hasAttribute('data-disabled')).toBe(true);
    }
  });

  it('shows "Scheduling Shoot Dates" and the note, with nothing to do, under fixed scheduling', () => {
    renderPanel(reportFixture({ status: 'processing_pending' }), {
      shoot: shootFixture({ scheduleType: 'fixed' }),
    });
    expect(screen.getByTestId('report-fixed-note').textContent).toContain(
      'The provider is searching for available dates',
    );
    expect(screen.getByTestId('report-action-scheduling').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('report-action-schedule')).toBeNull();
  });

  it('shows the action only within the validity, except to admin, financial_admin and operation_admin', () => {
    const expired = reportFixture({ status: 'processing', validTo: '2024-01-01T00:00:00.000Z' });
    renderPanel(expired, { role: 'b2b_admin' });
    expect(screen.queryByTestId('report-action-schedule')).toBeNull();
    renderPanel({ ...expired, uuid: 'aaaaaaaa-0000-4000-8000-000000000002' }, { role: 'operation_admin' });
    expect(screen.getByTestId('report-action-schedule')).toBeTruthy();
  });

  it('offers the flight guide and the KML for a Bring Your Own Images report awaiting data', () => {
    renderPanel(reportFixture({ service: 'manual', status: 'processing' }));
    expect(screen.getByTestId('report-action-awaiting-data').textContent).toBe('Awaiting Data');
    expect(screen.getByTestId('report-how-to-fly').textContent).toBe('How to Fly with your Drone');
    expect(screen.getByTestId('report-download-kml')).toBeTruthy();
  });

  it('lets staff with Report:update change the status, showing the server reason when refused', async () => {
    const user = userOf('operation_admin');
    mockApi({
      'GET /api/user': () => ({ body: user }),
      'POST /api/reports/update/status': () => ({
        status: 400,
        body: { errors: [{ msg: 'A report cannot move from processing to complete' }] },
      }),
    });
    renderWithProviders(<ReportPanel report={reportFixture({ status: 'processing' })} shoot={null} />, {
      user,
    });
    await userEvent.click(await screen.findByTestId('report-status-select'));
    await userEvent.click(await screen.findByRole('option', { name: 'Complete' }));
    await userEvent.click(screen.getByTestId('report-status-update'));
    await waitFor(() =>
      expect(screen.getByText('A report cannot move from processing to complete')).toBeTruthy(),
    );
  });

  it('gives customers no status change', () => {
    renderPanel(reportFixture({ status: 'processing' }));
    expect(screen.queryByTestId('report-status-editor')).toBeNull();
  });
});
