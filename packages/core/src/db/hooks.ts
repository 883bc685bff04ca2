import type { Adapter } from './adapter.js';
import type { Row, Where } from './types.js';

/**
 * Database hooks (spec section 4). A before-hook may return `false` to cancel
 * (the operation's result is then null) or `{ data }` to merge into what is written.
 * After-hooks run with the written record, after the surrounding transaction commits.
 */
export type BeforeResult = boolean | void | { data: Row };

/** What a hook may use: the adapter of the running operation (inside its transaction, if any). */
export interface HookContext {
  adapter: Adapter;
  /** For updates: which rows are being written. */
  where?: readonly Where[];
}

export interface ModelHooks {
  create?: { before?: (data: Row, ctx: HookContext) => Promise<BeforeResult> | BeforeResult; after?: (row: Row) => Promise<void> | void };
  update?: { before?: (data: Row, ctx: HookContext) => Promise<BeforeResult> | BeforeResult; after?: (row: Row) => Promise<void> | void };
  delete?: { before?: (row: Row) => Promise<boolean | void> | boolean | void; after?: (row: Row) => Promise<void> | void };
}

export type DatabaseHooks = Partial<Record<string, ModelHooks>>;

/** Runs every before-hook in turn; null when one cancels. */
export async function runBefore(
  hooks: readonly DatabaseHooks[],
  model: string,
  op: 'create' | 'update',
  data: Row,
  ctx: HookContext,
): Promise<Row | null> {
  let current = data;
  for (const set of hooks) {
    const before = set[model]?.[op]?.before;
    if (!before) continue;
    const result = await before(current, ctx);
    if (result === false) return null;
    if (result && typeof result === 'object' && 'data' in result) current = { ...current, ...result.data };
  }
  return current;
}

export function afterHooks(hooks: readonly DatabaseHooks[], model: string, op: 'create' | 'update' | 'delete') {
  return hooks.map((set) => set[model]?.[op]?.after).filter((f): f is (row: Row) => Promise<void> | void => !!f);
}
