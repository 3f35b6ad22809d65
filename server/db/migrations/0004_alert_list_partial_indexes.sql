DROP INDEX "alerts_list_created_idx";--> statement-breakpoint
DROP INDEX "alerts_list_queue_idx";--> statement-breakpoint
DROP INDEX "alerts_list_assignee_idx";--> statement-breakpoint
DROP INDEX "alerts_list_deadline_idx";--> statement-breakpoint
DROP INDEX "alerts_list_amount_idx";--> statement-breakpoint
CREATE INDEX "alerts_list_created_idx" ON "alerts" USING btree ("org_id","created_at","id","status","queue_id","assigned_to_id","amount_volume") WHERE status <> 'RULE_VALIDATION';--> statement-breakpoint
CREATE INDEX "alerts_list_queue_idx" ON "alerts" USING btree ("org_id","queue_id","created_at","id","status","assigned_to_id") WHERE status <> 'RULE_VALIDATION';--> statement-breakpoint
CREATE INDEX "alerts_list_assignee_idx" ON "alerts" USING btree ("org_id","assigned_to_id","created_at","id","status","queue_id") WHERE status <> 'RULE_VALIDATION';--> statement-breakpoint
CREATE INDEX "alerts_list_deadline_idx" ON "alerts" USING btree ("org_id","deadline","id","status","queue_id","assigned_to_id") WHERE status <> 'RULE_VALIDATION';--> statement-breakpoint
CREATE INDEX "alerts_list_amount_idx" ON "alerts" USING btree ("org_id","amount_volume" DESC NULLS LAST,"id" DESC NULLS FIRST,"status","queue_id","assigned_to_id") WHERE status <> 'RULE_VALIDATION';