-- Name search for a pattern of one or two characters: trigrams cannot find it (pg_trgm extracts nothing
-- from '%zh%'), so every such search read the whole list. The distinct 1- and 2-character pieces of a
-- folded name, in a GIN index beside the trigram one, find those names directly.
CREATE OR REPLACE FUNCTION tieline_short_grams(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(DISTINCT g), '{}') FROM (
    SELECT substr(value, i, 1) AS g FROM generate_series(1, length(value)) i
    UNION ALL SELECT substr(value, i, 2) FROM generate_series(1, length(value) - 1) i) pieces $$;--> statement-breakpoint
CREATE INDEX "nodes_search_short_grams_idx" ON "nodes" USING gin ("list_id",tieline_short_grams("search_name"));
