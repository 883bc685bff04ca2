import type { BeforeResult, DatabaseHooks, HookAdapter, HookServices, Row, Where } from '../../kit.js';
import { usernameError } from './errors.js';
import { checkUsername, type UsernameRules } from './rules.js';

/**
 * What a before-hook needs to check uniqueness safely: the adapter running the write
 * and, on update, which row is written (the core's HookContext, optional for direct calls).
 */
export interface HookContext {
  adapter?: HookAdapter;
  where?: readonly Where[];
}

async function prepare(services: HookServices, rules: UsernameRules, data: Row, ctx: HookContext | undefined, op: 'create' | 'update'): Promise<BeforeResult> {
  if (data.username === undefined) return;
  if (data.username === null) {
    // Clearing the username clears its display form too, unless one is given.
    return data.displayUsername === undefined ? { data: { displayUsername: null } } : undefined;
  }
  const username = checkUsername(rules, data.username);
  // Without the running adapter, a create is left to the unique index: sign-up creates the
  // user inside a transaction, and a query on the root adapter would wait forever for
  // SQLite's single connection. update-user writes outside a transaction, so the root is safe.
  const adapter = ctx?.adapter ?? (op === 'update' ? services.adapter : undefined);
  if (adapter) {
    const holder = await adapter.findOne('user', [{ field: 'username', value: username }]);
    if (holder) {
      const self = op === 'update' && ctx?.where ? await adapter.findOne('user', ctx.where) : null;
      if (self?.id !== holder.id) throw usernameError('UNPROCESSABLE_ENTITY', 'USERNAME_IS_ALREADY_TAKEN');
    }
  }
  // The display form keeps the casing the person typed, unless they gave one.
  const displayUsername = typeof data.displayUsername === 'string' ? data.displayUsername : data.username;
  return { data: { username, displayUsername } };
}

/** Every write of a user (sign-up, update-user, admin, CLI) goes through these. */
export function usernameHooks(rules: UsernameRules) {
  return (services: HookServices): DatabaseHooks => ({
    user: {
      create: { before: (data: Row, ctx?: HookContext) => prepare(services, rules, data, ctx, 'create') },
      update: { before: (data: Row, ctx?: HookContext) => prepare(services, rules, data, ctx, 'update') },
    },
  });
}
