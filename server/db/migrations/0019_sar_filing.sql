ALTER TABLE "sars" ADD COLUMN "batch_seq" integer;--> statement-breakpoint
ALTER TABLE "sars" ADD COLUMN "car_alert_id" integer;