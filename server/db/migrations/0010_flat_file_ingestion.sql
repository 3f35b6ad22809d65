CREATE TABLE "data_streams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_streams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_streams_org_id_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "data_streams_org_name_key" UNIQUE("org_id","name")
);
--> statement-breakpoint
CREATE TABLE "stream_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stream_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"stream_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_mappings_org_stream_type_key" UNIQUE("org_id","stream_id","object_type")
);
--> statement-breakpoint
ALTER TABLE "flat_file_executions" ADD COLUMN "error_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "flat_file_executions" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "flat_files" ADD COLUMN "object_type" text DEFAULT 'transactions' NOT NULL;--> statement-breakpoint
ALTER TABLE "flat_files" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "flat_files" ADD COLUMN "storage_path" text;--> statement-breakpoint
ALTER TABLE "flat_files" ADD COLUMN "byte_size" bigint;--> statement-breakpoint
ALTER TABLE "data_streams" ADD CONSTRAINT "data_streams_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_mappings" ADD CONSTRAINT "stream_mappings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_mappings" ADD CONSTRAINT "stream_mappings_updated_by_id_agents_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_mappings" ADD CONSTRAINT "stream_mappings_stream_fk" FOREIGN KEY ("org_id","stream_id") REFERENCES "public"."data_streams"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_mappings_org_idx" ON "stream_mappings" USING btree ("org_id");--> statement-breakpoint
UPDATE "flat_files" SET "object_type" = "stream" WHERE "stream" IN ('transactions', 'entities', 'instruments', 'action_events');