import { router } from '../../trpc';
import { passiveConnectionsRouter } from './connections.router';
import { passiveListsRouter } from './lists.router';
import { passivePeopleRouter } from './people.router';
import { passiveQueriesRouter } from './queries.router';
import { passiveSettingsRouter } from './settings.router';
import { slackRouter } from './slack.router';

/**
 * passiveData.*: one namespace per file beside this one (connections, slack, settings, lists,
 * queries, people), REST under /api/base/passiveData/.
 */
export const passiveDataRouter = router({
  slack: slackRouter,
  settings: passiveSettingsRouter,
  connections: passiveConnectionsRouter,
  lists: passiveListsRouter,
  people: passivePeopleRouter,
  queries: passiveQueriesRouter,
});
