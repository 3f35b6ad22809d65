CREATE TABLE "dashboard_configs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dashboard_configs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"agent_id" integer,
	"sections" jsonb NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_configs" ADD CONSTRAINT "dashboard_configs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_configs" ADD CONSTRAINT "dashboard_configs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_configs" ADD CONSTRAINT "dashboard_configs_updated_by_id_agents_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_configs_agent_key" ON "dashboard_configs" USING btree ("org_id","agent_id") WHERE agent_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_configs_org_key" ON "dashboard_configs" USING btree ("org_id") WHERE agent_id is null;--> statement-breakpoint
CREATE INDEX "dashboard_configs_agent_idx" ON "dashboard_configs" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "alerts_org_closed_idx" ON "alerts" USING btree ("org_id","closed_at","queue_id","assigned_to_id","disposition") WHERE closed_at is not null;--> statement-breakpoint
CREATE INDEX "cases_org_closed_idx" ON "cases" USING btree ("org_id","closed_at","queue_id","assigned_to_id") WHERE closed_at is not null;--> statement-breakpoint
CREATE INDEX "sars_org_filed_idx" ON "sars" USING btree ("org_id","filed_at") WHERE filed_at is not null;