import { Resolver } from 'node:dns/promises';
import { type AuthContext, extension, keysOf, listOf } from '../../kit.js';

/** A TXT look-up: the records of a name, each as its strings (node:dns/promises `resolveTxt`'s shape). */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** A provider the server defines in its options (better-auth's `defaultSSO`): used when no registered one matches. */
export interface DefaultSSOProvider {
  providerId: string;
  domain: string;
  issuer?: string;
  organizationId?: string;
  samlConfig?: Record<string, unknown>;
  oidcConfig?: Record<string, unknown>;
}

/**
 * The `sso` options (CONTRACT.md "Enterprise SSO"); the keys keep `@better-auth/sso`'s names.
 * Off unless `enabled`; needs the organization plugin.
 */
export interface SSOOptions {
  enabled?: boolean;
  /** New users join the provider's organization (default role `member`) unless `disabled`. */
  organizationProvisioning?: { disabled?: boolean; defaultRole?: string };
  /** Take the IdP's word that an email is verified (OIDC `email_verified`, SAML `emailVerified` attribute). Default off. */
  trustEmailVerified?: boolean;
  /** No user is created at first sign-in unless the sign-in asked for it (`requestSignUp`). */
  disableImplicitSignUp?: boolean;
  /** How many providers one user may register (0: registration off). Default 10. */
  providersLimit?: number;
  /**
   * Domain verification (on by default: stricter than better-auth): a provider's domain routes
   * sign-ins only once its organization proved it with a DNS TXT record. `resolveTxt` answers
   * the look-up (default node:dns); `enabled: false` gives better-auth's routing.
   */
  domainVerification?: {
    enabled?: boolean;
    tokenPrefix?: string;
    resolveTxt?: TxtResolver;
    /** DNS servers to ask (`ip` or `ip:port`) instead of the system's: a split-horizon or test resolver, from a JSON config too. */
    nameservers?: string[];
  };
  /** Providers from the options, used when no registered one matches. */
  defaultSSO?: DefaultSSOProvider[];
  saml?: {
    /** Check that a response answers a request this server made (default true). */
    enableInResponseToValidation?: boolean;
    /** Accept responses no request asked for (default false). */
    allowIdpInitiated?: boolean;
    /** How long a sign-in request waits for its answer, in ms (default 5 minutes). */
    requestTTL?: number;
    /** Clock difference tolerated on NotBefore / NotOnOrAfter, in ms (default 5 minutes). */
    clockSkew?: number;
    /** Refuse assertions without NotOnOrAfter (default true). */
    requireTimestamps?: boolean;
  };
}

/** The `sso` option keys, for the unknown-key check at start (plugins/option-keys.ts). */
export const ssoOptionKeys = keysOf<SSOOptions>({
  enabled: true,
  organizationProvisioning: keysOf<NonNullable<SSOOptions['organizationProvisioning']>>({ disabled: true, defaultRole: true }),
  trustEmailVerified: true,
  disableImplicitSignUp: true,
  providersLimit: true,
  domainVerification: keysOf<NonNullable<SSOOptions['domainVerification']>>({ enabled: true, tokenPrefix: true, resolveTxt: true, nameservers: true }),
  defaultSSO: listOf(keysOf<DefaultSSOProvider>({ providerId: true, domain: true, issuer: true, organizationId: true, samlConfig: true, oidcConfig: true })),
  saml: keysOf<NonNullable<SSOOptions['saml']>>({
    enableInResponseToValidation: true,
    allowIdpInitiated: true,
    requestTTL: true,
    clockSkew: true,
    requireTimestamps: true,
  }),
});

export interface SSOConfig {
  provisioning: { disabled: boolean; defaultRole: string };
  trustEmailVerified: boolean;
  disableImplicitSignUp: boolean;
  providersLimit: number;
  verification: { enabled: boolean; tokenPrefix: string; resolveTxt: TxtResolver | undefined };
  defaultSSO: DefaultSSOProvider[];
  saml: { inResponseTo: boolean; allowIdpInitiated: boolean; requestTTL: number; clockSkew: number; requireTimestamps: boolean };
}

const MINUTE = 60_000;

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new Error(`sso.${name} must be a number of at least 0`);
  return value;
}

/** A TXT look-up through the given DNS servers (3 s, one try each). */
function resolverOf(servers: string[]): TxtResolver {
  if (!Array.isArray(servers) || servers.length === 0) throw new Error('sso.domainVerification.nameservers must list at least one DNS server (ip or ip:port)');
  const resolver = new Resolver({ timeout: 3000, tries: 1 });
  try {
    resolver.setServers(servers);
  } catch {
    throw new Error('sso.domainVerification.nameservers must list DNS servers as ip or ip:port');
  }
  return (name) => resolver.resolveTxt(name);
}

export function resolveSSOOptions(o: SSOOptions = {}): SSOConfig {
  const prefix = o.domainVerification?.tokenPrefix ?? 'better-auth-token';
  if (!/^[a-z0-9-]{1,40}$/i.test(prefix)) throw new Error('sso.domainVerification.tokenPrefix must be 1-40 letters, digits or hyphens');
  return {
    provisioning: { disabled: o.organizationProvisioning?.disabled === true, defaultRole: o.organizationProvisioning?.defaultRole ?? 'member' },
    trustEmailVerified: o.trustEmailVerified === true,
    disableImplicitSignUp: o.disableImplicitSignUp === true,
    providersLimit: nonNegative('providersLimit', o.providersLimit ?? 10),
    verification: {
      enabled: o.domainVerification?.enabled !== false,
      tokenPrefix: prefix,
      resolveTxt: o.domainVerification?.resolveTxt ?? (o.domainVerification?.nameservers ? resolverOf(o.domainVerification.nameservers) : undefined),
    },
    defaultSSO: o.defaultSSO ?? [],
    saml: {
      inResponseTo: o.saml?.enableInResponseToValidation !== false,
      allowIdpInitiated: o.saml?.allowIdpInitiated === true,
      requestTTL: nonNegative('saml.requestTTL', o.saml?.requestTTL ?? 5 * MINUTE),
      clockSkew: nonNegative('saml.clockSkew', o.saml?.clockSkew ?? 5 * MINUTE),
      requireTimestamps: o.saml?.requireTimestamps !== false,
    },
  };
}

const slot = extension<SSOConfig>('sso');

export const useSSOConfig = slot.set;

export function ssoConfig(auth: AuthContext): SSOConfig {
  return slot.get(auth);
}
