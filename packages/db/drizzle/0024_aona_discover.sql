CREATE TABLE "aona_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"analysis" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discover_networks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"network_id" uuid,
	"owner_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"directed" boolean NOT NULL,
	"node_count" integer NOT NULL,
	"edge_count" integer NOT NULL,
	"data" text NOT NULL,
	"views" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thumbnail" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discover_networks_networkId_unique" UNIQUE("network_id")
);
--> statement-breakpoint
ALTER TABLE "aona_results" ADD CONSTRAINT "aona_results_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discover_networks" ADD CONSTRAINT "discover_networks_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discover_networks" ADD CONSTRAINT "discover_networks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aona_results_owner_idx" ON "aona_results" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "discover_networks_owner_idx" ON "discover_networks" USING btree ("owner_id") WHERE "discover_networks"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "discover_networks_updated_idx" ON "discover_networks" USING btree ("updated_at");