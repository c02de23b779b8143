ALTER TABLE "nodes" ADD COLUMN "added_for_question" text;--> statement-breakpoint
ALTER TABLE "responses" ADD COLUMN "added_by_respondent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "responses_survey_added_status_idx" ON "responses" USING btree ("survey_id","status") WHERE "responses"."added_by_respondent";--> statement-breakpoint
-- Hand-written after drizzle-kit's statements: people respondents added before this migration (their
-- node in the respondent list still names the adding response) are marked on their own response.
UPDATE "responses" AS r SET "added_by_respondent" = true
FROM "nodes" AS n JOIN "lists" AS l ON l."id" = n."list_id" AND l."type" = 'Respondent List'
WHERE n."added_by_response" IS NOT NULL AND l."survey_id" = r."survey_id" AND lower(n."email") = lower(r."node_email");
