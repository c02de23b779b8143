// The passive data pages and the dialogs routed over them, loaded together as one chunk.
export { ConnectOffice365Dialog } from './connect-office365-dialog';
export { ConnectSlackDialog } from './connect-slack-dialog';
export { AddListPage, EditListPage } from './list-pages';
export { ListsPage } from './lists-page';
export { PassiveDataPage } from './passive-data-page';
export { PeopleOnly } from './passive-nav';
export { QueriesPage } from './queries-page';
export { AddQueryPage, EditQueryPage } from './query-page';
export { ReportsPage } from './reports-page';
export { PassiveSettingsPage } from './settings-page';
