import { APIError, type AuthContext, BASE_ERRORS, defineEndpoint, type Endpoint, type Method, type Row, type UserRow } from '../../kit.js';
import type { AdminConfig } from './config.js';
import { adminError } from './errors.js';

/** A user's roles: the role field may hold several, comma-separated; none means the default role. */
export function rolesOf(o: AdminConfig, user: Row): string[] {
  const raw = typeof user.role === 'string' && user.role.trim() ? user.role : o.defaultRole;
  return raw
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

export function isAdmin(o: AdminConfig, user: Row): boolean {
  return o.adminUserIds.includes(String(user.id)) || rolesOf(o, user).some((r) => o.adminRoles.includes(r));
}

/** An admin route: a session (else 401) of an admin (else 403), then the handler. */
export function adminEndpoint<
  B,
  Q,
  BI = undefined,
  QI = undefined,
  P extends string = string,
  R = unknown,
  M extends Method | Method[] = Method | Method[],
  A = never,
  C extends boolean = false,
>(o: AdminConfig, e: Omit<Endpoint<B, Q, BI, QI, P, R, M, A, C, true>, 'requireSession'>): Endpoint<B, Q, BI, QI, P, R, M, A, C, true> {
  return defineEndpoint<B, Q, BI, QI, P, R, M, A, C, true>({
    ...e,
    requireSession: true,
    async handler(c) {
      if (!isAdmin(o, c.session.user)) throw adminError('FORBIDDEN', 'ONLY_ADMINS_CAN_ACCESS_THIS_ENDPOINT');
      return e.handler(c);
    },
  });
}

/** The user, or 404 USER_NOT_FOUND. */
export async function requireUser(auth: AuthContext, userId: string): Promise<UserRow> {
  const user = await auth.adapter.findOne<UserRow>('user', [{ field: 'id', value: userId }]);
  if (!user) throw new APIError('NOT_FOUND', 'USER_NOT_FOUND', BASE_ERRORS.USER_NOT_FOUND);
  return user;
}
