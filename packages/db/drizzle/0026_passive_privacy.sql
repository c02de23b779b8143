-- Hand-edited: the two UPDATEs at the end backfill networks.passive_account_id.
ALTER TABLE "networks" ADD COLUMN "passive_account_id" uuid;--> statement-breakpoint
ALTER TABLE "passive_accounts" ADD COLUMN "minimum_group_size" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "person_level_passive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "networks_passive_account_idx" ON "networks" USING btree ("passive_account_id") WHERE "networks"."passive_account_id" is not null;--> statement-breakpoint
ALTER TABLE "passive_accounts" ADD CONSTRAINT "passive_accounts_minimum_group_size" CHECK ("passive_accounts"."minimum_group_size" >= 3);--> statement-breakpoint
-- Hand-edited: networks that passive queries already write carry their account from now on.
UPDATE "networks" n SET "passive_account_id" = q."account_id" FROM "passive_queries" q WHERE q."network_id" = n."id";--> statement-breakpoint
UPDATE "networks" n SET "passive_account_id" = q."account_id" FROM "passive_query_runs" r JOIN "passive_queries" q ON q."id" = r."query_id" WHERE r."network_id" = n."id" AND n."passive_account_id" IS NULL;
