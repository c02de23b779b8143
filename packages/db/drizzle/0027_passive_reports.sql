CREATE TABLE "passive_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"signature" text NOT NULL,
	"people" bigint[] NOT NULL,
	"people_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "passive_reports" ADD CONSTRAINT "passive_reports_account_id_passive_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."passive_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passive_reports_signature_idx" ON "passive_reports" USING btree ("account_id","signature","created_at");