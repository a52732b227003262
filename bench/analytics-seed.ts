// Seeds a large dashboard dataset with set-based SQL (generate_series), in seconds rather than hours of
// single inserts. Used by analytics.bench.ts; run alone it fills a real database to look at:
//   DATA_DIR=/tmp/ampelos-big npx tsx bench/analytics-seed.ts        (embedded PGlite; server stopped)
//   DATABASE_URL=postgres://… npx tsx bench/analytics-seed.ts
// BENCH_FIELDS and BENCH_REPORTS change the sizes (default 10,000 fields and 100,000 reports).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type SqlExecutor } from '../apps/server/src/platform/db/database.ts';
import { acquireEmbeddedLock } from '../apps/server/src/platform/db/embedded-lock.ts';

export interface SeedSizes {
  fields: number;
  reports: number;
}

export const DEFAULT_SIZES: SeedSizes = {
  fields: Number(process.env.BENCH_FIELDS ?? 10_000),
  reports: Number(process.env.BENCH_REPORTS ?? 100_000),
};

/**
 * Customers, companies, fields spread over Greece, reports in every status (complete ones with outputData
 * of ten photos and 0–4 boxes each), orders over the last two years, and a shoot per scheduled E2E report.
 * Every row is tagged `bench` so it can be told apart; run it on an empty or a throwaway database.
 */
export async function seedDashboardData(executor: SqlExecutor, sizes: SeedSizes = DEFAULT_SIZES) {
  const customers = Math.max(10, Math.round(sizes.fields / 5));
  const companies = Math.max(2, Math.round(customers / 4));
  const orders = Math.round(sizes.reports / 3);
  await executor.executeSql(`
    insert into companies (title, kind)
      select 'Bench domaine ' || g, 'customer' from generate_series(1, ${companies}) g;

    insert into users (first_name, last_name, email, password_hash, role, company_id, unsubscribe_token, email_verified_at)
      select 'Bench', 'Customer ' || g, 'bench-' || g || '-' || md5(random()::text) || '@example.com', 'not-a-hash',
             case when g % 2 = 0 then 'b2b_admin' else 'b2c_admin' end,
             case when g % 2 = 0 then (select min(id) from companies) + (g % ${companies}) end,
             md5(random()::text), now()
      from generate_series(1, ${customers}) g;

    create temporary table bench_customers as
      select id, company_id, row_number() over (order by id) as n from users where first_name = 'Bench';

    insert into fields (owner_id, company_id, title, polygon, area, centroid_lng, centroid_lat, region, country, country_code, created_at)
      select c.id, c.company_id, 'Bench field ' || g,
             jsonb_build_array(
               jsonb_build_array(p.lng, p.lat), jsonb_build_array(p.lng + 0.003, p.lat),
               jsonb_build_array(p.lng + 0.003, p.lat + 0.002), jsonb_build_array(p.lng, p.lat + 0.002),
               jsonb_build_array(p.lng, p.lat)),
             5000 + (g * 7919 % 200000), p.lng + 0.0015, p.lat + 0.001, 'Peloponnese', 'Greece', 'GR',
             now() - (g % 730) * interval '1 day'
      from generate_series(1, ${sizes.fields}) g
      cross join lateral (select 20.5 + (g * 0.6180339887 % 1) * 6 as lng, 35.2 + (g * 0.4142135623 % 1) * 5.5 as lat) p
      join bench_customers c on c.n = 1 + g % ${customers};

    create temporary table bench_fields as
      select id, owner_id, title, area, row_number() over (order by id) as n from fields where title like 'Bench field %';

    insert into orders (user_id, status, transaction_type, payment_method, total, final_price, discount_percent, coupon_id, created_at)
      select c.id, case when g % 4 = 0 then 'pending_payment' else 'complete' end, 'receipt',
             case when g % 10 = 0 then 'card' when g % 25 = 0 then 'stripe' else 'wire_transfer' end,
             100 + g % 5000, (100 + g % 5000) * 0.95, 5, null,
             now() - (g % 730) * interval '1 day' - (g % 24) * interval '1 hour'
      from generate_series(1, ${orders}) g
      join bench_customers c on c.n = 1 + g % ${customers};

    insert into reports (field_id, field_title, field_area, owner_id, service, shoots, status, order_id,
                         num_of_input_imgs, num_of_output_imgs, output_data, created_at)
      select f.id, f.title, f.area, f.owner_id, case when g % 3 = 0 then 'manual' else 'e2e' end, 3, s.status,
             case when s.status <> 'pending' then (select min(id) from orders) + g % ${orders} end,
             case when s.status = 'complete' then 50 + g % 400 end,
             case when s.status = 'complete' then 40 + g % 300 end,
             case when s.status = 'complete' then (
               select jsonb_agg(jsonb_build_object(
                 'lng', 22.5, 'lat', 37.5, 'file', 'IMG_' || i || '.JPG',
                 'bboxes', coalesce((select jsonb_object_agg('box' || b, jsonb_build_object(
                   'thr_coords', jsonb_build_object('x', b, 'y', b, 'w', 40, 'h', 40), 'lng', 22.5, 'lat', 37.5,
                   'colour', 'yellow', 'className', 'Not Classified'))
                   from generate_series(1, (g + i) % 5) b), '{}'::jsonb)))
               from generate_series(1, 10) i) end,
             now() - (g % 730) * interval '1 day'
      from generate_series(1, ${sizes.reports}) g
      cross join lateral (select (array['pending', 'pending_payment', 'processing', 'processing_pending',
                                         'processing_data', 'complete', 'complete', 'complete'])[1 + g % 8] as status) s
      join bench_fields f on f.n = 1 + g % ${sizes.fields};

    insert into shoots (report_id, status, final_day)
      select r.id,
             case when r.status = 'complete' then 'complete'
                  else (array['unassigned', 'assigned_to_drone_admin', 'assigned_to_drone_operator', 'confirmed_shoot_dates'])[1 + r.id % 4] end,
             case when r.status = 'complete' then current_date end
      from reports r
      where r.service = 'e2e' and r.status in ('processing_pending', 'processing_data', 'complete');

    drop table bench_customers;
    drop table bench_fields;
    analyze;
  `);
}

// Run directly: seed the database of DATABASE_URL or of $DATA_DIR/db (migrated first).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  const release = process.env.DATABASE_URL
    ? async () => {}
    : await acquireEmbeddedLock(dataDir, 'the dashboard seed script');
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
  });
  const started = performance.now();
  await seedDashboardData(database.executor);
  console.log(
    `seeded ${DEFAULT_SIZES.fields} fields and ${DEFAULT_SIZES.reports} reports in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await database.close();
  await release();
}
