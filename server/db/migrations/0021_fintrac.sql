CREATE TABLE "fintrac_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fintrac_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"report_type" text NOT NULL,
	"status" text NOT NULL,
	"name" text NOT NULL,
	"reference" text NOT NULL,
	"queue_id" integer,
	"case_id" integer,
	"reviewer_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone,
	"content" jsonb NOT NULL,
	"total_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	"twenty_four_hour_rule" boolean DEFAULT false NOT NULL,
	"lctr_key" text,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"validated_at" timestamp with time zone,
	"submitted_by_id" integer,
	"submitted_at" timestamp with time zone,
	"batch_id" integer,
	"batch_seq" integer,
	"filed_at" timestamp with time zone,
	"fintrac_report_id" text,
	"fintrac_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "fintrac_reports_org_id_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "fintrac_reports_org_reference_key" UNIQUE("org_id","reference"),
	CONSTRAINT "fintrac_reports_org_lctr_key" UNIQUE("org_id","lctr_key")
);
--> statement-breakpoint
CREATE TABLE "fintrac_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fintrac_reports" ADD CONSTRAINT "fintrac_reports_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fintrac_reports" ADD CONSTRAINT "fintrac_reports_reviewer_id_agents_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fintrac_reports" ADD CONSTRAINT "fintrac_reports_created_by_id_agents_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fintrac_reports" ADD CONSTRAINT "fintrac_reports_submitted_by_id_agents_id_fk" FOREIGN KEY ("submitted_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fintrac_reports" ADD CONSTRAINT "fintrac_reports_queue_fk" FOREIGN KEY ("org_id","queue_id") REFERENCES "public"."queues"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fintrac_reports" ADD CONSTRAINT "fintrac_reports_case_fk" FOREIGN KEY ("org_id","case_id") REFERENCES "public"."cases"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fintrac_reports" ADD CONSTRAINT "fintrac_reports_batch_fk" FOREIGN KEY ("org_id","batch_id") REFERENCES "public"."filing_batches"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fintrac_settings" ADD CONSTRAINT "fintrac_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fintrac_settings" ADD CONSTRAINT "fintrac_settings_updated_by_id_agents_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fintrac_reports_org_created_idx" ON "fintrac_reports" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fintrac_reports_org_status_idx" ON "fintrac_reports" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "fintrac_reports_org_batch_idx" ON "fintrac_reports" USING btree ("org_id","batch_id");--> statement-breakpoint
CREATE INDEX "fintrac_reports_org_case_idx" ON "fintrac_reports" USING btree ("org_id","case_id");