/**
 * What `npm run demo` loads: who, which vineyards, which reports, orders and shoots. Everything is
 * labelled: names, field titles and the company say "Demo", e-mail addresses are at example.com.
 */

export const DEMO_LABEL = 'Demo';

export interface DemoUserPlan {
  key: 'admin' | 'customer' | 'droneAdmin' | 'pilot';
  role: 'admin' | 'b2c_admin' | 'drone_admin' | 'drone_operator';
  firstName: string;
  lastName: string;
  email: string;
  what: string;
}

export const DEMO_USERS: DemoUserPlan[] = [
  {
    key: 'customer',
    role: 'b2c_admin',
    firstName: 'Eleni',
    lastName: 'Demo',
    email: 'demo-customer@example.com',
    what: 'customer (b2c_admin): fields, orders, the completed report',
  },
  {
    key: 'admin',
    role: 'admin',
    firstName: 'Nikos',
    lastName: 'Demo',
    email: 'demo-admin@example.com',
    what: 'administrator: every screen, the dashboard, the agro jobs',
  },
  {
    key: 'droneAdmin',
    role: 'drone_admin',
    firstName: 'Dimitris',
    lastName: 'Demo',
    email: 'demo-drone-admin@example.com',
    what: 'drone operator organisation (drone_admin): its shoots and pilots',
  },
  {
    key: 'pilot',
    role: 'drone_operator',
    firstName: 'Petros',
    lastName: 'Demo',
    email: 'demo-pilot@example.com',
    what: 'pilot (drone_operator): assigned shoots, uploads',
  },
];

export const DEMO_COMPANY = 'Demo Aerial Services';

/** Corners in metres east and north of the centre: irregular outlines like real parcels. */
type Outline = [number, number][];

export interface DemoFieldPlan {
  key: 'nemea' | 'naoussa' | 'mantineia' | 'santorini' | 'koutsi';
  title: string;
  variety: string;
  region: string;
  centre: { lng: number; lat: number };
  outline: Outline;
  altitude: number;
  age: number;
  /** Degrees warmer (or cooler) than the demo's Nemea climate, for the sample weather. */
  warmth: number;
}

/** Vineyard country of Greece (PDO areas); the centres are over vineyards, the outlines invented. */
export const DEMO_FIELDS: DemoFieldPlan[] = [
  {
    key: 'nemea',
    title: 'Demo · Nemea Agiorgitiko',
    variety: 'Agiorgitiko',
    region: 'Peloponnese',
    // The sample-photo generator's default origin: the synthetic rows lie over this block.
    centre: { lng: 22.661, lat: 37.8195 },
    // About a hectare, so the demo's four photos cover a good part of it.
    outline: [
      [-58, -40],
      [52, -46],
      [60, 34],
      [8, 46],
      [-50, 40],
    ],
    altitude: 310,
    age: 18,
    warmth: 0,
  },
  {
    key: 'naoussa',
    title: 'Demo · Naoussa Xinomavro',
    variety: 'Xinomavro',
    region: 'Central Macedonia',
    centre: { lng: 22.0893, lat: 40.6186 },
    outline: [
      [-120, -70],
      [118, -58],
      [126, 66],
      [-112, 72],
    ],
    altitude: 250,
    age: 25,
    warmth: -2.5,
  },
  {
    key: 'mantineia',
    title: 'Demo · Mantineia Moschofilero',
    variety: 'Moschofilero',
    region: 'Peloponnese',
    centre: { lng: 22.395, lat: 37.605 },
    outline: [
      [-95, -60],
      [96, -66],
      [90, 62],
      [-100, 58],
    ],
    altitude: 640,
    age: 12,
    warmth: -3,
  },
  {
    key: 'santorini',
    title: 'Demo · Santorini Assyrtiko',
    variety: 'Assyrtiko',
    region: 'South Aegean',
    centre: { lng: 25.4398, lat: 36.3742 },
    outline: [
      [-48, -36],
      [52, -30],
      [42, 40],
      [-50, 34],
    ],
    altitude: 180,
    age: 60,
    warmth: 1,
  },
  {
    key: 'koutsi',
    title: 'Demo · Nemea Koutsi',
    variety: 'Agiorgitiko',
    region: 'Peloponnese',
    centre: { lng: 22.6395, lat: 37.8452 },
    outline: [
      [-70, -55],
      [75, -50],
      [70, 52],
      [-66, 57],
    ],
    altitude: 420,
    age: 9,
    warmth: -0.8,
  },
];

export type DemoReportPlan = {
  field: DemoFieldPlan['key'];
  service: 'e2e' | 'manual';
  status: 'pending' | 'pending_payment' | 'processing' | 'processing_pending' | 'complete';
  order: 'paid' | 'unpaid' | null;
  shoot: 'complete' | 'confirmed_shoot_dates' | 'assigned_to_drone_admin' | null;
};

/** The address the demo orders were billed to; it is in the customer's address book too. */
export const DEMO_ADDRESS = {
  country: 'Greece',
  state: 'Corinthia',
  city: 'Nemea',
  line_1: '1 Demo Vineyard Road',
  line_2: null,
  line_3: null,
  zip_postcode: '205 00',
};

/**
 * One report per status the customer meets (complete goes through the imaging pipeline), shoots in
 * three states, an order paid and one awaiting payment.
 */
export const DEMO_REPORTS: DemoReportPlan[] = [
  { field: 'nemea', service: 'e2e', status: 'complete', order: 'paid', shoot: 'complete' },
  {
    field: 'naoussa',
    service: 'e2e',
    status: 'processing_pending',
    order: 'paid',
    shoot: 'confirmed_shoot_dates',
  },
  {
    field: 'mantineia',
    service: 'e2e',
    status: 'processing_pending',
    order: 'paid',
    shoot: 'assigned_to_drone_admin',
  },
  { field: 'koutsi', service: 'e2e', status: 'processing', order: 'paid', shoot: null },
  { field: 'santorini', service: 'manual', status: 'pending_payment', order: 'unpaid', shoot: null },
  // In the cart: BYOI, so the cart can be checked out (E2E needs 5 ha of fields in the cart).
  { field: 'santorini', service: 'manual', status: 'pending', order: null, shoot: null },
];
