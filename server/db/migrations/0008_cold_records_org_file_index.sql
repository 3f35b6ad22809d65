DROP INDEX "cold_records_file_idx";--> statement-breakpoint
CREATE INDEX "cold_records_org_file_idx" ON "cold_records" USING btree ("org_id","file");