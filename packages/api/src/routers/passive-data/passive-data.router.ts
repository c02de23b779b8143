import { router } from '../../trpc';
import { passiveQueriesRouter } from './queries.router';

/**
 * passiveData.*: one namespace per file beside this one (connections, slack, settings, lists,
 * queries, people), REST under /api/base/passiveData/.
 */
export const passiveDataRouter = router({
  queries: passiveQueriesRouter,
});
