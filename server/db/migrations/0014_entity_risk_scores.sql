CREATE TABLE "entity_risk_scores" (
	"org_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"score" numeric(6, 2),
	CONSTRAINT "entity_risk_scores_pkey" PRIMARY KEY("org_id","entity_id")
);
--> statement-breakpoint
ALTER TABLE "entity_risk_scores" ADD CONSTRAINT "entity_risk_scores_entity_fk" FOREIGN KEY ("org_id","entity_id") REFERENCES "public"."entities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- the scores the entities row held move to the narrow table
INSERT INTO "entity_risk_scores" ("org_id", "entity_id", "score") SELECT "org_id", "id", "risk_score" FROM "entities" WHERE "risk_score" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "entities" DROP COLUMN "risk_score";