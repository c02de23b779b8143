-- One status by submitted time (the paged call's status filter with the submitted sort): the submitted
-- index alone made that page skip every response of the other statuses first.
CREATE INDEX "responses_survey_status_submitted_idx" ON "responses" USING btree ("survey_id","status","submitted","id");