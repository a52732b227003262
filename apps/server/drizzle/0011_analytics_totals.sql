CREATE TABLE "analytics_field_reports" (
	"field_key" integer PRIMARY KEY NOT NULL,
	"area" double precision DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"e2e" integer DEFAULT 0 NOT NULL,
	"manual" integer DEFAULT 0 NOT NULL,
	"inputs" bigint DEFAULT 0 NOT NULL,
	"outputs" bigint DEFAULT 0 NOT NULL,
	"stressed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_field_totals" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"fields" integer DEFAULT 0 NOT NULL,
	"area" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_order_days" (
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"with_coupon" boolean NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"order_value" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "analytics_order_days_day_payment_method_status_with_coupon_pk" PRIMARY KEY("day","payment_method","status","with_coupon")
);
--> statement-breakpoint
CREATE TABLE "analytics_shoot_statuses" (
	"status" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The dashboard's aggregates are written by these triggers only, in the same transaction as the change,
-- so they are exactly what aggregating the tables would answer. Day buckets use the dashboard's time zone
-- (ANALYTICS_TIME_ZONE in packages/domain/src/analytics.ts).
CREATE FUNCTION analytics_count_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status <> 'pending' THEN
    UPDATE analytics_field_reports SET
      reports = reports - 1,
      e2e = e2e - (OLD.service = 'e2e')::int,
      manual = manual - (OLD.service = 'manual')::int,
      inputs = inputs - coalesce(OLD.num_of_input_imgs, 0),
      outputs = outputs - coalesce(OLD.num_of_output_imgs, 0),
      stressed = stressed - coalesce(OLD.stressed_points, 0)
    WHERE field_key = coalesce(OLD.field_id, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status <> 'pending' THEN
    INSERT INTO analytics_field_reports AS t (field_key, area, reports, e2e, manual, inputs, outputs, stressed)
    VALUES (coalesce(NEW.field_id, 0), coalesce((SELECT area FROM fields WHERE id = NEW.field_id), 0),
            1, (NEW.service = 'e2e')::int, (NEW.service = 'manual')::int,
            coalesce(NEW.num_of_input_imgs, 0), coalesce(NEW.num_of_output_imgs, 0), coalesce(NEW.stressed_points, 0))
    ON CONFLICT (field_key) DO UPDATE SET
      reports = t.reports + 1,
      e2e = t.e2e + excluded.e2e,
      manual = t.manual + excluded.manual,
      inputs = t.inputs + excluded.inputs,
      outputs = t.outputs + excluded.outputs,
      stressed = t.stressed + excluded.stressed;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_analytics AFTER INSERT OR DELETE OR UPDATE OF field_id, status, service, num_of_input_imgs, num_of_output_imgs, output_data, stressed_points
  ON reports FOR EACH ROW EXECUTE FUNCTION analytics_count_report();
--> statement-breakpoint
CREATE FUNCTION analytics_count_field() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_field_totals AS t (id, fields, area)
  VALUES (true,
          (TG_OP = 'INSERT')::int - (TG_OP = 'DELETE')::int,
          CASE TG_OP WHEN 'INSERT' THEN NEW.area WHEN 'DELETE' THEN -OLD.area ELSE NEW.area - OLD.area END)
  ON CONFLICT (id) DO UPDATE SET fields = t.fields + excluded.fields, area = t.area + excluded.area;
  IF TG_OP = 'UPDATE' THEN
    UPDATE analytics_field_reports SET area = NEW.area WHERE field_key = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fields_analytics AFTER INSERT OR DELETE OR UPDATE OF area
  ON fields FOR EACH ROW EXECUTE FUNCTION analytics_count_field();
--> statement-breakpoint
CREATE FUNCTION analytics_count_shoot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE analytics_shoot_statuses SET count = count - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO analytics_shoot_statuses AS t (status, count) VALUES (NEW.status, 1)
    ON CONFLICT (status) DO UPDATE SET count = t.count + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shoots_analytics AFTER INSERT OR DELETE OR UPDATE OF status
  ON shoots FOR EACH ROW EXECUTE FUNCTION analytics_count_shoot();
--> statement-breakpoint
CREATE FUNCTION analytics_count_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE analytics_order_days SET orders = orders - 1, order_value = order_value - OLD.final_price::numeric
    WHERE day = (OLD.created_at AT TIME ZONE 'Europe/Athens')::date AND payment_method = OLD.payment_method
      AND status = OLD.status AND with_coupon = (OLD.coupon_id IS NOT NULL);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO analytics_order_days AS t (day, payment_method, status, with_coupon, orders, order_value)
    VALUES ((NEW.created_at AT TIME ZONE 'Europe/Athens')::date, NEW.payment_method, NEW.status,
            NEW.coupon_id IS NOT NULL, 1, NEW.final_price::numeric)
    ON CONFLICT (day, payment_method, status, with_coupon) DO UPDATE SET
      orders = t.orders + 1, order_value = t.order_value + excluded.order_value;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_analytics AFTER INSERT OR DELETE OR UPDATE OF created_at, payment_method, status, final_price, coupon_id
  ON orders FOR EACH ROW EXECUTE FUNCTION analytics_count_order();
--> statement-breakpoint
INSERT INTO analytics_field_reports (field_key, area, reports, e2e, manual, inputs, outputs, stressed)
SELECT coalesce(r.field_id, 0), coalesce(max(f.area), 0), count(*), count(*) FILTER (WHERE r.service = 'e2e'),
       count(*) FILTER (WHERE r.service = 'manual'), coalesce(sum(r.num_of_input_imgs), 0),
       coalesce(sum(r.num_of_output_imgs), 0), coalesce(sum(r.stressed_points), 0)
FROM reports r LEFT JOIN fields f ON f.id = r.field_id WHERE r.status <> 'pending' GROUP BY coalesce(r.field_id, 0);
--> statement-breakpoint
INSERT INTO analytics_field_totals (id, fields, area) SELECT true, count(*), coalesce(sum(area), 0) FROM fields;
--> statement-breakpoint
INSERT INTO analytics_shoot_statuses (status, count) SELECT status, count(*) FROM shoots GROUP BY status;
--> statement-breakpoint
INSERT INTO analytics_order_days (day, payment_method, status, with_coupon, orders, order_value)
SELECT (created_at AT TIME ZONE 'Europe/Athens')::date, payment_method, status, coupon_id IS NOT NULL, count(*), sum(final_price::numeric)
FROM orders GROUP BY 1, 2, 3, 4;
