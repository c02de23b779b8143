ALTER TABLE "temp_users" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "temp_users" ADD COLUMN "modules" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "temp_users_public_id_key" ON "temp_users" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "temp_users_organization_idx" ON "temp_users" USING btree ("organization_id","email");