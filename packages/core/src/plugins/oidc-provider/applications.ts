import { randomBytes } from 'node:crypto';
import type { AdapterPayload } from 'oidc-provider';
import { type AuthContext, randomString } from '../../kit.js';
import { oidcError } from './errors.js';
import { findResourceServer } from './resource-servers.js';
import { CLIENT_MEMO_MAX, CLIENT_MEMO_MS, forgetClient, memoOf } from './client-memo.js';

/** The device authorization grant's type (RFC 8628 §3.4). */
export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

type ApplicationRow = {
  id: string;
  clientId: string;
  clientSecret: string | null;
  name: string;
  redirectURIs: string[];
  postLogoutRedirectURIs: string[] | null;
  public: boolean;
  firstParty: boolean;
  backchannelLogoutURI: string | null;
  deviceFlow: boolean;
  requirePAR: boolean;
  requireDPoP: boolean;
  resources: string[] | null;
  createdAt: Date;
  updatedAt: Date;
};

/** An application as the admin API answers it (never its secret). */
export interface OAuthApplication {
  id: string;
  clientId: string;
  name: string;
  redirectURIs: string[];
  postLogoutRedirectURIs: string[];
  public: boolean;
  firstParty: boolean;
  backchannelLogoutURI: string | null;
  /** Settings of the newer standards, each off until an admin turns it on. */
  settings: ApplicationSettings;
  createdAt: Date;
  updatedAt: Date;
}

/** Per application: what it may use and what it must. */
export interface ApplicationSettings {
  /** May use the device authorization grant (RFC 8628). */
  deviceFlow: boolean;
  /** Must push its authorization requests (RFC 9126). */
  requirePAR: boolean;
  /** Its access tokens must be DPoP-bound (RFC 9449). */
  requireDPoP: boolean;
  /** The APIs (resource server identifiers, RFC 8707) it may ask tokens for. */
  resources: string[];
}

export interface NewApplication {
  name: string;
  redirectURIs: string[];
  postLogoutRedirectURIs?: string[];
  public?: boolean;
  firstParty?: boolean;
  backchannelLogoutURI?: string;
  settings?: Partial<ApplicationSettings>;
}

const applicationOf = (r: ApplicationRow): OAuthApplication => ({
  id: r.id,
  clientId: r.clientId,
  name: r.name,
  redirectURIs: r.redirectURIs,
  postLogoutRedirectURIs: r.postLogoutRedirectURIs ?? [],
  public: r.public,
  firstParty: r.firstParty,
  backchannelLogoutURI: r.backchannelLogoutURI,
  settings: { deviceFlow: r.deviceFlow, requirePAR: r.requirePAR, requireDPoP: r.requireDPoP, resources: r.resources ?? [] },
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** An absolute http(s) URL without a fragment, else 400 INVALID_REDIRECT_URI. */
function checkURI(uri: string): string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw oidcError('BAD_REQUEST', 'INVALID_REDIRECT_URI');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hash || uri.includes('#')) throw oidcError('BAD_REQUEST', 'INVALID_REDIRECT_URI');
  return uri;
}

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * A new client ID, for an admin's application and for a client of dynamic registration alike: 22 letters and digits
 * (131 bits). An ID that began with '-' was taken for an option by a shell command
 * (`gatehouse oauth-client example-device --client-id -x…`), and '-' or '_' stops a double-click's selection.
 */
export const newClientId = (): string => randomString(22);

/** Registers an application; answers it with its `clientSecret` (shown this once; none for a public client). */
export async function createApplication(auth: AuthContext, input: NewApplication): Promise<OAuthApplication & { clientSecret?: string }> {
  const redirectURIs = input.redirectURIs.map(checkURI);
  const postLogout = (input.postLogoutRedirectURIs ?? []).map(checkURI);
  const backchannel = input.backchannelLogoutURI ? checkURI(input.backchannelLogoutURI) : null;
  const secret = input.public ? undefined : newSecret();
  const now = new Date(auth.now());
  const row = await auth.adapter.create<ApplicationRow>('oauthApplication', {
    clientId: newClientId(),
    clientSecret: secret ? auth.encrypter.encrypt(secret) : null,
    name: input.name,
    redirectURIs,
    postLogoutRedirectURIs: postLogout,
    public: input.public ?? false,
    firstParty: input.firstParty ?? false,
    backchannelLogoutURI: backchannel,
    deviceFlow: input.settings?.deviceFlow ?? false,
    requirePAR: input.settings?.requirePAR ?? false,
    requireDPoP: input.settings?.requireDPoP ?? false,
    resources: await checkResources(auth, input.settings?.resources ?? []),
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw new Error('could not create the application');
  return { ...applicationOf(row), ...(secret ? { clientSecret: secret } : {}) };
}

export async function findApplication(auth: Pick<AuthContext, 'adapter'>, clientId: string): Promise<OAuthApplication | null> {
  const row = await auth.adapter.findOne<ApplicationRow>('oauthApplication', [{ field: 'clientId', value: clientId }]);
  return row ? applicationOf(row) : null;
}

export async function listApplications(auth: AuthContext): Promise<OAuthApplication[]> {
  const rows = await auth.adapter.findMany<ApplicationRow>('oauthApplication', { sortBy: { field: 'createdAt', direction: 'asc' } });
  return rows.map(applicationOf);
}

/** Only registered APIs, else 400 RESOURCE_SERVER_NOT_FOUND. */
async function checkResources(auth: AuthContext, resources: string[]): Promise<string[]> {
  const unique = [...new Set(resources)];
  for (const r of unique) if (!(await findResourceServer(auth, r))) throw oidcError('BAD_REQUEST', 'RESOURCE_SERVER_NOT_FOUND');
  return unique;
}

/** Changes an application's name, URIs or settings; 404 APPLICATION_NOT_FOUND. */
export async function updateApplication(
  auth: AuthContext,
  clientId: string,
  patch: { name?: string; redirectURIs?: string[]; postLogoutRedirectURIs?: string[]; settings?: Partial<ApplicationSettings> },
): Promise<OAuthApplication> {
  const data: Record<string, unknown> = { updatedAt: new Date(auth.now()) };
  const settings = patch.settings ?? {};
  for (const flag of ['deviceFlow', 'requirePAR', 'requireDPoP'] as const) if (settings[flag] !== undefined) data[flag] = settings[flag];
  if (settings.resources) data.resources = await checkResources(auth, settings.resources);
  if (patch.name !== undefined) data.name = patch.name;
  if (patch.redirectURIs) data.redirectURIs = patch.redirectURIs.map(checkURI);
  if (patch.postLogoutRedirectURIs) data.postLogoutRedirectURIs = patch.postLogoutRedirectURIs.map(checkURI);
  const row = await auth.adapter.update<ApplicationRow>('oauthApplication', [{ field: 'clientId', value: clientId }], data);
  forgetClient(auth, clientId);
  if (!row) throw oidcError('NOT_FOUND', 'APPLICATION_NOT_FOUND');
  return applicationOf(row);
}

/** A new secret for a confidential application (the old one stops working at once). */
export async function rotateSecret(auth: AuthContext, clientId: string): Promise<{ clientId: string; clientSecret: string }> {
  const app = await findApplication(auth, clientId);
  if (!app || app.public) throw oidcError('NOT_FOUND', 'APPLICATION_NOT_FOUND');
  const secret = newSecret();
  await auth.adapter.update('oauthApplication', [{ field: 'clientId', value: clientId }], {
    clientSecret: auth.encrypter.encrypt(secret),
    updatedAt: new Date(auth.now()),
  });
  forgetClient(auth, clientId);
  return { clientId, clientSecret: secret };
}

/** Removes an application and its consents; the tokens issued to it stop working with it (their client is gone). */
export async function deleteApplication(auth: AuthContext, clientId: string): Promise<void> {
  const removed = await auth.adapter.transaction(async (trx) => {
    const n = await trx.delete('oauthApplication', [{ field: 'clientId', value: clientId }]);
    await trx.delete('oauthConsent', [{ field: 'clientId', value: clientId }]);
    return n;
  });
  forgetClient(auth, clientId);
  if (!removed) throw oidcError('NOT_FOUND', 'APPLICATION_NOT_FOUND');
}

/**
 * Client secrets as decrypted, per encrypter and sealed value: every token request reads its
 * client, and AES-GCM (a key imported, a decipher made) was about a tenth of a client-credentials
 * grant's CPU. A rotated secret is another sealed value, so it is decrypted afresh.
 */
const openedSecrets = new WeakMap<object, Map<string, string | null>>();
const OPENED_SECRETS_MAX = 1000;

function openSecret(encrypter: AuthContext['encrypter'], sealed: string): string | null {
  let opened = openedSecrets.get(encrypter);
  if (!opened) {
    opened = new Map();
    openedSecrets.set(encrypter, opened);
  }
  const known = opened.get(sealed);
  if (known !== undefined) return known;
  const secret = encrypter.decrypt(sealed);
  if (opened.size >= OPENED_SECRETS_MAX) opened.delete(opened.keys().next().value as string);
  opened.set(sealed, secret);
  return secret;
}

/**
 * The client metadata oidc-provider reads for an application (`Client` model), on every request
 * that names the client: from this instance's memo for up to CLIENT_MEMO_MS (client-memo.ts),
 * else read from its row. Reading the row was about a sixth of a client-credentials grant's CPU.
 */
export async function clientMetadata(auth: Pick<AuthContext, 'adapter' | 'encrypter'>, clientId: string): Promise<AdapterPayload | undefined> {
  const memo = memoOf(auth.adapter);
  const now = performance.now();
  const known = memo.byId.get(clientId);
  if (known && known.until > now) return known.metadata;
  const generation = memo.generation;
  const metadata = await readClientMetadata(auth, clientId);
  if (metadata && memo.generation === generation) {
    if (memo.byId.size >= CLIENT_MEMO_MAX) memo.byId.delete(memo.byId.keys().next().value as string);
    memo.byId.delete(clientId);
    memo.byId.set(clientId, { metadata, until: now + CLIENT_MEMO_MS });
  }
  return metadata;
}

/** The metadata read from the application's row; undefined when there is none (a registered client, or nobody). */
async function readClientMetadata(auth: Pick<AuthContext, 'adapter' | 'encrypter'>, clientId: string): Promise<AdapterPayload | undefined> {
  const row = await auth.adapter.findOne<ApplicationRow>('oauthApplication', [{ field: 'clientId', value: clientId }]);
  if (!row) return undefined;
  const secret = row.clientSecret ? openSecret(auth.encrypter, row.clientSecret) : null;
  const interactive = row.redirectURIs.length > 0;
  return {
    client_id: row.clientId,
    client_name: row.name,
    ...(row.public || !secret ? { token_endpoint_auth_method: 'none' } : { client_secret: secret, token_endpoint_auth_method: 'client_secret_basic' }),
    redirect_uris: row.redirectURIs,
    post_logout_redirect_uris: row.postLogoutRedirectURIs ?? [],
    response_types: interactive ? ['code'] : [],
    grant_types: [
      ...(interactive ? ['authorization_code', 'refresh_token'] : []),
      ...(row.public ? [] : ['client_credentials']),
      ...(row.deviceFlow ? [DEVICE_GRANT] : []),
    ],
    ...(row.requirePAR ? { require_pushed_authorization_requests: true } : {}),
    ...(row.requireDPoP ? { dpop_bound_access_tokens: true } : {}),
    gatehouse_resources: row.resources ?? [],
    ...(row.backchannelLogoutURI ? { backchannel_logout_uri: row.backchannelLogoutURI, backchannel_logout_session_required: false } : {}),
  };
}
