import { Resolver } from 'node:dns/promises';
import { z } from 'zod';
import { type AuthContext, callback, extension } from '../../kit.js';

/** A TXT look-up: the records of a name, each as its strings (node:dns/promises `resolveTxt`'s shape). */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** A provider the server defines in its options (better-auth's `defaultSSO`): used when no registered one matches. */
export const defaultSSOProvider = z.strictObject({
  providerId: z.string().min(1),
  domain: z.string().min(1),
  issuer: z.string().optional(),
  organizationId: z.string().optional(),
  samlConfig: z.record(z.string(), z.unknown()).optional(),
  oidcConfig: z.record(z.string(), z.unknown()).optional(),
});

export type DefaultSSOProvider = z.output<typeof defaultSSOProvider>;

const atLeastZero = (what: string) => z.number({ error: `must be ${what} of at least 0` }).nonnegative(`must be ${what} of at least 0`);

/**
 * The `sso` options (CONTRACT.md "Enterprise SSO"); the keys keep `@better-auth/sso`'s names.
 * Off unless `enabled`; needs the organization plugin.
 */
export const ssoOptions = z.strictObject({
  enabled: z.boolean().optional(),
  /** New users join the provider's organization (default role `member`) unless `disabled`. */
  organizationProvisioning: z.strictObject({ disabled: z.boolean().optional(), defaultRole: z.string().min(1).optional() }).optional(),
  /** Take the IdP's word that an email is verified (OIDC `email_verified`, SAML `emailVerified` attribute). Default off. */
  trustEmailVerified: z.boolean().optional(),
  /** No user is created at first sign-in unless the sign-in asked for it (`requestSignUp`). */
  disableImplicitSignUp: z.boolean().optional(),
  /** How many providers one user may register (0: registration off). Default 10. */
  providersLimit: atLeastZero('a number').optional(),
  /**
   * Domain verification (on by default: stricter than better-auth): a provider's domain routes
   * sign-ins only once its organization proved it with a DNS TXT record. `resolveTxt` answers
   * the look-up (default node:dns); `enabled: false` gives better-auth's routing.
   */
  domainVerification: z
    .strictObject({
      enabled: z.boolean().optional(),
      tokenPrefix: z
        .string()
        .regex(/^[a-z0-9-]{1,40}$/i, 'must be 1-40 letters, digits or hyphens')
        .optional(),
      resolveTxt: callback<TxtResolver>().optional(),
      /** DNS servers to ask (`ip` or `ip:port`) instead of the system's: a split-horizon or test resolver, from a JSON config too. */
      nameservers: z.array(z.string()).min(1, 'must list at least one DNS server (ip or ip:port)').optional(),
    })
    .optional(),
  /** Providers from the options, used when no registered one matches. */
  defaultSSO: z.array(defaultSSOProvider).optional(),
  saml: z
    .strictObject({
      /** Check that a response answers a request this server made (default true). */
      enableInResponseToValidation: z.boolean().optional(),
      /** Accept responses no request asked for (default false). */
      allowIdpInitiated: z.boolean().optional(),
      /** How long a sign-in request waits for its answer, in ms (default 5 minutes). */
      requestTTL: atLeastZero('a number of milliseconds').optional(),
      /** Clock difference tolerated on NotBefore / NotOnOrAfter, in ms (default 5 minutes). */
      clockSkew: atLeastZero('a number of milliseconds').optional(),
      /** Refuse assertions without NotOnOrAfter (default true). */
      requireTimestamps: z.boolean().optional(),
    })
    .optional(),
});

export type SSOOptions = z.input<typeof ssoOptions>;

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

/** A TXT look-up through the given DNS servers (3 s, one try each); the servers' form is the resolver's to check. */
function resolverOf(servers: string[]): TxtResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 1 });
  try {
    resolver.setServers(servers);
  } catch {
    throw new Error('sso.domainVerification.nameservers must list DNS servers as ip or ip:port');
  }
  return (name) => resolver.resolveTxt(name);
}

/** The options with their defaults (their ranges are the schema's, checked by `createAuth`). */
export function resolveSSOOptions(o: SSOOptions = {}): SSOConfig {
  const prefix = o.domainVerification?.tokenPrefix ?? 'better-auth-token';
  return {
    provisioning: { disabled: o.organizationProvisioning?.disabled === true, defaultRole: o.organizationProvisioning?.defaultRole ?? 'member' },
    trustEmailVerified: o.trustEmailVerified === true,
    disableImplicitSignUp: o.disableImplicitSignUp === true,
    providersLimit: o.providersLimit ?? 10,
    verification: {
      enabled: o.domainVerification?.enabled !== false,
      tokenPrefix: prefix,
      resolveTxt: o.domainVerification?.resolveTxt ?? (o.domainVerification?.nameservers ? resolverOf(o.domainVerification.nameservers) : undefined),
    },
    defaultSSO: o.defaultSSO ?? [],
    saml: {
      inResponseTo: o.saml?.enableInResponseToValidation !== false,
      allowIdpInitiated: o.saml?.allowIdpInitiated === true,
      requestTTL: o.saml?.requestTTL ?? 5 * MINUTE,
      clockSkew: o.saml?.clockSkew ?? 5 * MINUTE,
      requireTimestamps: o.saml?.requireTimestamps !== false,
    },
  };
}

const slot = extension<SSOConfig>('sso');

export const useSSOConfig = slot.set;

export function ssoConfig(auth: AuthContext): SSOConfig {
  return slot.get(auth);
}
