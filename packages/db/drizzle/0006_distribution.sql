CREATE TABLE "email_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"send_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "email_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" uuid NOT NULL,
	"created_by" uuid,
	"from" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"plain_html" boolean NOT NULL,
	"statuses" jsonb NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" uuid NOT NULL,
	"to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" uuid NOT NULL,
	"response_id" uuid,
	"url" text NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"outcome" text NOT NULL,
	"error" text,
	"duration_ms" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "responses_survey_idx";--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "webhook_secret" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_send_id_email_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."email_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_deliveries" ADD CONSTRAINT "email_deliveries_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_emails" ADD CONSTRAINT "test_emails_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_deliveries_send_response_key" ON "email_deliveries" USING btree ("send_id","response_id");--> statement-breakpoint
CREATE INDEX "email_deliveries_pending_idx" ON "email_deliveries" USING btree ("send_id","run_at") WHERE "email_deliveries"."state" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "email_deliveries_response_idx" ON "email_deliveries" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "email_sends_survey_idx" ON "email_sends" USING btree ("survey_id","created_at");--> statement-breakpoint
CREATE INDEX "test_emails_survey_idx" ON "test_emails" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_survey_idx" ON "webhook_deliveries" USING btree ("survey_id","at");--> statement-breakpoint
CREATE INDEX "responses_survey_name_idx" ON "responses" USING btree ("survey_id",lower("node_name"),"id");--> statement-breakpoint
CREATE INDEX "responses_survey_status_name_idx" ON "responses" USING btree ("survey_id","status",lower("node_name"),"id");--> statement-breakpoint
CREATE INDEX "responses_survey_submitted_idx" ON "responses" USING btree ("survey_id","submitted","id");