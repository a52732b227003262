// Data for the load and soak scripts: customers who each own 50 fields as customers have them after a
// season: a completed report with ten analysed photos and its completed drone shoot, a processing E2E
// report whose shoot is scheduled, an order, and 50 notifications.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';

export const BENCH_PASSWORD = 'Bench-vines-2024';
export const FIELDS_PER_CUSTOMER = 50;

function outputData(seed: number) {
  return Array.from({ length: 10 }, (_, photo) => ({
    lng: 22.7 + photo * 0.0001,
    lat: 37.8 + seed * 0.00001,
    file: `DJI_${String(photo).padStart(4, '0')}.JPG`,
    base: `DJI_${String(photo).padStart(4, '0')}`,
    bboxes: Object.fromEntries(
      Array.from({ length: 3 }, (_, box) => [
        `b${photo}-${box}`,
        {
          thr_coords: { x: 10 * box, y: 20 * box, w: 40, h: 40 },
          lng: 22.7 + photo * 0.0001 + box * 0.00001,
          lat: 37.8 + seed * 0.00001,
          colour: '#e03131',
          className: 'stressed',
        },
      ]),
    ),
  }));
}

/** Inserts `customers` customers with their data; answers their e-mail addresses. */
export async function seedCustomers(databaseUrl: string, customers: number): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const emails: string[] = [];
  try {
    for (let c = 0; c < customers; c++) {
      const email = `bench-${c}-${randomBytes(3).toString('hex')}@example.com`;
      emails.push(email);
      const user = await db.query(
        `insert into users (first_name, last_name, email, password_hash, role, unsubscribe_token, email_verified_at)
         values ('Bench', $1, $2, $3, 'b2c_admin', $4, now()) returning id`,
        [`Customer ${c}`, email, passwordHash, randomBytes(24).toString('base64url')],
      );
      const userId = user.rows[0].id as number;
      const order = await db.query(
        `insert into orders (user_id, status, transaction_type, payment_method, total, final_price, discount_percent)
         values ($1, 'complete', 'receipt', 'wire', 1000, 1000, 0) returning id`,
        [userId],
      );
      const orderId = order.rows[0].id as number;
      for (let f = 0; f < FIELDS_PER_CUSTOMER; f++) {
        const lng = 22.7 + f * 0.01;
        const lat = 37.8 + c * 0.01;
        const ring = [
          [lng, lat],
          [lng + 0.003, lat],
          [lng + 0.003, lat + 0.002],
          [lng, lat + 0.002],
          [lng, lat],
        ];
        const field = await db.query(
          `insert into fields (owner_id, title, variety, polygon, area, centroid_lng, centroid_lat, region, country, country_code)
           values ($1, $2, 'Agiorgitiko', $3, 52000, $4, $5, 'Peloponnese', 'Greece', 'GR') returning id, title, area`,
          [userId, `Bench field ${f}`, JSON.stringify(ring), lng + 0.0015, lat + 0.001],
        );
        const { id: fieldId, title, area } = field.rows[0];
        const reports = await db.query(
          `insert into reports (field_id, field_title, field_area, owner_id, service, shoots, status, order_id,
             valid_from, valid_to, processed_at, camera, num_of_input_imgs, num_of_output_imgs, output_data, layers)
           values ($1, $2, $3, $4, 'e2e', 3, 'complete', $5, now() - interval '30 days', now() + interval '335 days',
             now() - interval '1 day', 'DJI M3M', 10, 10, $6, '["ai","no_pseu"]'),
                  ($1, $2, $3, $4, 'e2e', 3, 'processing_pending', $5, now(), now() + interval '365 days',
             null, null, null, null, null, null)
           returning id`,
          [fieldId, title, area, userId, orderId, JSON.stringify(outputData(f))],
        );
        const [complete, scheduled] = reports.rows.map((row) => row.id as number);
        await db.query(
          `insert into shoots (report_id, status, date_start, date_end, confirmed_start, confirmed_end,
             alternative_start, alternative_end, final_day, completed_at)
           values ($1, 'complete', current_date - 40, current_date - 30, current_date - 38, current_date - 36,
             current_date - 35, current_date - 33, current_date - 37, now() - interval '37 days'),
                  ($2, 'unassigned', current_date + 5, current_date + 15, null, null, null, null, null, null)`,
          [complete, scheduled],
        );
      }
      await db.query(
        `insert into notifications (user_id, type, details, read)
         select $1, 'order_status_update', jsonb_build_object('newStatus', 'complete', 'order', jsonb_build_object('uuid', gen_random_uuid())), g % 3 = 0
         from generate_series(1, 50) g`,
        [userId],
      );
    }
  } finally {
    await db.end();
  }
  return emails;
}

/** Signs in through the API; answers the session cookie. */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.includes('ampelos_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}
