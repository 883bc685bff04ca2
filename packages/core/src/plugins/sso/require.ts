import { type AuthContext, type EndpointContext, memberRoles, type Row } from '../../kit.js';
import { ssoError } from './errors.js';
import { emailInDomains, type ProviderRow, parseDomains } from './store.js';

/**
 * "Require SSO for this domain" (an organization's option on its connection): addresses of a
 * verified domain whose connection requires SSO sign in through that organization's providers
 * only. An unverified domain never requires anything (else registering gmail.com would lock
 * out everyone there).
 */
export async function requiringProvider(auth: AuthContext, email: string): Promise<ProviderRow | null> {
  if (!email.includes('@')) return null;
  const rows = await auth.adapter.findMany<ProviderRow>('ssoProvider', {
    where: [
      { field: 'requireSso', value: true },
      { field: 'domainVerified', value: true },
    ],
    sortBy: { field: 'createdAt', direction: 'asc' },
  });
  return rows.find((p) => p.organizationId && emailInDomains(email, parseDomains(p.domain) ?? [])) ?? null;
}

/** The routes that start a sign-in or sign-up by an address alone: refused up front, before any mail is sent or account made. */
const BY_ADDRESS = new Set(['/sign-up/email', '/sign-in/magic-link', '/sign-in/email-otp']);

function emailIn(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const v = (body as Record<string, unknown>).email;
  return typeof v === 'string' ? v.trim().toLowerCase() : null;
}

/**
 * The `before` hook: a sign-up, a magic link or an email code for an address at a domain that
 * requires SSO is refused (403 SSO_REQUIRED) whether or not an account exists, so the answer
 * tells only what the domain does (as the email-first lookup does), never who has an account.
 */
export async function refuseByAddress(c: EndpointContext): Promise<undefined> {
  const otpSignIn = c.path === '/email-otp/send-verification-otp' && (c.body as { type?: unknown } | null)?.type === 'sign-in';
  if (!BY_ADDRESS.has(c.path) && !otpSignIn) return undefined;
  const email = emailIn(c.body);
  if (!email) return undefined;
  const provider = await requiringProvider(c.auth, email);
  if (!provider) return undefined;
  await c.auth.audit.record(c, 'sso.sign-in.refused', { details: { providerId: provider.providerId, route: c.path } });
  throw ssoError('FORBIDDEN', 'SSO_REQUIRED');
}

/**
 * The `beforeSignIn` gate, after the first factor and before a session (or a second factor): any
 * way in but a provider of the requiring organization is refused, so a wrong password still
 * answers "Invalid email or password" for every address and the refusal reveals nothing about
 * accounts. Break-glass: an owner of that organization keeps their other ways in (password,
 * passkey, with their second factor), so a broken IdP never locks the organization out.
 */
export async function refuseOtherWays(c: EndpointContext, user: Row, method: string): Promise<undefined> {
  const email = typeof user.email === 'string' ? user.email : '';
  const provider = await requiringProvider(c.auth, email);
  if (!provider?.organizationId) return undefined;
  if (method.startsWith('sso:')) {
    const used = await c.auth.adapter.findOne<ProviderRow>('ssoProvider', [{ field: 'providerId', value: method.slice(4) }]);
    if (used?.organizationId === provider.organizationId) return undefined;
  } else {
    const member = await c.auth.adapter.findOne<{ role: string }>('member', [
      { field: 'organizationId', value: provider.organizationId },
      { field: 'userId', value: String(user.id) },
    ]);
    if (member && memberRoles(member.role).includes('owner')) return undefined;
  }
  await c.auth.audit.record(c, 'sso.sign-in.refused', { userId: String(user.id), details: { providerId: provider.providerId, method } });
  throw ssoError('FORBIDDEN', 'SSO_REQUIRED');
}

/**
 * When an organization turns "require SSO" on: the open sessions of its members at the domain
 * that were not signed in through one of the organization's connections end at once (else a
 * password session opened before would outlive the rule). Owners keep theirs (break-glass, as
 * for signing in). Audited as `sso.sessions.revoked` with the counts.
 */
export async function revokeSessionsWithoutSso(c: EndpointContext, provider: ProviderRow): Promise<{ users: number; sessions: number }> {
  const { auth } = c;
  const organizationId = provider.organizationId;
  const domains = parseDomains(provider.domain) ?? [];
  if (!organizationId || !domains.length) return { users: 0, sessions: 0 };
  const connections = await auth.adapter.findMany<ProviderRow>('ssoProvider', { where: [{ field: 'organizationId', value: organizationId }] });
  const ours = new Set(connections.map((p) => p.providerId));
  const members = await auth.adapter.findMany<{ userId: string; role: string }>('member', { where: [{ field: 'organizationId', value: organizationId }] });
  let users = 0;
  let sessions = 0;
  for (const m of members) {
    if (memberRoles(m.role).includes('owner')) continue;
    const user = await auth.adapter.findOne<{ id: string; email: string }>('user', [{ field: 'id', value: m.userId }]);
    if (!user || !emailInDomains(user.email, domains)) continue;
    let ended = 0;
    for (const s of await auth.sessions.listForUser(user.id)) {
      const sso = await auth.adapter.findOne<{ providerId: string }>('ssoSession', [{ field: 'sessionId', value: s.id }]);
      if (sso && ours.has(sso.providerId)) continue;
      await auth.sessions.revoke(s.id);
      ended++;
    }
    if (ended) {
      users++;
      sessions += ended;
    }
  }
  await auth.audit.record(c, 'sso.sessions.revoked', {
    actorId: c.session?.user.id,
    details: { providerId: provider.providerId, organizationId, users, sessions, reason: 'require-sso' },
  });
  return { users, sessions };
}
