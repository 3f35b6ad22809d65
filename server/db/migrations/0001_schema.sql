CREATE TABLE "agents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"picture" text,
	"status" text DEFAULT 'active' NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"is_ai_admin" boolean DEFAULT false NOT NULL,
	"has_valid_auth" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "feature_flags_org_id_name_pk" PRIMARY KEY("org_id","name")
);
--> statement-breakpoint
CREATE TABLE "organisation_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"inactivity_enabled" boolean DEFAULT false NOT NULL,
	"inactivity_time_seconds" integer DEFAULT 1800 NOT NULL,
	"home_route" text,
	"data_store" text DEFAULT 'PG' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"display_name" text NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_members" (
	"org_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	CONSTRAINT "queue_members_queue_id_agent_id_pk" PRIMARY KEY("queue_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "queues" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queues_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"title" text NOT NULL,
	"access_type" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queues_org_id_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "queues_org_id_title_key" UNIQUE("org_id","title")
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"org_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	CONSTRAINT "team_members_team_id_agent_id_pk" PRIMARY KEY("team_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"allowed_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_permission_set" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_org_id_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "teams_org_id_name_key" UNIQUE("org_id","name")
);
--> statement-breakpoint
CREATE TABLE "impersonation_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "impersonation_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"impersonated_agent_id" integer NOT NULL,
	"reason" text NOT NULL,
	"support_ticket_id" text,
	"additional_details" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "magic_link_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "magic_link_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magic_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "magic_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "magic_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_associations" (
	"org_id" integer NOT NULL,
	"association_type" text NOT NULL,
	"association_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "permission_associations_association_type_association_id_permission_id_pk" PRIMARY KEY("association_type","association_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "permissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"label" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "permissions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"connection" text DEFAULT 'email' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"impersonation_log_id" integer,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "action_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "action_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"entity_id" integer,
	"instrument_id" integer,
	"action_type" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"ip_address" text,
	"device_fingerprint" text,
	"formatted_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_events_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "data_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"key_path" text NOT NULL,
	"data_type" text NOT NULL,
	"key_type" text NOT NULL,
	"native_key" text,
	"native_field" text,
	"data_classifier" text NOT NULL,
	"user_facing_label" text NOT NULL,
	"description" text,
	"exported" boolean DEFAULT true NOT NULL,
	"matchable" boolean DEFAULT false NOT NULL,
	"configured_flow" text,
	"semantic_type" text,
	"censorship_setting" text DEFAULT 'ALWAYS_VISIBLE' NOT NULL,
	"team_ids_with_censorship_read_permission" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"agent_ids_with_censorship_read_permission" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"enum_set" text[] DEFAULT '{}'::text[] NOT NULL,
	"rendering_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recent_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_settings_org_id_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "data_settings_org_key_path_key" UNIQUE("org_id","key_path")
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"entity_type" text NOT NULL,
	"name_readable" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"internal_status" text DEFAULT 'NORMAL' NOT NULL,
	"formatted_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"risk_score" numeric(6, 2),
	"blocked_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"geolocations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"last_blocked_at" timestamp with time zone,
	"org_type" text,
	"action_reason" text,
	CONSTRAINT "entities_org_id_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "entities_org_id_external_id_key" UNIQUE("org_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "evaluation_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluation_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"evaluation_id" text NOT NULL,
	"event_id" integer NOT NULL,
	"rule_executions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_shadow" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flat_file_errors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flat_file_errors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"execution_id" integer NOT NULL,
	"error_group" text NOT NULL,
	"row_number" integer,
	"value" text,
	"raw_data" jsonb,
	"type" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"columns" text[] DEFAULT '{}'::text[] NOT NULL,
	"annotation" text,
	"annotation_type" text,
	"transformation" text
);
--> statement-breakpoint
CREATE TABLE "flat_file_executions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flat_file_executions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"success_count" integer DEFAULT 0 NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"skip_count" integer DEFAULT 0 NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"is_dry_run" boolean DEFAULT false NOT NULL,
	"last_row_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "flat_file_executions_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "flat_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flat_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"stream" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"is_dry_run" boolean DEFAULT false NOT NULL,
	"content" text,
	"uploaded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flat_files_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instruments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"instrument_type" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"entity_id" integer,
	"formatted_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instruments_org_id_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "instruments_org_id_external_id_key" UNIQUE("org_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "label_edits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "label_edits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"object_external_id" text NOT NULL,
	"requested_by" integer,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text NOT NULL,
	"internal_txn_type" text NOT NULL,
	"sender_entity_id" integer,
	"receiver_entity_id" integer,
	"sender_instrument_id" integer,
	"receiver_instrument_id" integer,
	"risk_score" numeric(6, 2),
	"formatted_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" text,
	"device_id" text,
	"has_alerts" boolean DEFAULT false NOT NULL,
	"is_placeholder" boolean DEFAULT false NOT NULL,
	"is_spooled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "alert_action_events" (
	"org_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"action_event_id" integer NOT NULL,
	CONSTRAINT "alert_action_events_alert_id_action_event_id_pk" PRIMARY KEY("alert_id","action_event_id")
);
--> statement-breakpoint
CREATE TABLE "alert_entities" (
	"org_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	CONSTRAINT "alert_entities_alert_id_entity_id_pk" PRIMARY KEY("alert_id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "alert_hits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"rule_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"window_end" timestamp with time zone,
	"variable_snapshots" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"new_txn_events_count" integer DEFAULT 0 NOT NULL,
	"new_action_events_count" integer DEFAULT 0 NOT NULL,
	"new_entities_count" integer DEFAULT 0 NOT NULL,
	"new_instruments_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_instruments" (
	"org_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"instrument_id" integer NOT NULL,
	CONSTRAINT "alert_instruments_alert_id_instrument_id_pk" PRIMARY KEY("alert_id","instrument_id")
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"org_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	CONSTRAINT "alert_rules_alert_id_rule_id_pk" PRIMARY KEY("alert_id","rule_id")
);
--> statement-breakpoint
CREATE TABLE "alert_transactions" (
	"org_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	CONSTRAINT "alert_transactions_alert_id_transaction_id_pk" PRIMARY KEY("alert_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"alert_type" text NOT NULL,
	"object_source" text DEFAULT 'INTERNAL' NOT NULL,
	"queue_id" integer,
	"assigned_to_id" integer,
	"deadline" timestamp with time zone,
	"start_date" timestamp with time zone,
	"deadline_config" jsonb,
	"disposition" text,
	"disposition_notes" text,
	"amount_volume" numeric(18, 2),
	"currency" text,
	"alert_score" jsonb,
	"content" jsonb,
	"formatted_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"case_id" integer,
	"rule_validation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "alerts_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "case_alerts" (
	"org_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	CONSTRAINT "case_alerts_case_id_alert_id_pk" PRIMARY KEY("case_id","alert_id")
);
--> statement-breakpoint
CREATE TABLE "case_entities" (
	"org_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	CONSTRAINT "case_entities_case_id_entity_id_pk" PRIMARY KEY("case_id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"queue_id" integer,
	"assigned_to_id" integer,
	"created_by_id" integer,
	"deadline" timestamp with time zone,
	"start_date" timestamp with time zone,
	"deadline_config" jsonb,
	"disposition" text,
	"disposition_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "cases_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"object_id" integer NOT NULL,
	"author_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"object_id" integer NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"mime_type" text NOT NULL,
	"embed_url" text,
	"storage_resource" text DEFAULT 'S3' NOT NULL,
	"uploaded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "object_tags" (
	"org_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"object_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "object_tags_tag_id_object_type_object_id_pk" PRIMARY KEY("tag_id","object_type","object_id")
);
--> statement-breakpoint
CREATE TABLE "rule_validations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rule_validations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"spec" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"result" jsonb,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "rule_validations_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"spec" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"queue_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rules_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_org_id_id_key" UNIQUE("org_id","id"),
	CONSTRAINT "tags_org_title_key" UNIQUE("org_id","title")
);
--> statement-breakpoint
CREATE TABLE "filing_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "filing_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"report_type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"accepted_count" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"earliest" timestamp with time zone,
	"latest" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filing_batches_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "sars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"reviewer_id" integer,
	"queue_id" integer,
	"case_id" integer,
	"submitted" boolean DEFAULT false NOT NULL,
	"narrative" text,
	"deadline" timestamp with time zone,
	"start_date" timestamp with time zone,
	"deadline_config" jsonb,
	"filed_at" timestamp with time zone,
	"bsa_tracking_id" text,
	"bsa_id" text,
	"car_alert_scheduled_at" timestamp with time zone,
	"batch_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sars_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "risk_models" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_models_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"high_risk_floor" numeric(6, 2) DEFAULT 80 NOT NULL,
	"low_risk_ceiling" numeric(6, 2) DEFAULT 40 NOT NULL,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_validation_status" text,
	"last_validated_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "risk_models_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "risk_score_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_score_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"risk_model_id" integer NOT NULL,
	"score" numeric(6, 2) NOT NULL,
	"snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_agent_outputs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_agent_outputs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"relation_type" text NOT NULL,
	"relation_id" integer NOT NULL,
	"is_reviewing" boolean DEFAULT false NOT NULL,
	"signals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_agent_outputs_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "ai_agents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_agents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"status" text DEFAULT 'unconfigured' NOT NULL,
	"configured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_agents_org_id_unique" UNIQUE("org_id")
);
--> statement-breakpoint
CREATE TABLE "ai_tracking" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_tracking_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"ai_investigations_result_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"group_id" text,
	"framework" text NOT NULL,
	"model_name" text NOT NULL,
	"query_type" text NOT NULL,
	"tool_name" text,
	"prompt_version" text,
	"prompt_name" text,
	"prompt_template" text,
	"raw_prompt" text,
	"raw_response" text,
	"processed_response" jsonb,
	"tokens_used" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"cost" numeric(12, 6) DEFAULT 0 NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"error_message" text,
	"quality_score" numeric(5, 2),
	"feedback" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"role" text NOT NULL,
	"message" text NOT NULL,
	"image_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"title" text,
	"file_export_id" integer,
	"is_waiting" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_sessions_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "agent_state" (
	"org_id" integer NOT NULL,
	"agent_id" integer PRIMARY KEY NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"agent_id" integer,
	"action" text NOT NULL,
	"object_type" text,
	"object_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "column_layouts" (
	"org_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"table_id" text NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "column_layouts_agent_id_table_id_pk" PRIMARY KEY("agent_id","table_id")
);
--> statement-breakpoint
CREATE TABLE "file_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"export_type" text NOT NULL,
	"request_source" text NOT NULL,
	"file_size" bigint,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"file_name" text,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" text,
	"error_message" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "file_exports_org_id_id_key" UNIQUE("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'unread' NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_parent_id_organisations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_members" ADD CONSTRAINT "queue_members_queue_fk" FOREIGN KEY ("org_id","queue_id") REFERENCES "public"."queues"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_fk" FOREIGN KEY ("org_id","team_id") REFERENCES "public"."teams"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_logs" ADD CONSTRAINT "impersonation_logs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_logs" ADD CONSTRAINT "impersonation_logs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonation_logs" ADD CONSTRAINT "impersonation_logs_impersonated_agent_id_agents_id_fk" FOREIGN KEY ("impersonated_agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_links" ADD CONSTRAINT "magic_links_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magic_links" ADD CONSTRAINT "magic_links_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_associations" ADD CONSTRAINT "permission_associations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_associations" ADD CONSTRAINT "permission_associations_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_impersonation_log_id_impersonation_logs_id_fk" FOREIGN KEY ("impersonation_log_id") REFERENCES "public"."impersonation_logs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_events" ADD CONSTRAINT "action_events_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_events" ADD CONSTRAINT "action_events_entity_fk" FOREIGN KEY ("org_id","entity_id") REFERENCES "public"."entities"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_events" ADD CONSTRAINT "action_events_instrument_fk" FOREIGN KEY ("org_id","instrument_id") REFERENCES "public"."instruments"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_settings" ADD CONSTRAINT "data_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_logs" ADD CONSTRAINT "evaluation_logs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_logs" ADD CONSTRAINT "evaluation_logs_event_fk" FOREIGN KEY ("org_id","event_id") REFERENCES "public"."transactions"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_file_errors" ADD CONSTRAINT "flat_file_errors_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_file_errors" ADD CONSTRAINT "flat_file_errors_execution_fk" FOREIGN KEY ("org_id","execution_id") REFERENCES "public"."flat_file_executions"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_file_executions" ADD CONSTRAINT "flat_file_executions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_file_executions" ADD CONSTRAINT "flat_file_executions_file_fk" FOREIGN KEY ("org_id","file_id") REFERENCES "public"."flat_files"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_files" ADD CONSTRAINT "flat_files_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flat_files" ADD CONSTRAINT "flat_files_uploaded_by_id_agents_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_entity_fk" FOREIGN KEY ("org_id","entity_id") REFERENCES "public"."entities"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_edits" ADD CONSTRAINT "label_edits_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_edits" ADD CONSTRAINT "label_edits_requested_by_agents_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sender_entity_fk" FOREIGN KEY ("org_id","sender_entity_id") REFERENCES "public"."entities"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_receiver_entity_fk" FOREIGN KEY ("org_id","receiver_entity_id") REFERENCES "public"."entities"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sender_instrument_fk" FOREIGN KEY ("org_id","sender_instrument_id") REFERENCES "public"."instruments"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_receiver_instrument_fk" FOREIGN KEY ("org_id","receiver_instrument_id") REFERENCES "public"."instruments"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_action_events" ADD CONSTRAINT "alert_action_events_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_action_events" ADD CONSTRAINT "alert_action_events_alert_fk" FOREIGN KEY ("org_id","alert_id") REFERENCES "public"."alerts"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_action_events" ADD CONSTRAINT "alert_action_events_action_event_fk" FOREIGN KEY ("org_id","action_event_id") REFERENCES "public"."action_events"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_entities" ADD CONSTRAINT "alert_entities_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_entities" ADD CONSTRAINT "alert_entities_alert_fk" FOREIGN KEY ("org_id","alert_id") REFERENCES "public"."alerts"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_entities" ADD CONSTRAINT "alert_entities_entity_fk" FOREIGN KEY ("org_id","entity_id") REFERENCES "public"."entities"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_hits" ADD CONSTRAINT "alert_hits_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_hits" ADD CONSTRAINT "alert_hits_alert_fk" FOREIGN KEY ("org_id","alert_id") REFERENCES "public"."alerts"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_hits" ADD CONSTRAINT "alert_hits_rule_fk" FOREIGN KEY ("org_id","rule_id") REFERENCES "public"."rules"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_instruments" ADD CONSTRAINT "alert_instruments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_instruments" ADD CONSTRAINT "alert_instruments_alert_fk" FOREIGN KEY ("org_id","alert_id") REFERENCES "public"."alerts"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_instruments" ADD CONSTRAINT "alert_instruments_instrument_fk" FOREIGN KEY ("org_id","instrument_id") REFERENCES "public"."instruments"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_alert_fk" FOREIGN KEY ("org_id","alert_id") REFERENCES "public"."alerts"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_rule_fk" FOREIGN KEY ("org_id","rule_id") REFERENCES "public"."rules"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_transactions" ADD CONSTRAINT "alert_transactions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_transactions" ADD CONSTRAINT "alert_transactions_alert_fk" FOREIGN KEY ("org_id","alert_id") REFERENCES "public"."alerts"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_transactions" ADD CONSTRAINT "alert_transactions_transaction_fk" FOREIGN KEY ("org_id","transaction_id") REFERENCES "public"."transactions"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_assigned_to_id_agents_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_queue_fk" FOREIGN KEY ("org_id","queue_id") REFERENCES "public"."queues"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_case_fk" FOREIGN KEY ("org_id","case_id") REFERENCES "public"."cases"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_rule_validation_fk" FOREIGN KEY ("org_id","rule_validation_id") REFERENCES "public"."rule_validations"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_alerts" ADD CONSTRAINT "case_alerts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_alerts" ADD CONSTRAINT "case_alerts_case_fk" FOREIGN KEY ("org_id","case_id") REFERENCES "public"."cases"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_alerts" ADD CONSTRAINT "case_alerts_alert_fk" FOREIGN KEY ("org_id","alert_id") REFERENCES "public"."alerts"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_entities" ADD CONSTRAINT "case_entities_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_entities" ADD CONSTRAINT "case_entities_case_fk" FOREIGN KEY ("org_id","case_id") REFERENCES "public"."cases"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_entities" ADD CONSTRAINT "case_entities_entity_fk" FOREIGN KEY ("org_id","entity_id") REFERENCES "public"."entities"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_assigned_to_id_agents_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_created_by_id_agents_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_queue_fk" FOREIGN KEY ("org_id","queue_id") REFERENCES "public"."queues"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_agents_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_id_agents_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_tags" ADD CONSTRAINT "object_tags_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_tags" ADD CONSTRAINT "object_tags_tag_fk" FOREIGN KEY ("org_id","tag_id") REFERENCES "public"."tags"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_validations" ADD CONSTRAINT "rule_validations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_validations" ADD CONSTRAINT "rule_validations_created_by_id_agents_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_validations" ADD CONSTRAINT "rule_validations_rule_fk" FOREIGN KEY ("org_id","rule_id") REFERENCES "public"."rules"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_created_by_id_agents_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_queue_fk" FOREIGN KEY ("org_id","queue_id") REFERENCES "public"."queues"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_batches" ADD CONSTRAINT "filing_batches_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_batches" ADD CONSTRAINT "filing_batches_created_by_id_agents_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sars" ADD CONSTRAINT "sars_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sars" ADD CONSTRAINT "sars_reviewer_id_agents_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sars" ADD CONSTRAINT "sars_created_by_id_agents_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sars" ADD CONSTRAINT "sars_queue_fk" FOREIGN KEY ("org_id","queue_id") REFERENCES "public"."queues"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sars" ADD CONSTRAINT "sars_case_fk" FOREIGN KEY ("org_id","case_id") REFERENCES "public"."cases"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sars" ADD CONSTRAINT "sars_batch_fk" FOREIGN KEY ("org_id","batch_id") REFERENCES "public"."filing_batches"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_models" ADD CONSTRAINT "risk_models_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_models" ADD CONSTRAINT "risk_models_created_by_id_agents_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_score_results" ADD CONSTRAINT "risk_score_results_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_score_results" ADD CONSTRAINT "risk_score_results_entity_fk" FOREIGN KEY ("org_id","entity_id") REFERENCES "public"."entities"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_score_results" ADD CONSTRAINT "risk_score_results_model_fk" FOREIGN KEY ("org_id","risk_model_id") REFERENCES "public"."risk_models"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agent_outputs" ADD CONSTRAINT "ai_agent_outputs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD CONSTRAINT "ai_agents_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_tracking" ADD CONSTRAINT "ai_tracking_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_tracking" ADD CONSTRAINT "ai_tracking_result_fk" FOREIGN KEY ("org_id","ai_investigations_result_id") REFERENCES "public"."ai_agent_outputs"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_session_fk" FOREIGN KEY ("org_id","session_id") REFERENCES "public"."chat_sessions"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_file_export_fk" FOREIGN KEY ("org_id","file_export_id") REFERENCES "public"."file_exports"("org_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_state" ADD CONSTRAINT "agent_state_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_state" ADD CONSTRAINT "agent_state_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_layouts" ADD CONSTRAINT "column_layouts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "column_layouts" ADD CONSTRAINT "column_layouts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_exports" ADD CONSTRAINT "file_exports_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_exports" ADD CONSTRAINT "file_exports_created_by_id_agents_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_org_id_idx" ON "agents" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "queue_members_org_agent_idx" ON "queue_members" USING btree ("org_id","agent_id");--> statement-breakpoint
CREATE INDEX "team_members_org_agent_idx" ON "team_members" USING btree ("org_id","agent_id");--> statement-breakpoint
CREATE INDEX "teams_name_trgm_idx" ON "teams" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "impersonation_logs_org_idx" ON "impersonation_logs" USING btree ("org_id","started_at");--> statement-breakpoint
CREATE INDEX "magic_link_requests_key_idx" ON "magic_link_requests" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "magic_links_org_agent_idx" ON "magic_links" USING btree ("org_id","agent_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "permission_associations_org_idx" ON "permission_associations" USING btree ("org_id","association_type","association_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_org_agent_idx" ON "refresh_tokens" USING btree ("org_id","agent_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "action_events_org_external_id_idx" ON "action_events" USING btree ("org_id","external_id");--> statement-breakpoint
CREATE INDEX "action_events_org_event_time_idx" ON "action_events" USING btree ("org_id","event_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "action_events_org_entity_time_idx" ON "action_events" USING btree ("org_id","entity_id","event_time");--> statement-breakpoint
CREATE INDEX "action_events_org_fingerprint_idx" ON "action_events" USING btree ("org_id","device_fingerprint");--> statement-breakpoint
CREATE INDEX "action_events_org_ip_idx" ON "action_events" USING btree ("org_id","ip_address");--> statement-breakpoint
CREATE INDEX "action_events_external_id_trgm_idx" ON "action_events" USING gin ("external_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "entities_org_created_idx" ON "entities" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "entities_name_readable_trgm_idx" ON "entities" USING gin ("name_readable" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "entities_external_id_trgm_idx" ON "entities" USING gin ("external_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "evaluation_logs_org_event_idx" ON "evaluation_logs" USING btree ("org_id","event_id","is_shadow");--> statement-breakpoint
CREATE INDEX "flat_file_errors_org_execution_idx" ON "flat_file_errors" USING btree ("org_id","execution_id");--> statement-breakpoint
CREATE INDEX "flat_file_executions_org_file_idx" ON "flat_file_executions" USING btree ("org_id","file_id","queued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "flat_files_org_created_idx" ON "flat_files" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "instruments_org_entity_idx" ON "instruments" USING btree ("org_id","entity_id");--> statement-breakpoint
CREATE INDEX "instruments_external_id_trgm_idx" ON "instruments" USING gin ("external_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "label_edits_org_object_idx" ON "label_edits" USING btree ("org_id","object_type","object_external_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_org_external_id_idx" ON "transactions" USING btree ("org_id","external_id");--> statement-breakpoint
CREATE INDEX "transactions_org_event_time_idx" ON "transactions" USING btree ("org_id","event_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_org_sender_time_idx" ON "transactions" USING btree ("org_id","sender_entity_id","event_time");--> statement-breakpoint
CREATE INDEX "transactions_org_receiver_time_idx" ON "transactions" USING btree ("org_id","receiver_entity_id","event_time");--> statement-breakpoint
CREATE INDEX "transactions_external_id_trgm_idx" ON "transactions" USING gin ("external_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "alert_action_events_org_event_idx" ON "alert_action_events" USING btree ("org_id","action_event_id");--> statement-breakpoint
CREATE INDEX "alert_entities_org_entity_idx" ON "alert_entities" USING btree ("org_id","entity_id");--> statement-breakpoint
CREATE INDEX "alert_hits_org_alert_idx" ON "alert_hits" USING btree ("org_id","alert_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alert_instruments_org_instrument_idx" ON "alert_instruments" USING btree ("org_id","instrument_id");--> statement-breakpoint
CREATE INDEX "alert_rules_org_rule_idx" ON "alert_rules" USING btree ("org_id","rule_id");--> statement-breakpoint
CREATE INDEX "alert_transactions_org_txn_idx" ON "alert_transactions" USING btree ("org_id","transaction_id");--> statement-breakpoint
CREATE INDEX "alerts_org_created_idx" ON "alerts" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_org_status_idx" ON "alerts" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "alerts_org_queue_idx" ON "alerts" USING btree ("org_id","queue_id");--> statement-breakpoint
CREATE INDEX "alerts_org_assignee_idx" ON "alerts" USING btree ("org_id","assigned_to_id");--> statement-breakpoint
CREATE INDEX "alerts_org_case_idx" ON "alerts" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "alerts_title_trgm_idx" ON "alerts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "case_alerts_org_alert_idx" ON "case_alerts" USING btree ("org_id","alert_id");--> statement-breakpoint
CREATE INDEX "case_entities_org_entity_idx" ON "case_entities" USING btree ("org_id","entity_id");--> statement-breakpoint
CREATE INDEX "cases_org_created_idx" ON "cases" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cases_org_status_idx" ON "cases" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "cases_org_queue_idx" ON "cases" USING btree ("org_id","queue_id");--> statement-breakpoint
CREATE INDEX "cases_org_assignee_idx" ON "cases" USING btree ("org_id","assigned_to_id");--> statement-breakpoint
CREATE INDEX "cases_title_trgm_idx" ON "cases" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "comments_org_object_idx" ON "comments" USING btree ("org_id","object_type","object_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_content_trgm_idx" ON "comments" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_org_object_idx" ON "documents" USING btree ("org_id","object_type","object_id");--> statement-breakpoint
CREATE INDEX "object_tags_org_object_idx" ON "object_tags" USING btree ("org_id","object_type","object_id");--> statement-breakpoint
CREATE INDEX "rule_validations_org_rule_idx" ON "rule_validations" USING btree ("org_id","rule_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rules_org_status_idx" ON "rules" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "rules_title_trgm_idx" ON "rules" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "filing_batches_org_type_idx" ON "filing_batches" USING btree ("org_id","report_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sars_org_created_idx" ON "sars" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sars_org_status_idx" ON "sars" USING btree ("org_id","status");--> statement-breakpoint
CREATE INDEX "sars_org_case_idx" ON "sars" USING btree ("org_id","case_id");--> statement-breakpoint
CREATE INDEX "sars_org_batch_idx" ON "sars" USING btree ("org_id","batch_id");--> statement-breakpoint
CREATE INDEX "risk_models_org_status_idx" ON "risk_models" USING btree ("org_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_models_one_active_per_org_idx" ON "risk_models" USING btree ("org_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "risk_score_results_org_entity_idx" ON "risk_score_results" USING btree ("org_id","entity_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "risk_score_results_org_model_idx" ON "risk_score_results" USING btree ("org_id","risk_model_id");--> statement-breakpoint
CREATE INDEX "ai_agent_outputs_org_relation_idx" ON "ai_agent_outputs" USING btree ("org_id","relation_type","relation_id");--> statement-breakpoint
CREATE INDEX "ai_tracking_org_created_idx" ON "ai_tracking" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ai_tracking_created_idx" ON "ai_tracking" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_messages_org_session_idx" ON "chat_messages" USING btree ("org_id","session_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_sessions_org_agent_idx" ON "chat_sessions" USING btree ("org_id","agent_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_org_created_idx" ON "audit_log" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_org_object_idx" ON "audit_log" USING btree ("org_id","object_type","object_id");--> statement-breakpoint
CREATE INDEX "column_layouts_org_agent_idx" ON "column_layouts" USING btree ("org_id","agent_id");--> statement-breakpoint
CREATE INDEX "file_exports_org_created_idx" ON "file_exports" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_org_kind_idx" ON "jobs" USING btree ("org_id","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_org_agent_idx" ON "notifications" USING btree ("org_id","agent_id","created_at" DESC NULLS LAST);