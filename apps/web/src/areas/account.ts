/** The person's own pages beside one sidebar, one chunk loaded on the first of them (router.tsx). */
export { AccountLayout } from '../pages/account/AccountLayout';
export { ApiKeysPage, ConnectedAppsPage, DangerZonePage, ProfilePage, SecurityPage, SignInMethodsPage } from '../pages/account/AccountPages';
export { Sessions } from '../pages/Sessions';
export { TwoFactorPage } from '../pages/two-factor/TwoFactorPage';
