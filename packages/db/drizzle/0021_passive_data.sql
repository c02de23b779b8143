-- Hand-edited: passive_interactions is partitioned by month on "at" (drizzle-kit cannot declare it);
-- monthly partitions are created as data arrives (packages/api/src/connectors/store/partitions.ts).
CREATE TABLE "passive_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"user_id" uuid,
	"retention_days" integer DEFAULT 180 NOT NULL,
	"refresh_hour" smallint DEFAULT 3 NOT NULL,
	"excluded_domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excluded_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pseudonymize" boolean DEFAULT false NOT NULL,
	"top_people" smallint DEFAULT 10 NOT NULL,
	"hmac_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passive_accounts_one_account" CHECK (("passive_accounts"."organization_id" is null) <> ("passive_accounts"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "passive_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"source" text NOT NULL,
	"method" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"people_count" integer DEFAULT 0 NOT NULL,
	"interaction_count" bigint DEFAULT 0 NOT NULL,
	"last_sync" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"error" text,
	"external_id" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text,
	"upload_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passive_conversations" (
	"connection_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cursor" text,
	"archived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "passive_conversations_connection_id_external_id_pk" PRIMARY KEY("connection_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "passive_identities" (
	"connection_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"person_id" bigint NOT NULL,
	CONSTRAINT "passive_identities_connection_id_external_id_pk" PRIMARY KEY("connection_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "passive_interactions" (
	"account_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"from_id" bigint NOT NULL,
	"to_id" bigint NOT NULL,
	"conversation" text NOT NULL,
	"message_key" text NOT NULL,
	"recipients" integer DEFAULT 1 NOT NULL,
	"weight" real DEFAULT 1 NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "passive_list_members" (
	"list_id" uuid NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "passive_list_members_list_id_key_pk" PRIMARY KEY("list_id","key")
);
--> statement-breakpoint
CREATE TABLE "passive_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"connection_id" uuid,
	"source_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passive_people" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "passive_people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"title" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deactivated" boolean DEFAULT false NOT NULL,
	"external" boolean DEFAULT false NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passive_queries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"network_id" uuid,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passive_query_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"query_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"people" integer DEFAULT 0 NOT NULL,
	"ties" integer DEFAULT 0 NOT NULL,
	"network_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "passive_accounts" ADD CONSTRAINT "passive_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_accounts" ADD CONSTRAINT "passive_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_connections" ADD CONSTRAINT "passive_connections_account_id_passive_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."passive_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_connections" ADD CONSTRAINT "passive_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_conversations" ADD CONSTRAINT "passive_conversations_connection_id_passive_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."passive_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_identities" ADD CONSTRAINT "passive_identities_connection_id_passive_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."passive_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_identities" ADD CONSTRAINT "passive_identities_person_id_passive_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."passive_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_list_members" ADD CONSTRAINT "passive_list_members_list_id_passive_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."passive_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_lists" ADD CONSTRAINT "passive_lists_account_id_passive_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."passive_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_lists" ADD CONSTRAINT "passive_lists_connection_id_passive_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."passive_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_people" ADD CONSTRAINT "passive_people_account_id_passive_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."passive_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_queries" ADD CONSTRAINT "passive_queries_account_id_passive_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."passive_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_queries" ADD CONSTRAINT "passive_queries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_queries" ADD CONSTRAINT "passive_queries_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_query_runs" ADD CONSTRAINT "passive_query_runs_query_id_passive_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."passive_queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passive_query_runs" ADD CONSTRAINT "passive_query_runs_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "passive_accounts_org_idx" ON "passive_accounts" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "passive_accounts_user_idx" ON "passive_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "passive_connections_account_idx" ON "passive_connections" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "passive_identities_person_idx" ON "passive_identities" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "passive_interactions_account_idx" ON "passive_interactions" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "passive_interactions_message_idx" ON "passive_interactions" USING btree ("connection_id","conversation","message_key");--> statement-breakpoint
CREATE INDEX "passive_lists_account_idx" ON "passive_lists" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "passive_people_key_idx" ON "passive_people" USING btree ("account_id","key");--> statement-breakpoint
CREATE INDEX "passive_queries_account_idx" ON "passive_queries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "passive_query_runs_query_idx" ON "passive_query_runs" USING btree ("query_id","created_at");