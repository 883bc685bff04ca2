import { DEFAULT_ROLES, type Statements } from '@gatehouse/core/client';
import { queries } from '../../lib/queries';
import { useQuery } from '@tanstack/react-query';

/** Every resource and action there is to grant (the owner holds them all), in a stable order. */
export const ALL_STATEMENTS: Statements = DEFAULT_ROLES.owner!;

/** `resource:action` keys of a permission object. */
export const permissionKeys = (permission: Statements | Record<string, string[]>): string[] =>
  Object.entries(permission).flatMap(([resource, actions]) => actions.map((action) => `${resource}:${action}`));

/** A permission object from `resource:action` keys. */
export function permissionOf(keys: Iterable<string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const key of keys) {
    const [resource, action] = key.split(':') as [string, string];
    out[resource] = [...(out[resource] ?? []), action];
  }
  return out;
}

/**
 * Whether the person's role in the organization grants `permissions`, as the server decides it
 * (custom roles included): the page offers only what the server would allow.
 */
export function useCan(organizationId: string | null | undefined, permissions: Record<string, string[]>): boolean {
  const answer = useQuery({ ...queries.can(organizationId ?? '', permissions), enabled: Boolean(organizationId) });
  return answer.data?.success === true;
}
