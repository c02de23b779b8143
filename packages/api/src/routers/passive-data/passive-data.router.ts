import { router } from '../../trpc';
import { passiveConnectionsRouter } from './connections.router';
import { passiveListsRouter } from './lists.router';
import { office365Router } from './office365.router';
import { passivePeopleRouter } from './people.router';
import { passiveQueriesRouter } from './queries.router';
import { passiveReportsRouter } from './reports.router';
import { passiveSettingsRouter } from './settings.router';
import { slackRouter } from './slack.router';

/**
 * passiveData.*: one namespace per file beside this one (connections, slack, office365, settings, lists,
 * queries, people, reports), REST under /api/base/passiveData/.
 */
export const passiveDataRouter = router({
  slack: slackRouter,
  office365: office365Router,
  settings: passiveSettingsRouter,
  connections: passiveConnectionsRouter,
  lists: passiveListsRouter,
  people: passivePeopleRouter,
  queries: passiveQueriesRouter,
  reports: passiveReportsRouter,
});
