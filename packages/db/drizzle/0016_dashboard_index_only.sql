-- The dashboard's deep pages read a page's ids from an index alone (an index-only scan skips 50,000
-- entries in a few ms, where a plain index scan visits the table for every skipped entry), then fetch
-- the page's rows. An index-only scan needs every column the query reads in the index: node_name (under
-- lower(node_name)), and status where a page is filtered by status but sorted by submitted time.
DROP INDEX "responses_survey_name_idx";--> statement-breakpoint
CREATE INDEX "responses_survey_name_idx" ON "responses" USING btree ("survey_id", lower("node_name"), "id") INCLUDE ("node_name");--> statement-breakpoint
DROP INDEX "responses_survey_status_name_idx";--> statement-breakpoint
CREATE INDEX "responses_survey_status_name_idx" ON "responses" USING btree ("survey_id", "status", lower("node_name"), "id") INCLUDE ("node_name");--> statement-breakpoint
DROP INDEX "responses_survey_submitted_idx";--> statement-breakpoint
CREATE INDEX "responses_survey_submitted_idx" ON "responses" USING btree ("survey_id", "submitted", "id") INCLUDE ("status");
