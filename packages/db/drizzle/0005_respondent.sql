-- Substring name search (respondents' search and select): trigram index over the folded name.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- unaccent() is only stable (its dictionary could change); fixing the dictionary makes it immutable, so
-- a generated column and an index may use it. Search folds the query with the same function.
CREATE OR REPLACE FUNCTION tieline_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE TABLE "response_saves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"response_id" uuid NOT NULL,
	"save_id" text NOT NULL,
	"revision" integer NOT NULL,
	"page" integer,
	"submitted" boolean DEFAULT false NOT NULL,
	"changes" jsonb NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "added_by_response" uuid;--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "search_name" text GENERATED ALWAYS AS (tieline_fold(name)) STORED;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "via_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "response_saves" ADD CONSTRAINT "response_saves_response_id_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "response_saves_save_key" ON "response_saves" USING btree ("response_id","save_id");--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_added_by_response_responses_id_fk" FOREIGN KEY ("added_by_response") REFERENCES "public"."responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nodes_list_search_name_idx" ON "nodes" USING btree ("list_id","search_name","id");--> statement-breakpoint
CREATE INDEX "nodes_added_by_response_idx" ON "nodes" USING btree ("added_by_response") WHERE "nodes"."added_by_response" is not null;--> statement-breakpoint
CREATE INDEX "nodes_search_name_trgm_idx" ON "nodes" USING gin ("list_id","search_name" gin_trgm_ops);