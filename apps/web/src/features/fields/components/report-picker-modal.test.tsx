// @vitest-environment jsdom
import type { ShootView } from '@ampelos/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { activeReportUuid, pickableReports } from '../report-choice.ts';
import { ReportPicker } from './report-picker-modal.tsx';

const now = new Date('2026-05-20T12:00:00Z');
const report = (
  uuid: string,
  status: string,
  validFrom: string | null,
  updatedAt: string,
  processedAt?: string,
) => ({
  uuid,
  status,
  validFrom,
  updatedAt,
  createdAt: updatedAt,
  processedAt: processedAt ?? null,
});
const complete = report(
  'c0c0aaaa-0000-4000-8000-000000000001',
  'complete',
  '2026-01-01T00:00:00Z',
  '2026-05-10T00:00:00Z',
  '2026-05-12T09:00:00Z',
);
const justBought = report(
  'b0b0bbbb-0000-4000-8000-000000000002',
  'pending_payment',
  null,
  '2026-05-20T11:00:00Z',
);
const inCart = report('a0a0cccc-0000-4000-8000-000000000003', 'pending', null, '2026-05-20T11:30:00Z');
const startsLater = report(
  'd0d0dddd-0000-4000-8000-000000000004',
  'processing',
  '2026-06-01T00:00:00Z',
  '2026-05-19T00:00:00Z',
);

describe("the field's reports", () => {
  it('offers reports whose validity started (and the one just bought), newest first, the first active', () => {
    const list = pickableReports([complete, justBought, inCart, startsLater], now);
    expect(list.map((r) => r.uuid)).toEqual([justBought.uuid, complete.uuid]);
    expect(activeReportUuid(list, null)).toBe(justBought.uuid);
    expect(activeReportUuid(list, complete.uuid)).toBe(complete.uuid);
    // A choice no longer offered (e.g. the list reloaded without it) falls back to the first.
    expect(activeReportUuid(list, inCart.uuid)).toBe(justBought.uuid);
    expect(activeReportUuid([], null)).toBeNull();
  });

  it('names reports as the report panel does: final shoot day, processing date, or # and 4 characters', async () => {
    const shoot = {
      report: { uuid: complete.uuid },
      shootDays: { final: '2026-05-08' },
    } as unknown as ShootView;
    const list = pickableReports([complete, justBought], now);
    const first = renderWithProviders(
      <ReportPicker reports={list} shoots={[shoot]} selected={complete.uuid} onSelect={() => {}} />,
    );
    expect(screen.getByTestId('report-picker-open').textContent).toBe('08/05/26');
    await userEvent.click(screen.getByTestId('report-picker-open'));
    const names = (await screen.findAllByTestId('report-picker-option')).map((o) => o.textContent);
    expect(names[0]).toContain('#b0b0');
    expect(names[1]).toContain('08/05/26');
    first.unmount();
    // Without its shoot, a complete report is named by its processing date.
    renderWithProviders(
      <ReportPicker reports={list} shoots={[]} selected={complete.uuid} onSelect={() => {}} />,
    );
    expect(screen.getByTestId('report-picker-open').textContent).toBe('12/05/26');
  });
});
