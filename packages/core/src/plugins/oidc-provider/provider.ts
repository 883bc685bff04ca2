import type { IncomingMessage, ServerResponse } from 'node:http';
import type { default as Provider } from 'oidc-provider';
import { type AuthContext, fetchFromNode, loadPeer } from '../../kit.js';
import type { OidcProviderConfig } from './config.js';
import { atomicReplayChecks, configurationOf, listen } from './configuration.js';
import { deviceAnswer } from './device.js';
import { type KeyPolicy, type KeySet, loadKeySet } from './keys.js';
import { machineLane } from './machine-lane.js';
import { orderedTokenIds } from './token-ids.js';
import { databaseProviderStorage, type ProviderStorage } from './storage.js';
import { secondaryProviderStorage } from './secondary-storage.js';

export { INTERACTION_PATH, OIDC_ROUTES } from './configuration.js';

/** What the mount hands to oidc-provider: its routes and its two discovery documents. */
export const OIDC_MOUNT = {
  prefixes: ['/oidc/'],
  paths: ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server'],
};

/** How often an instance reads the key set again, to publish keys another instance made (ms). */
const KEY_CHECK_MS = 60_000;

export interface OidcRuntime {
  /** The provider of the current key set. */
  readonly provider: Provider;
  readonly storage: ProviderStorage;
  /** A Fetch request (`auth.handler` without Node's server), through the Node bridge. */
  fetch(request: Request, ip: string | null): Promise<Response>;
  /** Node's own request (Gatehouse's server): the provider's `callback()` on it, nothing in between. */
  node(req: IncomingMessage, res: ServerResponse): void | Promise<unknown>;
  /** Reads the key set again now (after a rotation), rebuilding the provider when it changed. */
  refreshKeys(): Promise<void>;
}

function storageOf(auth: AuthContext, config: OidcProviderConfig): ProviderStorage {
  if (config.storage === 'database') return databaseProviderStorage(auth);
  if (!auth.secondaryStorage) throw new Error('oidcProvider.storage is "secondary-storage" but no secondaryStorage (REDIS_URL) is configured');
  return secondaryProviderStorage(auth.secondaryStorage, auth, config.refreshTokenTTL);
}

/**
 * Builds the provider (oidc-provider) for this instance: issuer `{BASE_URL}{basePath}`.
 * oidc-provider takes its keys once, when built: when the key set changes (a rotation here or
 * on another instance, seen within a minute) the provider is built again over the same
 * storage, so nothing in flight is lost.
 */
export async function createOidcRuntime(auth: AuthContext, config: OidcProviderConfig): Promise<OidcRuntime> {
  const issuer = `${auth.baseURL}${auth.basePath}`;
  // Loaded only when the provider is on: an instance without it never reads oidc-provider and Koa.
  const oidc = await loadPeer('oidc-provider', () => import('oidc-provider'));
  const storage = storageOf(auth, config);
  const policy: KeyPolicy = { rotationInterval: config.keyRotationInterval, retention: config.idTokenTTL + 600 };

  const build = async (keys: KeySet) => {
    const provider = new oidc.default(issuer, configurationOf(auth, config, storage, keys.keys, oidc));
    // URLs and cookies follow the base URL (the bridge says so through X-Forwarded-*, set by Gatehouse, never the caller's).
    provider.proxy = true;
    listen(auth, provider);
    atomicReplayChecks(provider);
    orderedTokenIds(provider);
    provider.use(deviceAnswer(config));
    const callback = provider.callback();
    const fetch = fetchFromNode(callback, { mountPath: auth.basePath, publicURL: new URL(auth.baseURL) });
    return { provider, callback, fetch, keys, checkedAt: auth.now() };
  };
  let current = await build(await loadKeySet(auth, policy));
  const lane = machineLane(auth, storage, config.accessTokenTTL, issuer);
  let checking: Promise<void> | undefined;

  const refreshKeys = async () => {
    const keys = await loadKeySet(auth, policy);
    if (keys.fingerprint === current.keys.fingerprint) current = { ...current, keys, checkedAt: auth.now() };
    else current = await build(keys);
  };
  /** Whether the key set is due to be read again (a minute since the last look, or a rotation due). */
  const due = () => {
    const now = auth.now();
    return !(now - current.checkedAt < KEY_CHECK_MS && now < current.keys.changesAt);
  };
  const fresh = async () => {
    if (!due()) return;
    checking ??= refreshKeys().finally(() => {
      checking = undefined;
    });
    await checking;
  };

  return {
    get provider() {
      return current.provider;
    },
    storage,
    async fetch(request, ip) {
      await fresh();
      return current.fetch(request, ip);
    },
    node(req, res) {
      // A machine's plain grant or introspection first (`machine-lane.ts`), else the provider:
      // at once while the key set is fresh, no promise between Node's request and the provider.
      return lane.serve(req, res, () => {
        if (!due()) return current.callback(req, res);
        // A failure to read the key set is answered by the caller as the Fetch path answers it.
        return fresh().then(() => current.callback(req, res));
      });
    },
    refreshKeys,
  };
}
