import { createBrowserRouter, Navigate } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SignUpPage } from '../features/auth/signup-page';
import {
  EmailVerificationErrorPage,
  EmailVerifiedPage,
  SamlSuccessPage,
} from '../features/auth/verification-result-pages';
import { VerifyEmailPage } from '../features/auth/verify-email-page';
import { MailboxPage } from '../features/mailbox/mailbox-page';
import { DashboardIndex } from '../features/modules/dashboard-index';
import { MODULE_INFO } from '../features/modules/module-list';
import { ModulePage } from '../features/modules/module-page';
import { ProtectedLayout } from '../features/session/protected-layout';
import { SettingsPage } from '../features/settings/settings-pages';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

const moduleRoutes = Object.values(MODULE_INFO).map((m) => ({
  path: m.path.slice(1),
  element: <ModulePage module={m.name} />,
}));

/** Route table (spec platform §2). Public account pages first, then everything behind sign-in at '/'. */
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/communityLogin', element: <LoginPage community /> },
      { path: '/signup', element: <SignUpPage /> },
      { path: '/signup/:token', element: <SignUpPage /> },
      { path: '/basic-signup', element: <SignUpPage plan="basic" /> },
      { path: '/professional-signup', element: <SignUpPage plan="professional" /> },
      { path: '/verifyEmail/:token', element: <VerifyEmailPage /> },
      { path: '/users/verification', element: <EmailVerifiedPage /> },
      { path: '/users/emailVerificationError', element: <EmailVerificationErrorPage /> },
      { path: '/users/samlSuccess', element: <SamlSuccessPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset/:token', element: <ResetPasswordPage /> },
      { path: '/mailbox', element: <MailboxPage /> },
      { path: '/404', element: <NotFoundPage /> },
      {
        path: '/',
        element: <ProtectedLayout />,
        children: [
          { index: true, element: <DashboardIndex /> },
          ...moduleRoutes,
          { path: 'organization/settings/manage-users', element: <SettingsPage page="manageUsers" /> },
          { path: 'organization/settings/manage-organizations', element: <SettingsPage page="manageOrganizations" /> },
          { path: 'organization/settings/logos', element: <SettingsPage page="logos" /> },
          { path: 'users/settings/profile', element: <SettingsPage page="profile" /> },
          { path: 'users/settings/billing', element: <SettingsPage page="billing" /> },
          { path: 'users/settings/api', element: <SettingsPage page="api" /> },
          { path: 'admin/management/user', element: <SettingsPage page="adminUsers" /> },
          { path: 'admin/management/organization', element: <SettingsPage page="adminOrganizations" /> },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]);
