import type { AuthContext, SessionSource } from '../../kit.js';
import { useKey } from './store.js';

/**
 * A request carrying the key header is its key's user's: a session made for this request
 * (never stored, no cookie set; `id` is the key's, `createdAt` and `updatedAt` the key's
 * creation, so routes that ask for a fresh session refuse a key older than
 * `freshAge`). A bad key is refused outright, never taken for "signed out".
 */
export function apiKeySessionSource(auth: AuthContext, header: string): SessionSource {
  return {
    header,
    async resolve(scope, value) {
      const { row, user } = await useKey(auth, value);
      return {
        session: {
          id: row.id,
          userId: user.id,
          token: '',
          expiresAt: row.expiresAt ?? new Date(auth.now() + auth.options.session.expiresIn * 1000),
          createdAt: row.createdAt,
          updatedAt: row.createdAt,
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
