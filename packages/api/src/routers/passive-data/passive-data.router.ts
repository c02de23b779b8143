import { router } from '../../trpc';

/**
 * passiveData.*: one namespace per file beside this one (connections, slack, settings, lists,
 * queries, people), REST under /api/base/passiveData/.
 */
export const passiveDataRouter = router({});
