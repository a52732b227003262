CREATE TABLE "shoots" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"report_id" integer NOT NULL,
	"schedule_type" text DEFAULT 'flexible' NOT NULL,
	"date_start" date,
	"date_end" date,
	"confirmed_start" date,
	"confirmed_end" date,
	"alternative_start" date,
	"alternative_end" date,
	"final_day" date,
	"fixed_primary" date,
	"fixed_alternative" date,
	"status" text DEFAULT 'unassigned' NOT NULL,
	"drone_admin_id" integer,
	"drone_operator_id" integer,
	"created_by_id" integer,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shoots_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "kind" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shoots" ADD CONSTRAINT "shoots_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shoots" ADD CONSTRAINT "shoots_drone_admin_id_users_id_fk" FOREIGN KEY ("drone_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shoots" ADD CONSTRAINT "shoots_drone_operator_id_users_id_fk" FOREIGN KEY ("drone_operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shoots" ADD CONSTRAINT "shoots_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shoots_report_unique" ON "shoots" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "shoots_drone_admin_idx" ON "shoots" USING btree ("drone_admin_id");--> statement-breakpoint
CREATE INDEX "shoots_drone_operator_idx" ON "shoots" USING btree ("drone_operator_id");--> statement-breakpoint
CREATE INDEX "shoots_status_idx" ON "shoots" USING btree ("status");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");