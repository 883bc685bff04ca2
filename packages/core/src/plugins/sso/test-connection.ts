import { type AuthContext, type EndpointContext, randomString, type Row, withParams } from '../../kit.js';
import { ssoConfig } from './config.js';
import { mayAssert, type SSOIdentity } from './provision.js';
import { mappedRole } from './roles.js';
import type { ProviderRow } from './store.js';

/** What a "Test connection" run found: the IdP's answer as read, or why it was refused. Nobody is signed in. */
export interface TestReport {
  providerId: string;
  ok: boolean;
  /** The refusal's code (`saml_error`, `invalid_saml_response`, `invalid_id_token`…) and why. */
  error?: string;
  description?: string;
  identity?: { accountId: string; email: string | null; emailVerified: boolean; name: string | null };
  /** Every attribute (SAML) or claim (OIDC) the IdP sent. */
  attributes?: Record<string, unknown>;
  /** Whether this IdP may assert that address (its verified domains), as a real sign-in would check. */
  emailAllowed?: boolean;
  /** The role a sign-in would give (the role mapping, else the default). */
  role?: string;
  testedAt: string;
}

const TTL_MS = 10 * 60_000;
const MAX_ATTRIBUTES = 16 * 1024;
const resultIdentifier = (id: string) => `sso-test-result:${id}`;
/** The OIDC state's provider for a test run: the tester's id in it, so the callback knows it is one and whose. */
export const testStateProvider = (userId: string, providerId: string) => `ssotest:${userId}:${providerId}`;

export function testerOf(stateProvider: string, providerId: string): string | null {
  const prefix = 'ssotest:';
  const suffix = `:${providerId}`;
  if (!stateProvider.startsWith(prefix) || !stateProvider.endsWith(suffix)) return null;
  const userId = stateProvider.slice(prefix.length, -suffix.length);
  return userId && !userId.includes(':') ? userId : null;
}

function boundedAttributes(attributes: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!attributes) return undefined;
  const json = JSON.stringify(attributes);
  return json.length <= MAX_ATTRIBUTES ? attributes : { _truncated: `${json.length} characters; first ${MAX_ATTRIBUTES}: ${json.slice(0, MAX_ATTRIBUTES)}` };
}

/** The report of an answer that passed every check. */
export async function successReport(auth: AuthContext, provider: ProviderRow, identity: SSOIdentity): Promise<Omit<TestReport, 'testedAt'>> {
  const email = identity.email?.trim().toLowerCase() ?? null;
  const fallback = ssoConfig(auth).provisioning.defaultRole;
  return {
    providerId: provider.providerId,
    ok: true,
    identity: { accountId: identity.accountId, email, emailVerified: identity.emailVerified, name: identity.name ?? null },
    attributes: boundedAttributes(identity.attributes),
    emailAllowed: email ? mayAssert(auth, provider, email) : false,
    role:
      provider.organizationId && provider.roleMapping
        ? await mappedRole(auth, provider.organizationId, provider.roleMapping, identity.attributes, fallback)
        : fallback,
  };
}

/** Keeps the report for its tester (10 minutes) and sends the test window back to the page that started it, `?ssoTest={id}`. */
export async function report(c: EndpointContext, testerId: string, callbackURL: string, found: Omit<TestReport, 'testedAt'>): Promise<Response> {
  const id = randomString(32);
  const value: TestReport = { ...found, testedAt: new Date(c.auth.now()).toISOString() };
  await c.auth.adapter.create('verification', {
    identifier: resultIdentifier(id),
    value: JSON.stringify({ userId: testerId, report: value }),
    expiresAt: new Date(c.auth.now() + TTL_MS),
  });
  return c.redirect(withParams(callbackURL, { ssoTest: id }));
}

/** A report, for its tester only (anyone else: null, as for an unknown id). */
export async function readReport(auth: AuthContext, id: string, userId: string): Promise<TestReport | null> {
  if (!/^[A-Za-z0-9]{32}$/.test(id)) return null;
  const row = await auth.adapter.findOne<Row & { value: string; expiresAt: Date }>('verification', [{ field: 'identifier', value: resultIdentifier(id) }]);
  if (!row || row.expiresAt.getTime() <= auth.now()) return null;
  try {
    const data = JSON.parse(row.value) as { userId: string; report: TestReport };
    return data.userId === userId ? data.report : null;
  } catch {
    return null;
  }
}
