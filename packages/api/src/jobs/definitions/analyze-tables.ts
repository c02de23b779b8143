import { sql } from '@tieline/db';
import { defineJob } from '../define';
import { JOB_PAYLOADS } from '../payloads';

/**
 * Refreshes the planner's statistics after a large list upload. Without them the name search plans
 * for an empty list and scans everything; PGlite has no autovacuum to do it, and a PostgreSQL server's
 * autovacuum may come much later (or be off). For the same reason it moves the names an upload left
 * in the trigram index's pending list (GIN fastupdate: cheap inserts) into the index proper (migration 0017): a search
 * reads the whole pending list on every query (18 ms instead of 1.6 ms for one name among 100,000).
 */
export const analyzeTablesJob = defineJob({
  kind: 'analyze-tables',
  schema: JOB_PAYLOADS['analyze-tables'],
  run: async (deps, { tables }) => {
    if (tables.includes('nodes'))
      await deps.db.execute(sql`select gin_clean_pending_list('nodes_search_name_trgm_idx'::regclass)`);
    // The names are vacuumed too: with their pages marked all-visible, a search walks the name index
    // alone (an index-only scan), which PostgreSQL's autovacuum would do only later, and PGlite never.
    for (const table of tables)
      await deps.db.execute(sql.raw(`${table === 'nodes' ? 'vacuum (analyze)' : 'analyze'} ${table}`));
  },
});
