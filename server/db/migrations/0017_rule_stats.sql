CREATE TABLE "rule_stats" (
	"org_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"day" date NOT NULL,
	"evaluations" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"alerts" integer DEFAULT 0 NOT NULL,
	"last_evaluated_at" timestamp with time zone,
	CONSTRAINT "rule_stats_org_id_rule_id_day_pk" PRIMARY KEY("org_id","rule_id","day")
);
--> statement-breakpoint
ALTER TABLE "rule_stats" ADD CONSTRAINT "rule_stats_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_stats" ADD CONSTRAINT "rule_stats_rule_fk" FOREIGN KEY ("org_id","rule_id") REFERENCES "public"."rules"("org_id","id") ON DELETE cascade ON UPDATE no action;