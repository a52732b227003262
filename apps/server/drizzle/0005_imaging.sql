CREATE TABLE "dataset_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"dataset_id" integer NOT NULL,
	"upload_id" text NOT NULL,
	"path" text NOT NULL,
	"storage_key" text,
	"kind" text,
	"format" text,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"message" text,
	"lat" double precision,
	"lng" double precision,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dataset_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"dataset_id" integer NOT NULL,
	"key" text NOT NULL,
	"file_ids" jsonb NOT NULL,
	"input" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dataset_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"dataset_id" integer NOT NULL,
	"uploaded_by" integer,
	"filename" text NOT NULL,
	"size" bigint NOT NULL,
	"completed_at" timestamp with time zone,
	"inspected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"report_id" integer NOT NULL,
	"created_by" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"kind" text,
	"message" text,
	"files_accepted" integer DEFAULT 0 NOT NULL,
	"files_rejected" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"statistics" jsonb,
	"submitted_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "datasets_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "camera" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "num_of_input_imgs" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "num_of_output_imgs" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "scale" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "size" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "output_data" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "surface_map_min" double precision;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "surface_map_max" double precision;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "layers" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "completion_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dataset_files" ADD CONSTRAINT "dataset_files_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_units" ADD CONSTRAINT "dataset_units_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_uploads" ADD CONSTRAINT "dataset_uploads_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dataset_uploads" ADD CONSTRAINT "dataset_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dataset_files_path_unique" ON "dataset_files" USING btree ("dataset_id","upload_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "dataset_units_key_unique" ON "dataset_units" USING btree ("dataset_id","key");--> statement-breakpoint
CREATE INDEX "dataset_units_status_idx" ON "dataset_units" USING btree ("dataset_id","status");--> statement-breakpoint
CREATE INDEX "dataset_uploads_dataset_idx" ON "dataset_uploads" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "datasets_report_idx" ON "datasets" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "datasets_report_active_unique" ON "datasets" USING btree ("report_id") WHERE "datasets"."status" <> 'rejected' and "datasets"."status" <> 'failed';