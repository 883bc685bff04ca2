import type { AuthContext } from '../../context.js';
import type { SessionSource } from '../../request-scope.js';
import { useKey } from './store.js';

/**
 * A request carrying the key header is its key's user's: a session made for this request
 * (never stored, no cookie set; `id` is the key's, `createdAt` the key's, so routes that
 * ask for a fresh session refuse an old key). A bad key is refused outright, never taken
 * for "signed out".
 */
export function apiKeySessionSource(auth: AuthContext, header: string): SessionSource {
  return {
    header,
    async resolve(scope, value) {
      const { row, user } = await useKey(auth, value);
      const now = new Date(auth.now());
      return {
        session: {
          id: row.id,
          userId: user.id,
          token: '',
          expiresAt: row.expiresAt ?? new Date(auth.now() + auth.options.session.expiresIn * 1000),
          createdAt: row.createdAt,
          updatedAt: now,
          ipAddress: scope.ip,
          userAgent: scope.headers.get('user-agent'),
          dontRemember: false,
        },
        user,
        token: '',
      };
    },
  };
}
