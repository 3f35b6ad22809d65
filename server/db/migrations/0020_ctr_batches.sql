CREATE TABLE "ctr_filings" (
	"org_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"business_day" date NOT NULL,
	"cash_in" integer NOT NULL,
	"cash_out" integer NOT NULL,
	"status" text DEFAULT 'SENDING_TO_FINCEN' NOT NULL,
	"bsa_id" text,
	"bsa_tracking_id" text,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "ctr_filings_org_id_batch_id_seq_pk" PRIMARY KEY("org_id","batch_id","seq")
);
--> statement-breakpoint
ALTER TABLE "filing_batches" ADD COLUMN "business_day" date;--> statement-breakpoint
ALTER TABLE "filing_settings" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ctr_filings" ADD CONSTRAINT "ctr_filings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ctr_filings" ADD CONSTRAINT "ctr_filings_batch_fk" FOREIGN KEY ("org_id","batch_id") REFERENCES "public"."filing_batches"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ctr_filings_org_entity_idx" ON "ctr_filings" USING btree ("org_id","entity_id","business_day");--> statement-breakpoint
CREATE UNIQUE INDEX "filing_batches_org_type_day_idx" ON "filing_batches" USING btree ("org_id","report_type","business_day");