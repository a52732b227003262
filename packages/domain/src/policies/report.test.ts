import { describe, expect, it } from 'vitest';
import { canSeeReport, canSeeReportData, mayUploadReportData, reportFacts } from './report.ts';

const crew = { droneAdminId: 10, droneOperatorId: 11, droneOperatorCompanyId: 5 };
const report = { ownerId: 1, ownerCompanyId: 7, service: 'e2e' as const, crew };

describe('report policies', () => {
  it('shows a report to its owner, staff and the owner company, and a cart item to its owner only', () => {
    expect(canSeeReport({ role: 'b2b_user', userId: 2, companyId: 7 }, report)).toBe(true);
    expect(canSeeReport({ role: 'b2b_user', userId: 2, companyId: 8 }, report)).toBe(false);
    expect(canSeeReport({ role: 'Marketing Admin', userId: 3, companyId: null }, report)).toBe(true);
    expect(canSeeReport({ role: 'admin', userId: 3, companyId: null }, { ...report, inCart: true })).toBe(
      false,
    );
    expect(canSeeReport({ role: 'b2c_admin', userId: 1, companyId: null }, { ...report, inCart: true })).toBe(
      true,
    );
  });
  it('lets the crew see and upload an E2E report, never the results of it, and not another pilot', () => {
    const pilot = { role: 'drone_operator' as const, userId: 11, companyId: 5 };
    expect(canSeeReport(pilot, report)).toBe(false);
    expect(canSeeReportData(pilot, report)).toBe(true);
    expect(mayUploadReportData(pilot, report)).toBe(true);
    expect(canSeeReportData({ ...pilot, userId: 12 }, report)).toBe(false);
  });
  it('lets the customer upload its own images, and nobody but staff upload for an E2E report', () => {
    const owner = { role: 'b2c_admin' as const, userId: 1, companyId: null };
    expect(mayUploadReportData(owner, { ...report, service: 'manual' })).toBe(true);
    expect(mayUploadReportData(owner, report)).toBe(false);
    expect(mayUploadReportData({ role: 'financial_admin', userId: 9, companyId: null }, report)).toBe(true);
    expect(mayUploadReportData({ role: 'Marketing Admin', userId: 9, companyId: null }, report)).toBe(false);
  });

  it('read a report row: in a cart while pending, the crew of an E2E report only', () => {
    const row = { ownerId: 1, ownerCompanyId: 7, fieldCompanyId: 9, crew };
    expect(reportFacts({ ...row, status: 'pending', service: 'e2e' })).toEqual({
      ownerId: 1,
      ownerCompanyId: 7,
      fieldCompanyId: 9,
      inCart: true,
      service: 'e2e',
      crew,
    });
    const manual = reportFacts({ ...row, status: 'processing', service: 'manual' });
    expect([manual.inCart, manual.service, manual.crew]).toEqual([false, 'manual', undefined]);
    expect(reportFacts({ ...row, status: 'processing', service: 'e2e', crew: null }).crew).toBeUndefined();
  });
});
