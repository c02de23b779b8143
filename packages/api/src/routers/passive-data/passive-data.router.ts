import { router } from '../../trpc';
import { slackRouter } from './slack.router';

/**
 * passiveData.*: one namespace per file beside this one (connections, slack, settings, lists,
 * queries, people), REST under /api/base/passiveData/.
 */
export const passiveDataRouter = router({
  slack: slackRouter,
});
