CREATE TABLE "response_status_counts" (
	"survey_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "response_status_counts_survey_id_status_pk" PRIMARY KEY("survey_id","status")
);
--> statement-breakpoint
-- Statement triggers with transition tables: one grouped upsert per statement, however many rows it
-- touched (a 50,000-row list upload is one upsert per status, a save that keeps its status writes
-- nothing). Deltas are applied in (survey, status) order so concurrent statements lock counters in the
-- same order.
CREATE FUNCTION tieline_count_responses() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO response_status_counts AS c (survey_id, status, n)
      SELECT survey_id, status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (survey_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO response_status_counts AS c (survey_id, status, n)
      SELECT survey_id, status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (survey_id, status) DO UPDATE SET n = c.n + excluded.n;
    DELETE FROM response_status_counts WHERE n = 0 AND survey_id IN (SELECT survey_id FROM old_rows);
  ELSE
    INSERT INTO response_status_counts AS c (survey_id, status, n)
      SELECT survey_id, status, sum(d) FROM (
        SELECT o.survey_id, o.status, -1 AS d FROM old_rows o JOIN new_rows w ON w.id = o.id
          WHERE o.status IS DISTINCT FROM w.status OR o.survey_id IS DISTINCT FROM w.survey_id
        UNION ALL
        SELECT w.survey_id, w.status, 1 FROM old_rows o JOIN new_rows w ON w.id = o.id
          WHERE o.status IS DISTINCT FROM w.status OR o.survey_id IS DISTINCT FROM w.survey_id
      ) deltas GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (survey_id, status) DO UPDATE SET n = c.n + excluded.n;
    GET DIAGNOSTICS changed = ROW_COUNT;
    IF changed > 0 THEN
      DELETE FROM response_status_counts WHERE n = 0 AND survey_id IN (SELECT survey_id FROM old_rows);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER responses_count_insert AFTER INSERT ON responses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tieline_count_responses();
--> statement-breakpoint
CREATE TRIGGER responses_count_update AFTER UPDATE ON responses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tieline_count_responses();
--> statement-breakpoint
CREATE TRIGGER responses_count_delete AFTER DELETE ON responses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tieline_count_responses();
--> statement-breakpoint
INSERT INTO response_status_counts (survey_id, status, n)
  SELECT survey_id, status, count(*) FROM responses GROUP BY 1, 2;
