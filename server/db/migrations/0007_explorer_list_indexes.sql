DROP INDEX "action_events_org_event_time_idx";--> statement-breakpoint
DROP INDEX "transactions_org_event_time_idx";--> statement-breakpoint
CREATE INDEX "action_events_list_time_idx" ON "action_events" USING btree ("org_id","event_time","id");--> statement-breakpoint
CREATE INDEX "action_events_list_type_idx" ON "action_events" USING btree ("org_id","action_type","event_time","id");--> statement-breakpoint
CREATE INDEX "transactions_list_time_idx" ON "transactions" USING btree ("org_id","event_time","id","internal_txn_type","status","amount","currency","is_placeholder","is_spooled");--> statement-breakpoint
CREATE INDEX "transactions_list_type_idx" ON "transactions" USING btree ("org_id","internal_txn_type","event_time","id");--> statement-breakpoint
CREATE INDEX "transactions_list_status_idx" ON "transactions" USING btree ("org_id","status","event_time","id");--> statement-breakpoint
CREATE INDEX "transactions_list_amount_idx" ON "transactions" USING btree ("org_id","amount","event_time","id");--> statement-breakpoint
CREATE INDEX "transactions_org_sender_instrument_time_idx" ON "transactions" USING btree ("org_id","sender_instrument_id","event_time");--> statement-breakpoint
CREATE INDEX "transactions_org_receiver_instrument_time_idx" ON "transactions" USING btree ("org_id","receiver_instrument_id","event_time");