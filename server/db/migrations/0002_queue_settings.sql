ALTER TABLE "queues" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "deadline_seconds" integer;