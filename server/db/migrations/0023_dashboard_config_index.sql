DROP INDEX "dashboard_configs_agent_idx";--> statement-breakpoint
CREATE INDEX "dashboard_configs_agent_idx" ON "dashboard_configs" USING btree ("org_id","agent_id");