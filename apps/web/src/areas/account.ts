/** The person's own pages beside one sidebar, one chunk loaded on the first of them (router.tsx). */
export { AccountLayout } from '../pages/account/AccountLayout';
export { AccountPage } from '../pages/account/AccountPage';
export { Sessions } from '../pages/Sessions';
export { TwoFactorPage } from '../pages/two-factor/TwoFactorPage';
