import { setImmediate } from 'node:timers';
import type { CompiledQuery } from 'kysely';
import type { AdapterPayload, Adapter as OidcAdapter } from 'oidc-provider';
import type { Adapter, AuthContext, Row } from '../../kit.js';
import { clientMetadata } from './applications.js';

type ModelRow = {
  id: string;
  model: string;
  payload: AdapterPayload;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: Date | null;
};

const SWEEP_EVERY_MS = 3600_000;

/**
 * A code, refresh token or other single-use instance was consumed already, by a request that
 * got there first: answered as oidc-provider answers a reuse (configuration.ts `adapterOf`).
 */
export class ConsumedAlready extends Error {
  constructor(
    readonly model: string,
    /** The grant it was issued under: its tokens are revoked, as for a reuse one after another. */
    readonly grantId: string | undefined,
  ) {
    super(`${model} already consumed`);
    this.name = 'ConsumedAlready';
  }
}

/**
 * A replay check's id (a DPoP proof's or a client assertion's jti) was saved already, by a request
 * that got there first: the request saving it again is a replay (configuration.ts `atomicReplayChecks`).
 */
export class SeenAlready extends Error {
  constructor() {
    super('the jti was seen already');
    this.name = 'SeenAlready';
  }
}

/** oidc-provider's model of the DPoP proofs and client assertions seen (their jti, until they expire). */
export const REPLAY_DETECTION = 'ReplayDetection';

/** When this instance last deleted expired rows (shared by its model stores). */
export interface Sweeper {
  last: number;
}

/**
 * New rows asked for in one turn of the event loop, written in one statement: one commit for
 * the tokens of every request that reached its save in that turn (under load, many), where each
 * was a commit of its own (on SQLite a WAL append of every page the row touched, ≈ a fifth of a
 * client-credentials grant's CPU), and one round trip where a statement a row in one transaction
 * cost one each (on PostgreSQL the pg client's work was most of a grant's CPU, and a turn's batch
 * held its connection for fifty round trips). Each save still resolves only once its row is
 * committed. When the batch fails (a row whose id exists, or another error) none of it is
 * written, and each row is inserted alone, as before, so every save meets its own error, or none.
 */
export class InsertBatch {
  private queue: { row: Row; done: (error?: unknown) => void }[] = [];

  constructor(private readonly db: () => Adapter) {}

  insert(row: Row): Promise<void> {
    return new Promise((resolve, reject) => {
      // The real setImmediate (node:timers): a test's fake timers on the global do not hold saves back.
      if (this.queue.length === 0) setImmediate(() => void this.flush());
      this.queue.push({ row, done: (error) => (error === undefined ? resolve() : reject(error)) });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    if (batch.length > 1) {
      try {
        await this.db().createMany(
          'oidcModel',
          batch.map((item) => item.row),
        );
        for (const item of batch) item.done();
        return;
      } catch {
        // Nothing of it was written: each row alone below.
      }
    }
    for (const item of batch) {
      try {
        await this.db().insert('oidcModel', item.row);
        item.done();
      } catch (error) {
        item.done(error ?? new Error('the insert failed'));
      }
    }
  }
}

/**
 * Models whose every save is of a new instance (a fresh id): their rows go in the turn's batch.
 * The others are saved again (the session at every authorization, an interaction at each step, a
 * grant, a device code once approved), and one of them in a batch failed the whole batch, each
 * of its rows then inserted again alone.
 */
const NEW_ON_EVERY_SAVE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'ClientCredentials', 'PushedAuthorizationRequest', REPLAY_DETECTION]);

/** Models whose rows a grant's revocation removes (oidc-provider's grantable models). */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'ClientCredentials', 'BackchannelAuthenticationRequest', 'Grant']);

/**
 * oidc-provider's storage on Gatehouse's database (every dialect): one `oidcModel` row per
 * model instance. Admins' applications come from `oauthApplication` instead (the `Client`
 * model reads them first); clients of dynamic registration are the provider's own `Client` rows.
 */
export class ModelStore implements OidcAdapter {
  constructor(
    private readonly auth: Pick<AuthContext, 'adapter' | 'encrypter' | 'now'>,
    private readonly model: string,
    private readonly sweeper: Sweeper = { last: 0 },
    private readonly inserts?: InsertBatch,
    private readonly byId?: RowById,
  ) {}

  private consumeCompiled?: CompiledQuery;

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  private get db(): Adapter {
    return this.auth.adapter;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const data = {
      model: this.model,
      payload,
      grantId: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      accountId: payload.accountId ?? null,
      clientId: payload.clientId ?? null,
      expiresAt: expiresIn ? new Date(this.auth.now() + expiresIn * 1000) : null,
    };
    const key = this.key(id);
    const where = [{ field: 'id', value: key }];
    const fresh = NEW_ON_EVERY_SAVE.has(this.model);
    // An instance saved again and again (the session at every authorization, an interaction at
    // each of its steps) meets its row: updated in one statement. A first save finds none.
    if (fresh || !(await this.db.update('oidcModel', where, data))) {
      try {
        // A token or code (every one has a fresh id): inserted in the turn's batch, one statement and one commit for all.
        if (fresh && this.inserts) await this.inserts.insert({ id: key, ...data });
        else await this.db.insert('oidcModel', { id: key, ...data });
      } catch (error) {
        // A replay check's row is written once: there and unexpired, its jti was seen (by a request racing this one).
        if (this.model === REPLAY_DETECTION && (await this.seen(key))) throw new SeenAlready();
        // The id's row exists (a unique violation in any dialect's words, or a save racing this
        // one): update it; if it does not, the insert failed for another reason, which stands.
        if (!(await this.db.update('oidcModel', where, data))) throw error;
      }
    }
    await this.sweep();
  }

  /** The row of `key` as it is (expired or not), through the prepared read where there is one. */
  private async row(key: string): Promise<ModelRow | undefined> {
    if (this.byId) return this.byId(key);
    return (await this.db.findOne<ModelRow>('oidcModel', [{ field: 'id', value: key }])) ?? undefined;
  }

  /** Whether the row of `key` is there and unexpired (a replay check's jti seen). */
  private async seen(key: string): Promise<boolean> {
    const row = await this.row(key);
    return !!row && !(row.expiresAt && row.expiresAt.getTime() <= this.auth.now());
  }

  /** At most hourly per instance, on a write: deletes the rows past their expiry that nobody asked for again. */
  private async sweep(): Promise<void> {
    const now = this.auth.now();
    if (now - this.sweeper.last < SWEEP_EVERY_MS) return;
    this.sweeper.last = now;
    await this.db.delete('oidcModel', [{ field: 'expiresAt', value: new Date(now), operator: 'lt' }]);
  }

  private async live(where: { field: string; value: string }): Promise<AdapterPayload | undefined> {
    const row = await this.db.findOne<ModelRow>('oidcModel', [where, { field: 'model', value: this.model }]);
    return row ? this.unexpired(row) : undefined;
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    // An admin's application, else a client registered through dynamic registration (RFC 7591).
    if (this.model === 'Client') return (await clientMetadata(this.auth, id)) ?? this.live({ field: 'id', value: this.key(id) });
    if (!this.byId) return this.live({ field: 'id', value: this.key(id) });
    // Every token looked up (introspection, userinfo, a refresh) reads by id: one prepared statement.
    const row = await this.byId(this.key(id));
    if (!row || row.model !== this.model) return undefined;
    return this.unexpired(row);
  }

  private async unexpired(row: ModelRow): Promise<AdapterPayload | undefined> {
    if (row.expiresAt && row.expiresAt.getTime() <= this.auth.now()) {
      await this.db.delete('oidcModel', [{ field: 'id', value: row.id }]);
      return undefined;
    }
    return row.payload;
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.live({ field: 'userCode', value: userCode });
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.live({ field: 'uid', value: uid });
  }

  /**
   * Marks the instance consumed, once: the update is a compare-and-set on "not consumed yet", so
   * of several requests redeeming one code or refresh token at once only one goes on, and the
   * others meet `ConsumedAlready`. oidc-provider looks at `consumed` in the copy it read earlier
   * in the request and then consumes, a check that requests racing each other all passed (ten
   * token sets for one code on PostgreSQL and MySQL).
   */
  async consume(id: string): Promise<void> {
    const key = this.key(id);
    const row = await this.row(key);
    // Gone since the request read it: revoked (another request's reuse of it), or expired.
    if (!row) throw new ConsumedAlready(this.model, undefined);
    if (!row.payload.consumed) {
      const payload = JSON.stringify({ ...row.payload, consumed: Math.floor(this.auth.now() / 1000) });
      const done = await this.db.db.executeQuery({ ...this.consumeQuery(), parameters: [payload, key] });
      if (Number(done.numAffectedRows) === 1) return;
    }
    throw new ConsumedAlready(this.model, row.grantId ?? row.payload.grantId);
  }

  /** The compare-and-set of `consume`, compiled once (its parameters: the new payload, the id). */
  private consumeQuery() {
    const { db, caps } = this.db;
    this.consumeCompiled ??= db
      .updateTable('oidcModel')
      .set({ payload: '' })
      .where('id', '=', '')
      .where(caps.jsonText('payload', 'consumed'), 'is', null)
      .compile();
    return this.consumeCompiled;
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete('oidcModel', [{ field: 'id', value: this.key(id) }]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete('oidcModel', [{ field: 'grantId', value: grantId }]);
  }
}

/** Revokes every grant of a person to an application, with the tokens issued under them. */
export async function revokeGrants(auth: Pick<AuthContext, 'adapter'>, accountId: string, clientId: string): Promise<void> {
  await auth.adapter.transaction(async (trx) => {
    const grants = await trx.findMany<{ id: string }>('oidcModel', {
      where: [
        { field: 'model', value: 'Grant' },
        { field: 'accountId', value: accountId },
        { field: 'clientId', value: clientId },
      ],
    });
    for (const g of grants) {
      await trx.delete('oidcModel', [{ field: 'grantId', value: g.id.slice('Grant:'.length) }]);
      await trx.delete('oidcModel', [{ field: 'id', value: g.id }]);
    }
  });
}

/** Where the provider keeps its models: the database (default) or the secondary storage. */
export interface ProviderStorage {
  /** oidc-provider's adapter for one model. */
  model(name: string): OidcAdapter;
  /** Revokes every grant of a person to an application, with the tokens issued under them. */
  revokeGrants(accountId: string, clientId: string): Promise<void>;
}

/** A row of `oidcModel` by its id, read through the database's prepared statement. */
type RowById = (id: string) => Promise<ModelRow | undefined>;

/** The prepared read by id where the database offers one (every dialect Gatehouse opens does). */
function rowById(auth: Pick<AuthContext, 'adapter' | 'database'>): RowById | undefined {
  const reader = auth.adapter.arrayReader('oidcModel');
  const text = auth.adapter.db.selectFrom('oidcModel').select(reader.columns).where('id', '=', '').compile().sql;
  const prepared = auth.database.prepare?.(text, 'gatehouse_oidc_model_by_id');
  if (!prepared) return undefined;
  const one: RowById = async (id) => {
    const values = (await prepared([id]))[0];
    return values ? (reader.read(values) as ModelRow) : undefined;
  };
  // SQLite answers a read at once, in the same turn: nothing to gather.
  return auth.adapter.caps.name === 'sqlite' ? one : readBatch(auth.adapter, one);
}

/** Ids in one `in (…)` list at most. */
const READ_BATCH_MAX = 512;

/**
 * Reads by id asked for in one turn of the event loop, answered by one query, on a database across
 * a connection: each read alone was a round trip, the pg client's work and a socket write (under
 * introspection load on PostgreSQL, more than the answers' own writes). Every read is still of
 * the rows as they are after it was asked for: the query is sent after the turn it was asked in.
 * A turn with one read uses the prepared statement, as before.
 */
function readBatch(adapter: Adapter, one: RowById): RowById {
  let waiting = new Map<string, ((row: ModelRow | undefined, error?: unknown) => void)[]>();
  const flush = async () => {
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += READ_BATCH_MAX) {
      const chunk = ids.slice(i, i + READ_BATCH_MAX);
      let found = new Map<string, ModelRow>();
      let failed: unknown;
      try {
        if (chunk.length === 1) {
          const row = await one(chunk[0]!);
          if (row) found.set(row.id, row);
        } else {
          // Padded to a power of two with its first id again: the data layer keeps one statement per list length,
          // so there are ten lengths at most, not one per batch size.
          const ids = chunk.concat(Array(2 ** Math.ceil(Math.log2(chunk.length)) - chunk.length).fill(chunk[0]));
          const rows = await adapter.findMany<ModelRow>('oidcModel', { where: [{ field: 'id', operator: 'in', value: ids }] });
          found = new Map(rows.map((row) => [row.id, row]));
        }
      } catch (error) {
        failed = error ?? new Error('the read failed');
      }
      for (const id of chunk) {
        const row = found.get(id);
        // Each read its own row: the provider's models are built on the payload they are given.
        for (const [i, done] of batch.get(id)!.entries()) done(row && i > 0 ? structuredClone(row) : row, failed);
      }
    }
  };
  return (id) =>
    new Promise((resolve, reject) => {
      // The real setImmediate (node:timers): a test's fake timers on the global do not hold reads back.
      if (waiting.size === 0) setImmediate(() => void flush());
      const done = (row: ModelRow | undefined, error?: unknown) => (error === undefined ? resolve(row) : reject(error));
      const list = waiting.get(id);
      if (list) list.push(done);
      else waiting.set(id, [done]);
    });
}

/** The provider's storage on Gatehouse's database. */
export function databaseProviderStorage(auth: Pick<AuthContext, 'adapter' | 'database' | 'encrypter' | 'now'>): ProviderStorage {
  const sweeper: Sweeper = { last: 0 };
  const inserts = new InsertBatch(() => auth.adapter);
  const byId = rowById(auth);
  return {
    model: (name) => new ModelStore(auth, name, sweeper, inserts, byId),
    revokeGrants: (accountId, clientId) => revokeGrants(auth, accountId, clientId),
  };
}
