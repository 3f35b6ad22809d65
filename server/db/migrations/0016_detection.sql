CREATE TABLE "rule_hits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rule_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"rule_version" integer NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"event_id" integer NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"variable_snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_shadow" boolean DEFAULT false NOT NULL,
	"silence_id" integer,
	"alert_id" integer,
	"alert_hit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_hits_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "rule_silences" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rule_silences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"rule_id" integer,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by_id" integer,
	CONSTRAINT "rule_silences_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "rule_versions" (
	"org_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"version" integer NOT NULL,
	"spec" jsonb NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_versions_org_id_rule_id_version_pk" PRIMARY KEY("org_id","rule_id","version")
);
--> statement-breakpoint
DROP INDEX "evaluation_logs_org_event_idx";--> statement-breakpoint
ALTER TABLE "evaluation_logs" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluation_logs" ADD COLUMN "action_event_id" integer;--> statement-breakpoint
ALTER TABLE "alert_hits" ADD COLUMN "rule_version" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "detection_key" text;--> statement-breakpoint
ALTER TABLE "rules" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "rule_hits" ADD CONSTRAINT "rule_hits_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_hits" ADD CONSTRAINT "rule_hits_rule_fk" FOREIGN KEY ("org_id","rule_id") REFERENCES "public"."rules"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_silences" ADD CONSTRAINT "rule_silences_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_silences" ADD CONSTRAINT "rule_silences_created_by_id_agents_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_silences" ADD CONSTRAINT "rule_silences_lifted_by_id_agents_id_fk" FOREIGN KEY ("lifted_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_silences" ADD CONSTRAINT "rule_silences_entity_fk" FOREIGN KEY ("org_id","entity_id") REFERENCES "public"."entities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_silences" ADD CONSTRAINT "rule_silences_rule_fk" FOREIGN KEY ("org_id","rule_id") REFERENCES "public"."rules"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_versions" ADD CONSTRAINT "rule_versions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_versions" ADD CONSTRAINT "rule_versions_created_by_id_agents_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_versions" ADD CONSTRAINT "rule_versions_rule_fk" FOREIGN KEY ("org_id","rule_id") REFERENCES "public"."rules"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rule_hits_once_idx" ON "rule_hits" USING btree ("org_id","rule_id","event_type","event_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "rule_hits_org_rule_time_idx" ON "rule_hits" USING btree ("org_id","rule_id","event_time");--> statement-breakpoint
CREATE INDEX "rule_hits_org_subject_idx" ON "rule_hits" USING btree ("org_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "rule_silences_org_entity_idx" ON "rule_silences" USING btree ("org_id","entity_id");--> statement-breakpoint
ALTER TABLE "evaluation_logs" ADD CONSTRAINT "evaluation_logs_action_event_fk" FOREIGN KEY ("org_id","action_event_id") REFERENCES "public"."action_events"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_logs_org_action_event_idx" ON "evaluation_logs" USING btree ("org_id","action_event_id","is_shadow");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_detection_key_idx" ON "alerts" USING btree ("org_id","detection_key") WHERE detection_key is not null and status in ('OPEN', 'IN_REVIEW');--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_logs_org_event_idx" ON "evaluation_logs" USING btree ("org_id","event_id","is_shadow");--> statement-breakpoint
INSERT INTO "rule_versions" ("org_id","rule_id","version","spec","created_by_id","created_at") SELECT "org_id","id",1,"spec","created_by_id","created_at" FROM "rules" ON CONFLICT DO NOTHING;