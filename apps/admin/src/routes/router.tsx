import type { TModuleName } from '@tieline/validation';
import type { ComponentProps, ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { page } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import { passiveRoutes } from './passive-routes';
import { RouteError } from './route-error';

type AuthPages = typeof import('../features/auth/pages') & typeof import('../features/auth/new-password-pages');
const loadAuthPages = (name: keyof AuthPages): Promise<Partial<AuthPages>> =>
  name === 'SignUpPage' || name === 'ResetPasswordPage'
    ? import('../features/auth/new-password-pages')
    : import('../features/auth/pages');
function authPage<K extends keyof AuthPages>(name: K, props?: ComponentProps<AuthPages[K]>) {
  return page(async () => {
    const Page = (await loadAuthPages(name))[name] as ComponentType<Record<string, unknown>>;
    return <Page {...(props ?? {})} />;
  });
}
type OrganizationSettingsPages = typeof import('../features/organization-settings/pages');
const organizationSettingsPage = (name: keyof OrganizationSettingsPages) =>
  page(async () => {
    const Page = (await import('../features/organization-settings/pages'))[name];
    return <Page />;
  });

// Survey editor (spec surveys §2): the list, then the layout with its steps; the questions and lists
// steps come from their own features.
type SurveyPages = typeof import('../features/surveys/pages');
const surveyPage = (name: keyof SurveyPages) =>
  page(async () => {
    const Page = (await import('../features/surveys/pages'))[name];
    return <Page />;
  });
const surveyRoutes = [
  { path: 'surveys', ...surveyPage('SurveysPage') },
  {
    path: 'surveys/:id',
    ...surveyPage('EditorLayout'),
    children: [
      { index: true, element: <Navigate to="details" replace /> },
      { path: 'details', ...surveyPage('DetailsStep') },
      // Preview routes (spec §2) are children without elements: the page opens its preview dialog.
      { path: 'welcome-message', ...surveyPage('WelcomeStep'), children: [{ path: 'survey-preview', element: null }] },
      { path: 'completion-message', ...surveyPage('CompletionStep'), children: [{ path: 'preview', element: null }] },
      // The questions page reads preview, :questionID/edit and :questionID/delete from the URL (no elements).
      {
        path: 'questions',
        ...page(async () => {
          const { QuestionsPage } = await import('../features/questions/questions-page');
          return <QuestionsPage />;
        }),
        children: [
          { path: 'preview', element: null },
          { path: ':questionID/edit', element: null },
          { path: ':questionID/delete', element: null },
          // The panel opens over the questions page (its Outlet), so the editor behind it keeps its edits.
          {
            path: ':questionID/upload-list',
            ...page(async () => {
              const { UploadListPanel } = await import('../features/lists/upload-list-panel');
              return <UploadListPanel />;
            }),
          },
        ],
      },
      {
        path: 'lists',
        ...page(async () => {
          const { ListsPage } = await import('../features/lists/lists-page');
          return <ListsPage />;
        }),
      },
      { path: 'advanced-options', ...surveyPage('AdvancedOptionsStep') },
      {
        path: 'emails',
        ...page(async () => {
          const { EmailsStep } = await import('../features/emails/emails-step');
          return <EmailsStep />;
        }),
      },
      {
        path: 'responses',
        ...page(async () => {
          const { ResponsesPage } = await import('../features/responses/responses-page');
          return <ResponsesPage />;
        }),
        // Spec §2: the Edit Status panel has its own address; the page opens it (no element).
        children: [{ path: ':responseId/update-status', element: null }],
      },
    ],
  },
];

// Networks (platform spec §2): the list, with its actions as child routes (dialogs over the list;
// manage/users reads add, upload and edit/{userId} from the URL), and the explorer (its own feature).
type NetworkPages = typeof import('../features/networks/pages');
const networkPage = (name: keyof NetworkPages) =>
  page(async () => {
    const Page = (await import('../features/networks/pages'))[name];
    return <Page />;
  });
const networkRoutes = [
  {
    path: 'networks',
    ...networkPage('NetworksPage'),
    children: [
      { path: 'add', ...networkPage('UploadNetworkDialog') },
      { path: 'combine-network', ...networkPage('CombineDialog') },
      { path: 'delete-selected-network', ...networkPage('DeleteSelectedDialog') },
      { path: ':id/duplicate', ...networkPage('DuplicateDialog') },
      { path: ':id/manage', ...networkPage('ManageDialog') },
      {
        path: ':id/manage/users',
        ...networkPage('SharingDialog'),
        children: [
          { path: 'add', element: null },
          { path: 'upload', element: null },
          { path: 'edit/:userId', element: null },
        ],
      },
      { path: ':id/delete', ...networkPage('DeleteDialog') },
      { path: ':id/export', ...networkPage('ExportDialog') },
      { path: ':id/publish', ...networkPage('PublishDialog') },
    ],
  },
  {
    path: 'networks/series/:id',
    ...page(async () => {
      const { SeriesPage } = await import('../features/series/series-page');
      return <SeriesPage />;
    }),
  },
];
// The explorer is outside the networks module's layout: a network shared with someone opens without it.
const explorerRoute = {
  path: 'networks/explore/:id',
  ...page(async () => {
    const { ExplorerPage } = await import('../features/explorer/explorer-page');
    return <ExplorerPage />;
  }),
  // The explorer reads a view, a layer to delete, or a reset from its own address (no elements).
  children: [
    { path: 'resetView', element: null },
    { path: 'delete/:layerIndex', element: null },
    { path: ':viewId', element: null },
    { path: ':viewId/delete/:layerIndex', element: null },
  ],
};

const meltwaterRoutes = [
  {
    path: 'meltwater',
    ...page(async () => {
      const { MeltwaterPage } = await import('../features/meltwater/meltwater-page');
      return <MeltwaterPage />;
    }),
  },
];

// Discover (platform spec §2): the gallery, with {id}/describe and {id}/duplicate as dialogs over it.
type DiscoverPages = typeof import('../features/discover/pages');
const discoverPage = (name: keyof DiscoverPages) =>
  page(async () => {
    const Page = (await import('../features/discover/pages'))[name];
    return <Page />;
  });
const discoverRoutes = [
  {
    path: 'discover',
    ...discoverPage('DiscoverPage'),
    children: [
      { path: ':id/describe', ...discoverPage('DescribeDialog') },
      { path: ':id/duplicate', ...discoverPage('DuplicateDialog') },
    ],
  },
];

const moduleLayout = (module: TModuleName) =>
  page(async () => {
    const { RequireModule } = await import('../components/require-module');
    return <RequireModule module={module} />;
  });

// Plain markup rather than the kit's Spinner, which would bring the icon library into the first download.
const firstLoad = (
  <div role="status" className="flex min-h-dvh items-center justify-center gap-3 text-muted-foreground">
    <span
      aria-hidden="true"
      className="size-5 animate-spin rounded-full border-2 border-border border-t-primary motion-reduce:animate-none"
    />
    <span className="text-sm">Loading Tieline</span>
  </div>
);

/** Route table (spec platform §2). Public account pages first, then everything behind sign-in at '/'. */
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    // Shown while the first page's chunk loads (every route is lazy); without it React Router warns on each load.
    hydrateFallbackElement: firstLoad,
    children: [
      { path: '/login', ...authPage('LoginPage') },
      { path: '/communityLogin', ...authPage('LoginPage', { community: true }) },
      { path: '/signup', ...authPage('SignUpPage') },
      { path: '/signup/:token', ...authPage('SignUpPage') },
      { path: '/basic-signup', ...authPage('SignUpPage', { plan: 'basic' }) },
      { path: '/professional-signup', ...authPage('SignUpPage', { plan: 'professional' }) },
      { path: '/verifyEmail/:token', ...authPage('VerifyEmailPage') },
      { path: '/users/verification', ...authPage('EmailVerifiedPage') },
      { path: '/users/emailVerificationError', ...authPage('EmailVerificationErrorPage') },
      { path: '/users/samlSuccess', ...authPage('SamlSuccessPage') },
      { path: '/forgot-password', ...authPage('ForgotPasswordPage') },
      { path: '/reset/:token', ...authPage('ResetPasswordPage') },
      {
        path: '/mailbox',
        ...page(async () => {
          const { MailboxPage } = await import('../features/mailbox/mailbox-page');
          return <MailboxPage />;
        }),
      },
      { path: '/404', element: <NotFoundPage /> },
      {
        path: '/',
        ...page(async () => {
          const { ProtectedLayout } = await import('./protected-layout');
          return <ProtectedLayout />;
        }),
        children: [
          {
            index: true,
            ...page(async () => {
              const { DashboardIndex } = await import('../features/modules/dashboard-index');
              return <DashboardIndex />;
            }),
          },
          // The pages of the networks and surveys modules, to users who have them (the server refuses their
          // calls to anyone else).
          { ...moduleLayout('networks'), children: networkRoutes },
          explorerRoute,
          { ...moduleLayout('surveys'), children: surveyRoutes },
          { ...moduleLayout('passiveData'), children: passiveRoutes },
          { ...moduleLayout('meltwater'), children: meltwaterRoutes },
          {
            ...moduleLayout('AONA'),
            children: [
              {
                path: 'aona',
                ...page(async () => {
                  const { AonaPage } = await import('../features/aona/aona-page');
                  return <AonaPage />;
                }),
              },
            ],
          },
          { ...moduleLayout('discover'), children: discoverRoutes },
          // The setup guides of docs/ (Help menu, connect modals), rendered at build time.
          {
            path: 'help/:guide',
            ...page(async () => {
              const { HelpPage } = await import('../features/help/help-page');
              return <HelpPage />;
            }),
          },
          {
            path: 'organization/settings/manage-users',
            ...page(async () => {
              const { OrganizationUsersPage } = await import('../features/organization-users/organization-users-page');
              return <OrganizationUsersPage />;
            }),
            children: [
              {
                path: 'manage/users/add',
                ...page(async () => {
                  const { AddUserDialog } = await import('../features/organization-users/user-dialogs');
                  return <AddUserDialog />;
                }),
              },
              {
                path: 'manage/users/:id/edit',
                ...page(async () => {
                  const { EditUserDialog } = await import('../features/organization-users/user-dialogs');
                  return <EditUserDialog />;
                }),
              },
              {
                path: 'manage/users/:id/delete',
                ...page(async () => {
                  const { DeleteUserDialog } = await import('../features/organization-users/user-dialogs');
                  return <DeleteUserDialog />;
                }),
              },
              {
                path: 'request-credits',
                ...page(async () => {
                  const { RequestCreditsRoute } = await import('../features/organization-users/request-credits-route');
                  return <RequestCreditsRoute />;
                }),
              },
            ],
          },
          {
            path: 'organization/settings/manage-organizations',
            ...organizationSettingsPage('OrganizationSettingsLayout'),
            children: [
              { index: true, ...organizationSettingsPage('GeneralSettings') },
              { path: 'saml', ...organizationSettingsPage('SamlSettings') },
            ],
          },
          {
            path: 'organization/settings/logos',
            ...page(async () => {
              const { LogosPage } = await import('../features/organization-logos/logos-page');
              return <LogosPage />;
            }),
          },
          {
            path: 'users/settings/profile',
            ...page(async () => {
              const { ProfilePage } = await import('../features/profile/profile-page');
              return <ProfilePage />;
            }),
            // Dialog routes (spec §2): the page opens the dialog its URL names.
            children: [
              { path: 'change-password', element: null },
              { path: 'confirm-update', element: null },
              { path: 'enable-2fa', element: null },
              { path: 'disable-2fa', element: null },
            ],
          },
          {
            path: 'users/settings/billing',
            ...page(async () => {
              const { BillingPage } = await import('../features/billing/billing-page');
              return <BillingPage />;
            }),
            // Spec §2: the page opens its dialogs from its own address (no elements).
            children: [
              { path: 'add-credit-card', element: null },
              { path: 'credits-to-buy', element: null },
              { path: 'request-credits', element: null },
            ],
          },
          {
            path: 'users/settings/api',
            ...page(async () => {
              const { ApiKeysPage } = await import('../features/api-keys/api-keys-page');
              return <ApiKeysPage />;
            }),
            // Spec §2: the add-key dialog has its own address; the page opens it (no element).
            children: [{ path: 'add', element: null }],
          },
          {
            path: 'admin/management/user',
            ...page(async () => {
              const { AdminUsersPage } = await import('../features/admin-users/admin-users-page');
              return <AdminUsersPage />;
            }),
          },
          {
            path: 'admin/management/organization',
            ...page(async () => {
              const { AdminOrganizationsPage } = await import(
                '../features/admin-organizations/admin-organizations-page'
              );
              return <AdminOrganizationsPage />;
            }),
          },
          {
            path: 'admin/management/audit',
            ...page(async () => {
              const { AuditPage } = await import('../features/admin-audit/audit-page');
              return <AuditPage />;
            }),
          },
          {
            path: 'admin/management/support',
            ...page(async () => {
              const { SupportRequestsPage } = await import('../features/admin-audit/support-requests-page');
              return <SupportRequestsPage />;
            }),
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]);
