-- Hand-edited: the INSERT and UPDATE at the end queue the conversion for accounts pseudonymized before it existed, so their older networks lose names too.
ALTER TABLE "passive_accounts" ADD COLUMN "pseudonymize_status" text;--> statement-breakpoint
ALTER TABLE "passive_accounts" ADD COLUMN "pseudonymize_progress" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "passive_accounts" ADD COLUMN "pseudonymize_error" text;--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload") SELECT 'passive-pseudonymize', jsonb_build_object('accountId', "id") FROM "passive_accounts" WHERE "pseudonymize";--> statement-breakpoint
UPDATE "passive_accounts" SET "pseudonymize_status" = 'queued' WHERE "pseudonymize";
