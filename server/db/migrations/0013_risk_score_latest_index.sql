ALTER TABLE "risk_score_results" DROP CONSTRAINT "risk_score_results_org_id_organisations_id_fk";
--> statement-breakpoint
DROP INDEX "risk_score_results_org_entity_idx";--> statement-breakpoint
CREATE INDEX "risk_score_results_latest_idx" ON "risk_score_results" USING btree ("org_id","entity_id","risk_model_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);