CREATE TABLE "ctr_entity_data" (
	"org_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ctr_entity_data_org_id_entity_id_pk" PRIMARY KEY("org_id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "filing_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"profile" jsonb,
	"continuing_activity_days" integer DEFAULT 90 NOT NULL,
	"max_send_attempts" integer DEFAULT 5 NOT NULL,
	"sftp" jsonb,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sar_transactions" (
	"org_id" integer NOT NULL,
	"sar_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	CONSTRAINT "sar_transactions_org_id_sar_id_transaction_id_pk" PRIMARY KEY("org_id","sar_id","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "timezone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "filing_batches" ADD COLUMN "content" text;--> statement-breakpoint
ALTER TABLE "filing_batches" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "filing_batches" ADD COLUMN "send_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "filing_batches" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "filing_batches" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "filing_batches" ADD COLUMN "ack_status" text;--> statement-breakpoint
ALTER TABLE "filing_batches" ADD COLUMN "ack_messages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "filing_batches" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "filing_type" text DEFAULT 'INITIAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "prior_bsa_id" text;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "activity_start" date;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "activity_end" date;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "total_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "categories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "subjects" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "ip_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "prefiling_problems" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "validated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "submitted_by_id" integer;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "fincen_messages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ctr_entity_data" ADD CONSTRAINT "ctr_entity_data_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ctr_entity_data" ADD CONSTRAINT "ctr_entity_data_updated_by_id_agents_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ctr_entity_data" ADD CONSTRAINT "ctr_entity_data_entity_fk" FOREIGN KEY ("org_id","entity_id") REFERENCES "public"."entities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_settings" ADD CONSTRAINT "filing_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_settings" ADD CONSTRAINT "filing_settings_updated_by_id_agents_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sar_transactions" ADD CONSTRAINT "sar_transactions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sar_transactions" ADD CONSTRAINT "sar_transactions_sar_fk" FOREIGN KEY ("org_id","sar_id") REFERENCES "public"."sars"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sar_transactions" ADD CONSTRAINT "sar_transactions_txn_fk" FOREIGN KEY ("org_id","transaction_id") REFERENCES "public"."transactions"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sar_transactions_org_txn_idx" ON "sar_transactions" USING btree ("org_id","transaction_id");--> statement-breakpoint
ALTER TABLE "sars" ADD CONSTRAINT "sars_submitted_by_id_agents_id_fk" FOREIGN KEY ("submitted_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;