-- The connections each query run read and the warnings it gave (issue 33).
ALTER TABLE "passive_query_runs" ADD COLUMN "connection_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "passive_query_runs" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;
