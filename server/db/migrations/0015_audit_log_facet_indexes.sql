CREATE INDEX "audit_log_org_action_idx" ON "audit_log" USING btree ("org_id","action");--> statement-breakpoint
CREATE INDEX "audit_log_org_agent_idx" ON "audit_log" USING btree ("org_id","agent_id");--> statement-breakpoint
CREATE INDEX "audit_log_org_impersonated_idx" ON "audit_log" USING btree ("org_id") WHERE "audit_log"."details" ? 'impersonated_by';