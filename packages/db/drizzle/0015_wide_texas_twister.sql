CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_login_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_logins" ADD COLUMN "two_factor_pending_secret" text;--> statement-breakpoint
ALTER TABLE "user_logins" ADD COLUMN "two_factor_pending_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_login_id_user_logins_id_fk" FOREIGN KEY ("user_login_id") REFERENCES "public"."user_logins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_login_hash_key" ON "recovery_codes" USING btree ("user_login_id","code_hash");