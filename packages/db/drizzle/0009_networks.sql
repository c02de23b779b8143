CREATE TABLE "network_metrics" (
	"network_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"options" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"result" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "network_metrics_network_id_version_options_pk" PRIMARY KEY("network_id","version","options")
);
--> statement-breakpoint
CREATE TABLE "network_shares" (
	"network_id" uuid NOT NULL,
	"user_login_id" uuid NOT NULL,
	"permission" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_shares_network_id_user_login_id_pk" PRIMARY KEY("network_id","user_login_id")
);
--> statement-breakpoint
CREATE TABLE "network_versions" (
	"network_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_versions_network_id_version_pk" PRIMARY KEY("network_id","version")
);
--> statement-breakpoint
CREATE TABLE "networks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"directed" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data_version" integer DEFAULT 1 NOT NULL,
	"node_count" integer DEFAULT 0 NOT NULL,
	"edge_count" integer DEFAULT 0 NOT NULL,
	"layers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"survey_id" uuid,
	"survey_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_metrics" ADD CONSTRAINT "network_metrics_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_shares" ADD CONSTRAINT "network_shares_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_shares" ADD CONSTRAINT "network_shares_user_login_id_user_logins_id_fk" FOREIGN KEY ("user_login_id") REFERENCES "public"."user_logins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_versions" ADD CONSTRAINT "network_versions_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networks" ADD CONSTRAINT "networks_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "network_shares_login_idx" ON "network_shares" USING btree ("user_login_id");--> statement-breakpoint
CREATE INDEX "networks_owner_idx" ON "networks" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "networks_survey_idx" ON "networks" USING btree ("survey_id");