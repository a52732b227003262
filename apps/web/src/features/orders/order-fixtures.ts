import type { OrderReportView, OrderView } from '@ampelos/domain';

/** Test data shaped exactly like `GET /api/orders` answers (OrderView). */
export function orderReport(overrides: Partial<OrderReportView> = {}): OrderReportView {
  return {
    id: 1,
    uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
    service: 'e2e',
    shoots: 3,
    status: 'pending_payment',
    validFrom: null,
    validTo: null,
    createdAt: '2021-01-05T12:00:00.000Z',
    updatedAt: '2021-01-05T12:00:00.000Z',
    fieldId: 10,
    processedAt: null,
    camera: null,
    numOfInputImgs: null,
    numOfOutputImgs: null,
    layers: [],
    Fields: { id: 10, uuid: 'ffffffff-0000-4000-8000-000000000010', title: 'North Vineyard', area: 45_000 },
    fieldTitle: 'North Vineyard',
    fieldArea: 45_000,
    ...overrides,
  };
}

export function orderFixture(overrides: Partial<OrderView> = {}): OrderView {
  const Reports = overrides.Reports ?? [
    orderReport(),
    orderReport({ id: 2, uuid: 'aaaaaaaa-0000-4000-8000-000000000002' }),
    orderReport({
      id: 3,
      uuid: 'aaaaaaaa-0000-4000-8000-000000000003',
      service: 'manual',
      fieldId: 11,
      Fields: { id: 11, uuid: 'ffffffff-0000-4000-8000-000000000011', title: 'Hill Plot', area: 12_300 },
      fieldTitle: 'Hill Plot',
      fieldArea: 12_300,
    }),
  ];
  return {
    id: 7,
    uuid: 'bbbbbbbb-0000-4000-8000-000000000007',
    status: 'pending_payment',
    transactionType: 'invoice',
    paymentMethod: 'wire_transfer',
    total: 1047.6,
    finalPrice: 942.84,
    discountPercent: 0,
    coupon: { code: 'SPRING10', discountPercent: 10 },
    billingAddress: null,
    paymentDetails: {
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
    },
    createdAt: '2021-01-05T12:00:00.000Z',
    user: {
      uuid: 'cccccccc-0000-4000-8000-000000000001',
      firstName: 'Nikos',
      lastName: 'Georgiou',
      email: 'nikos@example.com',
      mobile: '6912345678',
      location: 'Nemea',
    },
    Reports,
    numOfReport: Reports.length,
    ...overrides,
  };
}
