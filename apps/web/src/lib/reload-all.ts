import { auth } from '../auth';
import { queryClient } from './query-client';

/**
 * After an action that does not name what it changed (`useAction` without `invalidates`: signing in
 * or out, an impersonation, a sign-up), everything shown loads again: TanStack Query's whole cache,
 * the session view and the organization hooks of @gatehouse/react. Actions that know what they
 * changed invalidate only that (lib/queries.ts).
 */
export function serverChanged(): void {
  void queryClient.invalidateQueries();
  void auth.$store.session.refetch();
  // The organization hooks of @gatehouse/react load again on this signal.
  auth.$store.organization.bump();
}
