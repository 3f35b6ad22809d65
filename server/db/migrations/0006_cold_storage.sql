CREATE TABLE "cold_records" (
	"org_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"object_id" integer NOT NULL,
	"state" text DEFAULT 'cold' NOT NULL,
	"file" text NOT NULL,
	"line" integer NOT NULL,
	"job_id" integer,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_at" timestamp with time zone,
	CONSTRAINT "cold_records_org_id_object_type_object_id_pk" PRIMARY KEY("org_id","object_type","object_id")
);
--> statement-breakpoint
CREATE TABLE "cold_storage_policies" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"archive_after_days" integer DEFAULT 548 NOT NULL,
	"last_swept_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cold_records" ADD CONSTRAINT "cold_records_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cold_storage_policies" ADD CONSTRAINT "cold_storage_policies_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cold_records_file_idx" ON "cold_records" USING btree ("file");