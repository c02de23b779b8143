CREATE TABLE "series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_snapshots" (
	"series_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"network_id" uuid NOT NULL,
	"data_version" integer NOT NULL,
	"label" text NOT NULL,
	"from" date,
	"to" date,
	"measures" jsonb NOT NULL,
	CONSTRAINT "series_snapshots_series_id_position_pk" PRIMARY KEY("series_id","position")
);
--> statement-breakpoint
ALTER TABLE "passive_queries" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_snapshots" ADD CONSTRAINT "series_snapshots_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_snapshots" ADD CONSTRAINT "series_snapshots_network_id_networks_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."networks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_owner_idx" ON "series" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "series_snapshots_network_idx" ON "series_snapshots" USING btree ("network_id","data_version");--> statement-breakpoint
ALTER TABLE "passive_queries" ADD CONSTRAINT "passive_queries_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE set null ON UPDATE no action;