CREATE SEQUENCE "public"."clarification_sheet_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "clarification_follow_ups" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_clarification" uuid NOT NULL,
	"v_kind" text NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_fullname_operator" text NOT NULL,
	"b_staff" boolean NOT NULL,
	"t_comment" text,
	"v_from_status" text,
	"v_to_status" text,
	"v_uid_file" uuid,
	"i_seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "clarification_follow_ups_i_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "clarification_follow_ups_kind" CHECK (v_kind IN ('comment', 'status', 'assign', 'rating'))
);
--> statement-breakpoint
CREATE TABLE "clarifications" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_num_sheet" text NOT NULL,
	"v_uid_type_clarification" uuid NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_client" text NOT NULL,
	"t_comment" text NOT NULL,
	"v_key_tracing" text,
	"v_uid_movement" uuid,
	"v_uid_status" uuid NOT NULL,
	"v_uid_assignee" uuid,
	"d_due_at" timestamp with time zone NOT NULL,
	"d_closed_at" timestamp with time zone,
	"n_calification" integer,
	"t_calification" text,
	"d_calification_at" timestamp with time zone,
	CONSTRAINT "clarifications_calification" CHECK (n_calification IS NULL OR n_calification BETWEEN 0 AND 5)
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"v_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"d_create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"d_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"v_uid_user" uuid NOT NULL,
	"v_client" text NOT NULL,
	"v_report" text NOT NULL,
	"v_format" text NOT NULL,
	"v_frequency" text NOT NULL,
	"v_uid_business" uuid,
	"v_status_filter" text,
	"v_email" text NOT NULL,
	"b_active" boolean DEFAULT true NOT NULL,
	"d_next_run_at" timestamp with time zone NOT NULL,
	"d_last_run_at" timestamp with time zone,
	CONSTRAINT "report_schedules_format" CHECK (v_format IN ('csv', 'xlsx')),
	CONSTRAINT "report_schedules_frequency" CHECK (v_frequency IN ('daily', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "v_uid_attachment" uuid;--> statement-breakpoint
ALTER TABLE "clarification_follow_ups" ADD CONSTRAINT "clarification_follow_ups_v_uid_clarification_clarifications_v_uid_fk" FOREIGN KEY ("v_uid_clarification") REFERENCES "public"."clarifications"("v_uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clarification_follow_ups_case_idx" ON "clarification_follow_ups" USING btree ("v_uid_clarification","i_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "clarifications_num_sheet_key" ON "clarifications" USING btree ("v_num_sheet");--> statement-breakpoint
CREATE INDEX "clarifications_client_idx" ON "clarifications" USING btree ("v_client","d_create_at");--> statement-breakpoint
CREATE INDEX "clarifications_status_due_idx" ON "clarifications" USING btree ("v_uid_status","d_due_at");--> statement-breakpoint
CREATE INDEX "report_schedules_user_idx" ON "report_schedules" USING btree ("v_uid_user","b_active");