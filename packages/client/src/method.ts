export type HttpMethod = 'GET' | 'POST';

/** Routes always called with POST, even without a payload (spec section 7, CONTRACT.md). */
const ALWAYS_POST = new Set([
  '/sign-out',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/delete-user',
  '/two-factor/send-otp',
  '/admin/stop-impersonating',
]);

/** Read-only routes: always GET, their payload travels as the query. */
const ALWAYS_GET = new Set([
  '/get-session',
  '/ok',
  '/providers',
  '/verify-email',
  '/list-sessions',
  '/list-accounts',
  '/organization/list',
  '/organization/get-full-organization',
  '/organization/get-invitation',
  '/organization/get-active-member',
  '/organization/list-invitations',
  '/organization/list-members',
  '/admin/list-users',
]);

/**
 * The client rule of spec section 7: a few routes have a fixed method; any other
 * call is GET without a payload and POST (JSON body) with one.
 */
export function methodFor(path: string, hasPayload: boolean): HttpMethod {
  if (ALWAYS_POST.has(path)) return 'POST';
  if (ALWAYS_GET.has(path)) return 'GET';
  return hasPayload ? 'POST' : 'GET';
}
