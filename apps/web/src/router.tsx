import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { Layout } from './components/Layout';
import { RouteError } from './components/RouteError';
import { RequireAuth } from './components/RequireAuth';
import { ServerRedirect } from './components/ServerRedirect';
import { AccountDeleted } from './pages/AccountDeleted';
import { ErrorPage } from './pages/ErrorPage';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';

/**
 * A route's page from an area's chunk (src/areas/): every page of an area comes from one module, so
 * the first of them loads the area and the others are already there. The entry chunk holds only the
 * frame (layout, header, session, the small pages below).
 */
const area =
  <M,>(load: () => Promise<M>) =>
  (page: (module: M) => ComponentType) =>
  async () => ({ Component: page(await load().catch(reloadForNewBuild)) });

/**
 * A tab opened before a new build asks for chunks that are gone (their names change with every build):
 * the page it was going to loads again, from the new build. Once a minute at most: a chunk missing
 * from the new build too falls through to the route's error page instead of reloading for ever.
 */
const RELOADED_AT = 'gatehouse:reloaded-for-build';
function reloadForNewBuild(error: unknown): Promise<never> {
  if (!mayReload()) return Promise.reject(error);
  const going = router.state.navigation.location;
  window.location.assign(going ? router.createHref(going) : window.location.href);
  // Nothing to show meanwhile: the page is going.
  return new Promise(() => {});
}
function mayReload(): boolean {
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < 60_000) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    return true;
  } catch {
    return false;
  }
}
const areas = {
  auth: () => import('./areas/auth'),
  account: () => import('./areas/account'),
  organizations: () => import('./areas/organizations'),
  admin: () => import('./areas/admin'),
};
const auth = area(areas.auth);
const account = area(areas.account);
const organizations = area(areas.organizations);
const admin = area(areas.admin);

/** Every page of the app; the server answers index.html for all of them (SPA fallback). */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    // A page that throws shows a way out instead of a blank page.
    errorElement: <RouteError />,
    // Shown while the first page's area loads (a moment: the chunk comes from the same server).
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      { index: true, element: <Home /> },
      { path: 'sign-in', lazy: auth((m) => m.SignIn) },
      { path: 'sign-up', lazy: auth((m) => m.SignUp) },
      { path: 'forgot-password', lazy: auth((m) => m.ForgotPassword) },
      { path: 'reset-password', lazy: auth((m) => m.ResetPassword) },
      { path: 'verify-email', lazy: auth((m) => m.VerifyEmail) },
      { path: 'account-deleted', element: <AccountDeleted /> },
      { path: 'error', element: <ErrorPage /> },
      { path: 'magic-link', lazy: auth((m) => m.MagicLinkLanding) },
      { path: 'magic-link/error', lazy: auth((m) => m.MagicLinkError) },
      { path: 'accept-invitation/:id', lazy: organizations((m) => m.AcceptInvitation) },
      {
        element: <RequireAuth />,
        children: [
          {
            // The person's own pages beside one sidebar, one page per entry (pages/account/account-nav.ts); the
            // one-page account's addresses (`/account#security`) lead to their page (AccountLayout).
            lazy: account((m) => m.AccountLayout),
            children: [
              { path: 'account', lazy: account((m) => m.ProfilePage) },
              { path: 'account/security', lazy: account((m) => m.SecurityPage) },
              { path: 'account/sign-in-methods', lazy: account((m) => m.SignInMethodsPage) },
              { path: 'account/api-keys', lazy: account((m) => m.ApiKeysPage) },
              { path: 'account/connected-apps', lazy: account((m) => m.ConnectedAppsPage) },
              { path: 'account/danger-zone', lazy: account((m) => m.DangerZonePage) },
              { path: 'sessions', lazy: account((m) => m.Sessions) },
              { path: 'two-factor', lazy: account((m) => m.TwoFactorPage) },
            ],
          },
          { path: 'organizations', lazy: organizations((m) => m.OrganizationsPage) },
          // The active organization's settings, when the server has teams / custom roles on.
          { path: 'organizations/teams', lazy: organizations((m) => m.TeamsPage) },
          { path: 'organizations/roles', lazy: organizations((m) => m.RolesPage) },
          { path: 'organizations/directory-sync', lazy: organizations((m) => m.DirectorySyncPage) },
          { path: 'organizations/single-sign-on', lazy: organizations((m) => m.SingleSignOnPage) },
          {
            // The admin console: its sections are listed in pages/admin/nav.ts.
            path: 'admin',
            lazy: admin((m) => m.AdminLayout),
            children: [
              { index: true, lazy: admin((m) => m.AdminPage) },
              // Its own chunk: the chart library loads only for the dashboard.
              { path: 'dashboard', lazy: async () => ({ Component: (await import('./pages/admin/DashboardPage')).DashboardPage }) },
              { path: 'users/:id', lazy: admin((m) => m.UserPage) },
              { path: 'audit', lazy: admin((m) => m.AuditPage) },
              { path: 'webhooks', lazy: admin((m) => m.WebhooksPage) },
              { path: 'applications', lazy: admin((m) => m.ApplicationsPage) },
              { path: 'apis', lazy: admin((m) => m.ResourceServersPage) },
            ],
          },
          { path: 'oauth/consent', lazy: auth((m) => m.Consent) },
          // The device flow (RFC 8628): a signed-out person signs in first and comes back with the code.
          { path: 'device', lazy: auth((m) => m.Device) },
        ],
      },
      { path: 'api/*', element: <ServerRedirect /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);

/**
 * Once the first page shows, the other areas load in the background (about 45 kB gzipped together),
 * so that moving on (signing in, opening the console) does not wait for a chunk: the entry stays small
 * for the first paint, and the dashboard's charts still load only on the dashboard.
 */
export function warmAreas(): void {
  const warm = () => {
    for (const load of Object.values(areas)) void load().catch(() => {});
  };
  if (router.state.initialized) {
    warm();
    return;
  }
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    warm();
  });
}
