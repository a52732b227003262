import type { ShootsAnswer } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { awaitingFixture, reportFixture, shootField, shootFixture } from '../../test/shoot-fixtures.ts';
import { filterEntries, groupEntries, NO_FILTERS } from './shoot-entries.ts';

const company = { id: 1, uuid: 'eeeeeeee-0000-4000-8000-000000000001', title: 'Nemea Wines' };
const wine = shootField({ uuid: 'ffffffff-0000-4000-8000-000000000021', title: 'Upper Terrace' });
const { fieldId: _f, ...completeReport } = reportFixture({
  status: 'complete',
  uuid: 'aaaaaaaa-0000-4000-8000-000000000003',
});

const unassigned = shootFixture();
const confirmed = shootFixture({
  uuid: 'cccccccc-0000-4000-8000-000000000006',
  status: 'confirmed_shoot_dates',
  needsAssignment: false,
  owner: { ...shootFixture().owner, company },
  field: wine,
});
const sameCompanySameField = shootFixture({
  uuid: 'cccccccc-0000-4000-8000-000000000007',
  status: 'complete',
  needsAssignment: false,
  report: completeReport,
  owner: {
    ...shootFixture().owner,
    uuid: 'dddddddd-0000-4000-8000-000000000004',
    firstName: 'Maria',
    company,
  },
  field: wine,
});
const answer: ShootsAnswer = {
  data: [unassigned, confirmed, sameCompanySameField],
  needsAssignment: 1,
  reportsAwaitingShoot: [awaitingFixture()],
};

const keys = (entries: { key: string }[]) => entries.map((entry) => entry.key);

describe('shoot filters', () => {
  it('lists every shoot, and no report awaiting a shoot, without filters', () => {
    expect(keys(filterEntries(answer, NO_FILTERS))).toEqual([
      unassigned.uuid,
      confirmed.uuid,
      sameCompanySameField.uuid,
    ]);
  });

  it('keeps only the shoots needing assignment', () => {
    expect(keys(filterEntries(answer, { ...NO_FILTERS, needAssignment: true }))).toEqual([unassigned.uuid]);
  });

  it('filters by shoot status and by report status', () => {
    expect(keys(filterEntries(answer, { ...NO_FILTERS, shootStatuses: ['complete', 'unassigned'] }))).toEqual(
      [unassigned.uuid, sameCompanySameField.uuid],
    );
    expect(keys(filterEntries(answer, { ...NO_FILTERS, reportStatuses: ['complete'] }))).toEqual([
      sameCompanySameField.uuid,
    ]);
  });

  it('shows reports without a shoot when their report status is asked for (admin roles)', () => {
    const entries = filterEntries(answer, { ...NO_FILTERS, reportStatuses: ['processing'] });
    expect(entries.map((entry) => [entry.kind, entry.key])).toEqual([
      ['report', awaitingFixture().report.uuid],
    ]);
  });
});

describe('grouped view', () => {
  it('groups by company (or owner), then field, then shoots', () => {
    const groups = groupEntries(filterEntries(answer, NO_FILTERS));
    expect(
      groups.map((group) => ({
        kind: group.kind,
        label: group.label,
        fields: group.fields.map((field) => [field.title, keys(field.entries)]),
      })),
    ).toEqual([
      { kind: 'owner', label: 'Nikos Georgiou', fields: [['North Vineyard', [unassigned.uuid]]] },
      {
        kind: 'company',
        label: 'Nemea Wines',
        fields: [['Upper Terrace', [confirmed.uuid, sameCompanySameField.uuid]]],
      },
    ]);
  });
});
