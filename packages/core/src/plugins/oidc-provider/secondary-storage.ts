import type { AdapterPayload, Adapter as OidcAdapter } from 'oidc-provider';
import type { AuthContext, SecondaryStorage } from '../../kit.js';
import { clientMetadata } from './applications.js';
import { ConsumedAlready, ModelStore, type ProviderStorage, REPLAY_DETECTION, SeenAlready } from './storage.js';

/** A stored model: its payload, when it was first written and when it expires (ms of the storage's clock). */
interface Stored {
  p: AdapterPayload;
  at: number;
  exp: number | null;
}

/** Where each key lives, below the storage's own prefix. */
const keys = {
  model: (model: string, id: string) => `oidc:${model}:${id}`,
  uid: (model: string, uid: string) => `oidc:${model}:uid:${uid}`,
  userCode: (model: string, code: string) => `oidc:${model}:user-code:${code}`,
  /** How many requests saved a replay check's jti (the storage's atomic counter): the others are replays. */
  seen: (id: string) => `oidc:ReplayDetection:seen:${id}`,
  /** How many requests consumed a code or refresh token (the storage's atomic counter): only the first goes on. */
  consumed: (model: string, id: string) => `oidc:${model}:consumed:${id}`,
  /** A grant revoked by id (a reused code or refresh token): its tokens are refused. */
  grantRevoked: (grantId: string) => `oidc:grant-revoked:${grantId}`,
  /** When a person last revoked their consent to an application: grants written before are refused. */
  consentRevoked: (accountId: string, clientId: string) => `oidc:consent-revoked:${accountId}:${clientId}`,
};

/**
 * oidc-provider's storage on the secondary storage (Redis): one key per model instance with
 * the model's own expiry, so every instance over the same Redis serves one provider.
 * Revocations are markers rather than lookups of every token: `revokeByGrantId` marks the
 * grant (its tokens read as gone), a consent's revocation marks the person and application
 * (their grants written before read as gone), so no index must be kept in step by two
 * instances writing at once. Markers live as long as a grant can (`grantTTL`).
 */
export class SecondaryModelStore implements OidcAdapter {
  constructor(
    private readonly storage: SecondaryStorage,
    private readonly auth: Pick<AuthContext, 'adapter' | 'encrypter'>,
    private readonly model: string,
    private readonly clock: () => Promise<number>,
    private readonly grantTTL: number,
  ) {}

  private async read(key: string): Promise<Stored | undefined> {
    const raw = await this.storage.get(key);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Stored;
    if (stored.exp !== null && stored.exp <= (await this.clock())) return undefined;
    return stored;
  }

  private async write(key: string, stored: Stored, now: number): Promise<void> {
    await this.storage.set(key, JSON.stringify(stored), stored.exp === null ? undefined : Math.max(0.001, (stored.exp - now) / 1000));
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    // A replay check's jti is saved once: the counter says whether a request racing this one saved it first.
    // (A storage without a counter keeps oidc-provider's look-up-then-save.)
    if (
      this.model === REPLAY_DETECTION &&
      this.storage.increment &&
      (await this.storage.increment(keys.seen(id), Math.max(1, expiresIn ?? this.grantTTL))).count > 1
    )
      throw new SeenAlready();
    const now = await this.clock();
    const key = keys.model(this.model, id);
    // A grant keeps when it was first written: a consent revoked later refuses it, a later grant not.
    const at = this.model === 'Grant' ? ((await this.read(key))?.at ?? now) : now;
    const stored: Stored = { p: payload, at, exp: expiresIn ? now + expiresIn * 1000 : null };
    await this.write(key, stored, now);
    const ttl = expiresIn || undefined;
    if (payload.uid) await this.storage.set(keys.uid(this.model, payload.uid), id, ttl);
    if (payload.userCode) await this.storage.set(keys.userCode(this.model, payload.userCode), id, ttl);
  }

  /** The payload unless it was revoked: its grant by id, or (a grant) its person's consent after it was written. */
  private async live(id: string): Promise<AdapterPayload | undefined> {
    return (await this.liveStored(id))?.p;
  }

  /** What `live` answers, as stored (its times too). */
  private async liveStored(id: string): Promise<Stored | undefined> {
    const stored = await this.read(keys.model(this.model, id));
    if (!stored) return undefined;
    const grantId = this.model === 'Grant' ? id : stored.p.grantId;
    if (grantId && (await this.storage.get(keys.grantRevoked(grantId)))) return undefined;
    if (this.model === 'Grant' && stored.p.accountId && stored.p.clientId) {
      const revokedAt = await this.storage.get(keys.consentRevoked(stored.p.accountId, stored.p.clientId));
      if (revokedAt && stored.at <= Number(revokedAt)) return undefined;
    }
    return stored;
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (this.model === 'Client') return (await clientMetadata(this.auth, id)) ?? this.live(id);
    return this.live(id);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const id = await this.storage.get(keys.uid(this.model, uid));
    return id ? this.live(id) : undefined;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const id = await this.storage.get(keys.userCode(this.model, userCode));
    return id ? this.live(id) : undefined;
  }

  /**
   * Marks the instance consumed, once (see `ModelStore.consume`): the storage's atomic counter
   * (Redis INCR) on the instance decides which request was first; the others meet
   * `ConsumedAlready`. A storage without a counter is read, checked and written, which two
   * instances racing each other can both pass.
   */
  async consume(id: string): Promise<void> {
    const key = keys.model(this.model, id);
    const stored = await this.liveStored(id);
    // Gone since the request read it (expired), or its grant revoked meanwhile (another request's reuse of it).
    if (!stored) throw new ConsumedAlready(this.model, undefined);
    const first = this.storage.increment ? (await this.storage.increment(keys.consumed(this.model, id), this.grantTTL)).count === 1 : !stored.p.consumed;
    if (!first) throw new ConsumedAlready(this.model, stored.p.grantId);
    const now = await this.clock();
    await this.write(key, { ...stored, p: { ...stored.p, consumed: Math.floor(now / 1000) } }, now);
  }

  async destroy(id: string): Promise<void> {
    await this.storage.delete(keys.model(this.model, id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.storage.set(keys.grantRevoked(grantId), '1', this.grantTTL);
    if (this.model === 'Grant') await this.storage.delete(keys.model('Grant', grantId));
  }
}

/** The provider's storage on the secondary storage; the storage's clock (Redis TIME) when it has one. */
export function secondaryProviderStorage(
  storage: SecondaryStorage,
  auth: Pick<AuthContext, 'adapter' | 'encrypter' | 'now'>,
  grantTTL: number,
): ProviderStorage {
  const ops = storage.sessionOps;
  const clock = ops ? () => ops.now() : async () => auth.now();
  return {
    // Clients of dynamic registration are configuration, not short-lived state: they stay in the
    // database (a Redis that keeps nothing on disk would forget them), where admins list them.
    model: (name) => (name === 'Client' ? new ModelStore(auth, name) : new SecondaryModelStore(storage, auth, name, clock, grantTTL)),
    async revokeGrants(accountId, clientId) {
      await storage.set(keys.consentRevoked(accountId, clientId), String(await clock()), grantTTL);
    },
  };
}
