/**
 * The admin console, one chunk loaded on its first page (router.tsx). The dashboard is not here: it
 * is a chunk of its own, so the chart library loads only when it is shown.
 */
export { AdminLayout } from '../pages/admin/AdminLayout';
export { AdminPage } from '../pages/admin/AdminPage';
export { ApplicationsPage } from '../pages/admin/ApplicationsPage';
export { AuditPage } from '../pages/admin/AuditPage';
export { ResourceServersPage } from '../pages/admin/ResourceServersPage';
export { UserPage } from '../pages/admin/UserPage';
export { WebhooksPage } from '../pages/admin/webhooks/WebhooksPage';
