import { createBrowserRouter } from 'react-router';
import { Layout } from './components/Layout';
import { RouteError } from './components/RouteError';
import { RequireAuth } from './components/RequireAuth';
import { ServerRedirect } from './components/ServerRedirect';
import { AcceptInvitation } from './pages/AcceptInvitation';
import { AccountDeleted } from './pages/AccountDeleted';
import { AccountLayout } from './pages/account/AccountLayout';
import { AccountPage } from './pages/account/AccountPage';
import { AdminLayout } from './pages/admin/AdminLayout';
import { AdminPage } from './pages/admin/AdminPage';
import { ApplicationsPage } from './pages/admin/ApplicationsPage';
import { WebhooksPage } from './pages/admin/webhooks/WebhooksPage';
import { AuditPage } from './pages/admin/AuditPage';
import { ErrorPage } from './pages/ErrorPage';
import { Home } from './pages/Home';
import { MagicLinkError } from './pages/magic-link/MagicLinkError';
import { MagicLinkLanding } from './pages/magic-link/MagicLinkLanding';
import { NotFound } from './pages/NotFound';
import { Consent } from './pages/oauth/Consent';
import { OrganizationsPage } from './pages/organizations/OrganizationsPage';
import { DirectorySyncPage } from './pages/organizations/DirectorySyncPage';
import { RolesPage } from './pages/organizations/RolesPage';
import { SingleSignOnPage } from './pages/organizations/SingleSignOnPage';
import { TeamsPage } from './pages/organizations/TeamsPage';
import { ForgotPassword } from './pages/password/ForgotPassword';
import { ResetPassword } from './pages/password/ResetPassword';
import { Sessions } from './pages/Sessions';
import { SignIn } from './pages/sign-in/SignIn';
import { SignUp } from './pages/sign-up/SignUp';
import { TwoFactorPage } from './pages/two-factor/TwoFactorPage';
import { VerifyEmail } from './pages/VerifyEmail';

/** Every page of the app; the server answers index.html for all of them (SPA fallback). */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    // A page that throws shows a way out instead of a blank page.
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Home /> },
      { path: 'sign-in', element: <SignIn /> },
      { path: 'sign-up', element: <SignUp /> },
      { path: 'forgot-password', element: <ForgotPassword /> },
      { path: 'reset-password', element: <ResetPassword /> },
      { path: 'verify-email', element: <VerifyEmail /> },
      { path: 'account-deleted', element: <AccountDeleted /> },
      { path: 'error', element: <ErrorPage /> },
      { path: 'magic-link', element: <MagicLinkLanding /> },
      { path: 'magic-link/error', element: <MagicLinkError /> },
      { path: 'accept-invitation/:id', element: <AcceptInvitation /> },
      {
        element: <RequireAuth />,
        children: [
          {
            // The person's own pages beside one sidebar (pages/account/account-nav.ts); their addresses stay as they were.
            element: <AccountLayout />,
            children: [
              { path: 'account', element: <AccountPage /> },
              { path: 'sessions', element: <Sessions /> },
              { path: 'two-factor', element: <TwoFactorPage /> },
            ],
          },
          { path: 'organizations', element: <OrganizationsPage /> },
          // The active organization's settings, when the server has teams / custom roles on.
          { path: 'organizations/teams', element: <TeamsPage /> },
          { path: 'organizations/roles', element: <RolesPage /> },
          { path: 'organizations/directory-sync', element: <DirectorySyncPage /> },
          { path: 'organizations/single-sign-on', element: <SingleSignOnPage /> },
          {
            // The admin console: its sections are listed in pages/admin/nav.ts.
            path: 'admin',
            element: <AdminLayout />,
            children: [
              { index: true, element: <AdminPage /> },
              // Its own chunk: the chart library loads only for the dashboard.
              { path: 'dashboard', lazy: async () => ({ Component: (await import('./pages/admin/DashboardPage')).DashboardPage }) },
              { path: 'users/:id', lazy: async () => ({ Component: (await import('./pages/admin/UserPage')).UserPage }) },
              { path: 'audit', element: <AuditPage /> },
              { path: 'webhooks', element: <WebhooksPage /> },
              { path: 'applications', element: <ApplicationsPage /> },
            ],
          },
          { path: 'oauth/consent', element: <Consent /> },
        ],
      },
      { path: 'api/*', element: <ServerRedirect /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
