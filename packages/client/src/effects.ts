import type { HttpMethod } from './method.js';

/** Successful calls to these routes change the session, so the session view is refetched. */
const SESSION_ROUTES = new Set([
  '/sign-out',
  '/update-user',
  '/delete-user',
  '/change-email',
  '/change-password',
  '/verify-email',
  '/revoke-session',
  '/revoke-sessions',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/verify-totp',
  '/two-factor/verify-otp',
  '/two-factor/verify-backup-code',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
  // These move the session's active organization.
  '/organization/create',
  '/organization/set-active',
  '/organization/accept-invitation',
  '/organization/leave',
  '/organization/delete',
  '/organization/remove-member',
]);

export function changesSession(path: string): boolean {
  return path.startsWith('/sign-in/') || path.startsWith('/sign-up/') || SESSION_ROUTES.has(path);
}

/** Any successful organization write may change what organization views show. */
export function changesOrganization(path: string, method: HttpMethod): boolean {
  return method === 'POST' && path.startsWith('/organization/') && path !== '/organization/check-slug';
}
