/**
 * SQLite's group commit: every write made in one turn of the event loop, by every request in
 * it, is one transaction, committed when the turn ends (`setImmediate`), instead of one commit
 * per statement. A commit in WAL mode appends every page the transaction touched to the log;
 * a sign-in's four or five writes (its challenge, the passkey's counter, the session, the audit
 * row) touched the same few pages as the other sign-ins of its turn, and paid 40–95 µs each
 * for them (docs/performance.md).
 *
 * What stays true:
 * - A request is answered only after the turn holding its writes committed (`settled`, which
 *   the pipeline waits on); when a turn is rolled back instead (a failed COMMIT, or SQLite
 *   undoing the transaction after a full disk or an I/O error), every request that was under
 *   way then fails, and none is answered as if its rows were kept.
 * - `adapter.transaction` writes its rows together or not at all, as before: a savepoint inside
 *   a turn already open (it holds the one connection until it ends, and the turn's COMMIT waits
 *   for it), else SQLite's own transaction, committed at its end.
 * - A statement that fails (a unique violation) undoes only itself, as SQLite does in a
 *   transaction; the turn goes on.
 * - Reads on this connection see the turn's rows, as they saw committed ones; another process
 *   (the CLI, a second instance on the same file) sees them at the turn's end.
 */
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';

/** What the pipeline and the read paths ask of the turn commit. */
export interface TurnCommits {
  /** A mark to give `settled` later: taken when a request starts. */
  mark(): number;
  /**
   * Undefined when nothing written since `mark` waits for its commit; else a promise that
   * resolves once it is committed, and rejects when a turn since `mark` was rolled back.
   */
  settled(mark: number): Promise<void> | undefined;
  /** An explicit transaction (`adapter.transaction`) is open: its rows may yet be undone. */
  inExplicit(): boolean;
  /** Moves whenever a turn's rows were rolled back (rows read from it no longer hold). */
  epoch(): number;
}

/** The turn rolled back: what its requests fail with. */
export class TurnRolledBack extends Error {
  constructor(cause: unknown) {
    super('the database did not keep the writes of this request', { cause });
    this.name = 'TurnRolledBack';
  }
}

/**
 * The one connection, lent to one holder at a time (a statement, or an explicit transaction to its
 * end) and handed to the next in line at its release. Kysely's SQLite driver has a mutex whose
 * release wakes every waiter, each to find it taken again but one: with fifty requests waiting
 * that was fifty promise reactions for each statement, ≈ 90 kB of garbage a passkey sign-in.
 */
export class ConnectionQueue {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  /**
   * Undefined when the connection was free (it is now the caller's); else a promise that resolves when it is.
   * `first`: ahead of everyone waiting (the turn's commit, which every request with a write in the turn waits on).
   */
  take(first = false): Promise<void> | undefined {
    if (!this.held) {
      this.held = true;
      return undefined;
    }
    return new Promise<void>((resolve) => (first ? this.waiting.unshift(resolve) : this.waiting.push(resolve)));
  }

  /** Gives the connection to the next in line, or frees it. */
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

/** A statement that writes rows (what opens a turn); anything else runs as it is. */
const WRITES = /^\s*(insert|update|delete|replace)\b/i;

interface Turn {
  promise: Promise<void>;
  resolve(): void;
  reject(e: unknown): void;
  /** SQLite undid the transaction (the error that did), so the turn cannot commit. */
  lost?: unknown;
  /** Committed or rolled back already. */
  ended?: boolean;
}

/**
 * The connections of this process with a turn open, by file: each ends its turn at once when
 * another connection to the same file is about to write. SQLite's lock wait (busy_timeout) blocks
 * the one thread both would need, so a second connection in one process (two instances on one
 * file) would otherwise wait out its timeout behind a turn that cannot end meanwhile.
 */
const openTurns = new Map<string, Set<() => void>>();

/** Wraps Kysely's SQLite driver (`inner`) over `sqlite`: see the file's comment. */
export function turnCommitDriver(inner: Driver, sqlite: import('better-sqlite3').Database): { driver: Driver; commits: TurnCommits } {
  let turn: Turn | undefined;
  let depth = 0;
  /** The explicit transaction under way began SQLite's transaction itself (no turn was open): it commits at its end. */
  let own = false;
  let epoch = 0;
  let statements: { begin: import('better-sqlite3').Statement; commit: import('better-sqlite3').Statement } | undefined;
  const file = sqlite.memory ? undefined : sqlite.name;
  const begin = () => {
    if (file) for (const endTurn of openTurns.get(file) ?? []) if (endTurn !== endNow) endTurn();
    statements ??= { begin: sqlite.prepare('begin'), commit: sqlite.prepare('commit') };
    statements.begin.run();
    let resolve!: () => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<void>((y, n) => {
      resolve = y;
      reject = n;
    });
    // A turn nobody waits on (a write outside any request) must not be an unhandled rejection.
    promise.catch(() => {});
    const opened: Turn = { promise, resolve, reject };
    turn = opened;
    if (file) {
      const here = openTurns.get(file) ?? new Set();
      openTurns.set(file, here);
      here.add(endNow);
    }
    setImmediate(() => void commit(opened));
  };
  /** Ends `t`: committed, or rolled back and its requests failed. Only while no statement or explicit transaction is under way. */
  const end = (t: Turn) => {
    if (t.ended) return;
    t.ended = true;
    if (turn === t) turn = undefined;
    if (file) openTurns.get(file)?.delete(endNow);
    const lose = (e: unknown) => {
      epoch++;
      t.reject(new TurnRolledBack(e));
    };
    if (t.lost !== undefined || !sqlite.inTransaction) return lose(t.lost ?? new Error('the transaction was rolled back'));
    try {
      statements!.commit.run();
      t.resolve();
    } catch (e) {
      try {
        if (sqlite.inTransaction) sqlite.exec('rollback');
      } catch {}
      lose(e);
    }
  };
  /**
   * Another connection of this process is about to write the same file: the turn ends now. No
   * statement runs meanwhile (one thread), so only an explicit transaction can be under way, and
   * then the turn cannot end before it does.
   */
  function endNow() {
    if (turn && depth === 0) end(turn);
  }
  /** Commits `t` at its turn's end, once the connection is free (an explicit transaction holds it to its end). */
  const commit = async (t: Turn) => {
    if (t.ended) return;
    // At a turn's end no statement is under way (each runs whole within a turn): only an explicit transaction can
    // hold the connection, and then the commit waits for it, and only for it: ahead of the statements and
    // transactions waiting meanwhile, which would otherwise join the turn one after another while every request
    // with a write in it waits for its commit to be answered.
    if (depth === 0) return end(t);
    await queue.take(true);
    try {
      end(t);
    } finally {
      queue.give();
    }
  };
  /** After a failed statement: SQLite may have undone the whole transaction (full disk, I/O error). */
  const checkLost = (e: unknown) => {
    if (turn && turn.lost === undefined && !sqlite.inTransaction) turn.lost = e;
  };

  /** The inner driver's connection, its statements opening a turn when they write (made once, at `init`). */
  const wrap = (connection: DatabaseConnection): DatabaseConnection => ({
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      if (!turn && !own && WRITES.test(query.sql)) begin();
      try {
        return await connection.executeQuery<R>(query);
      } catch (e) {
        checkLost(e);
        throw e;
      }
    },
    streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
  });
  // The savepoint names an explicit transaction inside the turn (there is one at a time: it holds the connection).
  const SAVEPOINT = 'gatehouse_tx';

  // The inner driver's connection, taken once from it (its own mutex is never waited on again): lent through `queue`.
  const queue = new ConnectionQueue();
  let connection: DatabaseConnection | undefined;
  const driver: Driver = {
    async init() {
      await inner.init();
      connection = wrap(await inner.acquireConnection());
    },
    acquireConnection() {
      const lent = connection!;
      const waited = queue.take();
      return waited ? waited.then(() => lent) : Promise.resolve(lent);
    },
    async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
      // No turn open: the transaction is SQLite's own, committed at its end, as without turns (it holds the one
      // connection, so nothing else would join a turn meanwhile). Inside a turn it is a savepoint of the turn's.
      if (!turn && !sqlite.inTransaction) {
        await connection.executeQuery(CompiledQuery.raw('begin'));
        own = true;
      } else {
        if (!turn) begin();
        await connection.executeQuery(CompiledQuery.raw(`savepoint ${SAVEPOINT}`));
      }
      depth++;
    },
    async commitTransaction(connection: DatabaseConnection) {
      depth--;
      if (own) {
        own = false;
        await connection.executeQuery(CompiledQuery.raw('commit'));
      } else await connection.executeQuery(CompiledQuery.raw(`release ${SAVEPOINT}`));
    },
    async rollbackTransaction(connection: DatabaseConnection) {
      depth--;
      if (own) {
        own = false;
        await connection.executeQuery(CompiledQuery.raw('rollback'));
        return;
      }
      try {
        await connection.executeQuery(CompiledQuery.raw(`rollback to ${SAVEPOINT}`));
        await connection.executeQuery(CompiledQuery.raw(`release ${SAVEPOINT}`));
      } catch (e) {
        checkLost(e);
        throw e;
      }
    },
    // Kysely's own savepoints (inside an explicit transaction) are the inner driver's.
    ...(inner.savepoint && { savepoint: inner.savepoint.bind(inner) }),
    ...(inner.rollbackToSavepoint && { rollbackToSavepoint: inner.rollbackToSavepoint.bind(inner) }),
    ...(inner.releaseSavepoint && { releaseSavepoint: inner.releaseSavepoint.bind(inner) }),
    async releaseConnection() {
      queue.give();
    },
    async destroy() {
      // What the last turn wrote is kept: committed now, once the connection is free.
      if (turn) await commit(turn);
      await inner.destroy();
    },
  };

  const commits: TurnCommits = {
    mark: () => epoch,
    settled(mark) {
      if (turn) {
        const open = turn;
        return open.promise.then(() => {
          if (epoch !== mark) throw new TurnRolledBack(undefined);
        });
      }
      return epoch === mark ? undefined : Promise.reject(new TurnRolledBack(undefined));
    },
    inExplicit: () => depth > 0,
    epoch: () => epoch,
  };
  return { driver, commits };
}
