import { OFFICE365_SOURCES } from '@tieline/validation';
import { page } from './lazy-page';

// Passive data (platform spec §2): the overview with its connect modal, queries, lists, settings.
type PassivePages = Omit<typeof import('../features/passive-data/pages'), 'PeopleOnly'>;
const passivePage = (name: keyof PassivePages) =>
  page(async () => {
    const Page = (await import('../features/passive-data/pages'))[name];
    return <Page />;
  });
/** A page naming people (queries, lists): a member without person-level access is told what they have. */
const peoplePage = (name: keyof PassivePages) =>
  page(async () => {
    const pages = await import('../features/passive-data/pages');
    const Page = pages[name];
    return (
      <pages.PeopleOnly>
        <Page />
      </pages.PeopleOnly>
    );
  });
export const passiveRoutes = [
  {
    path: 'passivedata',
    ...passivePage('PassiveDataPage'),
    children: [
      { path: 'slack', ...passivePage('ConnectSlackDialog') },
      // The five Microsoft 365 connect modals: one form, each with its own source ticked.
      ...OFFICE365_SOURCES.map((path) => ({ path, ...passivePage('ConnectOffice365Dialog') })),
    ],
  },
  { path: 'passivedata/settings', ...passivePage('PassiveSettingsPage') },
  { path: 'passivedata/queries', ...peoplePage('QueriesPage') },
  { path: 'passivedata/queries/add', ...peoplePage('AddQueryPage') },
  { path: 'passivedata/queries/:id/edit', ...peoplePage('EditQueryPage') },
  { path: 'passivedata/queries/settings', ...passivePage('PassiveSettingsPage') },
  { path: 'passivedata/lists', ...peoplePage('ListsPage') },
  { path: 'passivedata/lists/add', ...peoplePage('AddListPage') },
  { path: 'passivedata/lists/:id/edit', ...peoplePage('EditListPage') },
  { path: 'passivedata/lists/settings', ...passivePage('PassiveSettingsPage') },
  { path: 'passivedata/reports', ...passivePage('ReportsPage') },
];
