-- An upload's names wait in the trigram index's GIN pending list (appended, cheap) rather than being
-- merged into the index while the upload's transaction runs; the statistics job the upload queues
-- merges them right after (gin_clean_pending_list), as a search reads the whole pending list.
ALTER INDEX "nodes_search_name_trgm_idx" SET (gin_pending_list_limit = 65536);
