import type { Adapter, Where } from '../../kit.js';

/**
 * Holds `model`'s row `id` until the transaction ends (SELECT … FOR NO KEY UPDATE on Postgres,
 * FOR UPDATE on MySQL; SQLite runs one write transaction at a time already). It must be the transaction's first
 * statement: on MySQL (REPEATABLE READ) the snapshot of later reads is then taken after the wait,
 * so a count that follows sees what the transaction waited for.
 */
export async function lockRow(trx: Adapter, model: string, id: string): Promise<void> {
  if (trx.caps.name === 'sqlite') return;
  const select = trx.db.selectFrom(model).select('id').where('id', '=', id);
  // Postgres: NO KEY UPDATE, so that rows referencing it (a member, an invitation) may still be written meanwhile.
  await (trx.caps.name === 'postgres' ? select.forNoKeyUpdate() : select.forUpdate()).execute();
}

/**
 * A limit checked where it cannot be raced: inside `trx`, with the `parent` row (the
 * organization or the team) held, the rows of `model` matching `where` are counted and `full()`
 * is thrown at `max` or more. Two requests at the limit both reach this; the second waits for the
 * first to commit, counts its row, and is refused.
 */
export async function withinLimit(
  trx: Adapter,
  parent: { model: string; id: string },
  model: string,
  where: Where[],
  max: number | undefined,
  full: () => Error,
): Promise<void> {
  if (max === undefined) return;
  await lockRow(trx, parent.model, parent.id);
  if ((await trx.count(model, where)) >= max) throw full();
}
