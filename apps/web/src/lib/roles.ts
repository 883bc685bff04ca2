import type { User } from '../auth';

/** A user's roles: the admin extension stores several as "admin,user". */
export function rolesOf(user: Pick<User, 'role'> | null | undefined): string[] {
  return (user?.role ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
}

export function isAdmin(user: Pick<User, 'role'> | null | undefined): boolean {
  return rolesOf(user).includes('admin');
}

/** What to call a person: their name, else their email. */
export function displayName(user: Pick<User, 'name' | 'email'>): string {
  return user.name?.trim() || user.email;
}
