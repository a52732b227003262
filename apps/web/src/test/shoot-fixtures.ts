import type {
  ReportAwaitingShootView,
  ReportView,
  ShootActionsView,
  ShootFieldView,
  ShootView,
} from '@ampelos/domain';

/** Test data shaped exactly like the shoots API answers (ShootView, ReportView). */
export const NO_ACTIONS: ShootActionsView = {
  updateAvailability: false,
  assignDroneAdmin: false,
  assignDroneOperator: false,
  confirmDates: false,
  setFinalDay: false,
  setFixedDates: false,
  complete: false,
};

export function shootField(overrides: Partial<ShootFieldView> = {}): ShootFieldView {
  return {
    id: 10,
    uuid: 'ffffffff-0000-4000-8000-000000000010',
    title: 'North Vineyard',
    location: { region: 'Peloponnese', country: 'Greece', countryCode: 'GR' },
    area: 40_000,
    variety: null,
    usedFor: 1,
    age: 12,
    altitude: 300,
    slope: 5,
    avgPlantHeight: 1.5,
    polygonPoints: [
      [22.0, 37.0],
      [22.002, 37.0],
      [22.002, 37.002],
      [22.0, 37.0],
    ],
    mapDisplay: null,
    centroid: { lng: 22.001, lat: 37.001 },
    agroId: null,
    avatar: null,
    createdAt: '2025-01-05T12:00:00.000Z',
    updatedAt: '2025-01-05T12:00:00.000Z',
    ...overrides,
  };
}

export function reportFixture(overrides: Partial<ReportView> = {}): ReportView {
  return {
    id: 1,
    uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
    service: 'e2e',
    shoots: 3,
    status: 'processing',
    validFrom: '2025-01-01T00:00:00.000Z',
    validTo: '2099-01-01T00:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    fieldId: 10,
    processedAt: null,
    camera: null,
    numOfInputImgs: null,
    numOfOutputImgs: null,
    layers: [],
    ...overrides,
  };
}

export function shootFixture(overrides: Partial<ShootView> = {}): ShootView {
  const { fieldId: _fieldId, ...report } = reportFixture({ status: 'processing_pending' });
  return {
    id: 5,
    uuid: 'cccccccc-0000-4000-8000-000000000005',
    reportId: report.id,
    fieldId: 10,
    report,
    field: shootField(),
    owner: {
      id: 3,
      uuid: 'dddddddd-0000-4000-8000-000000000003',
      firstName: 'Nikos',
      lastName: 'Georgiou',
      email: 'nikos@example.com',
      mobile: '6900000000',
      location: 'Nemea',
      company: null,
    },
    droneAdmin: null,
    droneOperator: null,
    scheduleType: 'flexible',
    dateRange: { start: '2099-06-01', end: '2099-06-10' },
    shootDays: null,
    fixedDates: null,
    status: 'unassigned',
    needsAssignment: true,
    completedAt: null,
    createdAt: '2025-02-01T00:00:00.000Z',
    updatedAt: '2025-02-01T00:00:00.000Z',
    actions: NO_ACTIONS,
    ...overrides,
  };
}

export function awaitingFixture(overrides: Partial<ReportAwaitingShootView> = {}): ReportAwaitingShootView {
  const { fieldId: _fieldId, ...report } = reportFixture({ uuid: 'aaaaaaaa-0000-4000-8000-000000000099' });
  return { report, field: shootField(), owner: shootFixture().owner, ...overrides };
}
