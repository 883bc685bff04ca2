import type { FindManyOptions, Row, Where } from './types.js';

/**
 * Database hooks (spec section 4). A before-hook may return `false` to cancel
 * (the operation's result is then null) or `{ data }` to merge into what is written.
 * After-hooks run with the written record, after the surrounding transaction commits.
 */
export type BeforeResult = boolean | void | { data: Row };

/**
 * The data operations a hook may run, as the Adapter offers them (declared here, by shape,
 * so that the hooks need not import the adapter that runs them).
 */
export interface HookAdapter {
  create<T extends Row = Row>(model: string, data: Row, opts?: { hooks?: boolean }): Promise<T | null>;
  findOne<T extends Row = Row>(model: string, where: readonly Where[]): Promise<T | null>;
  findMany<T extends Row = Row>(model: string, opts?: FindManyOptions): Promise<T[]>;
  count(model: string, where?: readonly Where[]): Promise<number>;
  update<T extends Row = Row>(model: string, where: readonly Where[], data: Row, opts?: { hooks?: boolean }): Promise<T | null>;
  updateMany(model: string, where: readonly Where[], data: Row): Promise<number>;
  delete(model: string, where: readonly Where[]): Promise<number>;
}

/** What a hook may use: the adapter of the running operation (inside its transaction, if any). */
export interface HookContext {
  adapter: HookAdapter;
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
export async function runBefore(hooks: readonly DatabaseHooks[], model: string, op: 'create' | 'update', data: Row, ctx: HookContext): Promise<Row | null> {
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
