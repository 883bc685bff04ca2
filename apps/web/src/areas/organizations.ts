/** Organizations, their settings pages and the invitation landing, one chunk loaded on the first of them (router.tsx). */
export { AcceptInvitation } from '../pages/AcceptInvitation';
export { DirectorySyncPage } from '../pages/organizations/DirectorySyncPage';
export { OrganizationsPage } from '../pages/organizations/OrganizationsPage';
export { RolesPage } from '../pages/organizations/RolesPage';
export { SingleSignOnPage } from '../pages/organizations/SingleSignOnPage';
export { TeamsPage } from '../pages/organizations/TeamsPage';
