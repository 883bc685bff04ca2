import type { AuthContext } from '../../kit.js';
import { ssoError } from './errors.js';
import type { OidcInput, SamlInput } from './inputs.js';
import { idpMetadataOf, REDIRECT_BINDING } from './metadata.js';
import { assertReachable, discover } from './oidc.js';
import { normalizeCert, type OidcSettings, type SamlSettings } from './store.js';

/**
 * The SAML settings to keep: the IdP's entity ID, SSO URL and certificates from its metadata
 * (pasted XML, or fetched from its URL) when given, else from the fields; certificates checked
 * and normalised, the private key sealed.
 */
export async function samlSettings(auth: AuthContext, issuer: string, input: SamlInput, previous?: SamlSettings): Promise<SamlSettings> {
  const metadata = await idpMetadataOf(auth, input.idpMetadata ?? {});
  const rawCerts = input.idpMetadata?.cert ?? metadata?.cert ?? input.cert;
  const entryPoint = metadata?.entryPoint ?? input.entryPoint;
  if (!entryPoint || !rawCerts) throw ssoError('BAD_REQUEST', 'METADATA_REQUIRED');
  const certs = (Array.isArray(rawCerts) ? rawCerts : [rawCerts]).map(normalizeCert);
  if (certs.some((c) => c === null)) throw ssoError('BAD_REQUEST', 'INVALID_CERTIFICATE');
  const key = input.spMetadata?.privateKey ?? input.privateKey;
  const authnRequestsSigned = input.authnRequestsSigned === true;
  if (authnRequestsSigned && !key && !previous?.privateKey) throw ssoError('BAD_REQUEST', 'INVALID_SAML_CONFIG');
  // The IdP's single logout URL: the field, else better-auth's list, else the metadata's (HTTP-Redirect, the binding it is sent with).
  const redirectSlo = (list?: { Binding: string; Location: string }[]) => list?.find((s) => s.Binding === REDIRECT_BINDING)?.Location;
  const logoutUrl =
    input.logoutUrl !== undefined
      ? input.logoutUrl || undefined
      : (redirectSlo(input.idpMetadata?.singleLogoutService) ?? (metadata ? redirectSlo(metadata.singleLogoutService) : previous?.logoutUrl));
  return {
    entryPoint,
    cert: certs as string[],
    ...(logoutUrl ? { logoutUrl } : {}),
    idpEntityID: metadata?.entityID ?? input.idpMetadata?.entityID ?? previous?.idpEntityID ?? issuer,
    spEntityID: input.spMetadata?.entityID ?? input.audience ?? previous?.spEntityID ?? issuer,
    wantAssertionsSigned: input.wantAssertionsSigned !== false,
    authnRequestsSigned,
    identifierFormat: input.identifierFormat,
    signatureAlgorithm: input.signatureAlgorithm,
    digestAlgorithm: input.digestAlgorithm,
    privateKey: key ? auth.encrypter.encrypt(key) : previous?.privateKey,
    mapping: input.mapping,
    ...(input.idpMetadata?.metadataUrl ? { metadataUrl: input.idpMetadata.metadataUrl } : {}),
    ...(metadata?.validUntil ? { metadataValidUntil: metadata.validUntil } : {}),
  };
}

/** The OIDC settings to keep: endpoints discovered from the issuer (unless all given), the secret sealed. */
export async function oidcSettings(auth: AuthContext, issuer: string, input: OidcInput): Promise<OidcSettings> {
  let endpoints: Pick<OidcSettings, 'discoveryEndpoint' | 'authorizationEndpoint' | 'tokenEndpoint' | 'userInfoEndpoint' | 'jwksEndpoint'>;
  if (input.authorizationEndpoint && input.tokenEndpoint && (input.jwksEndpoint || input.userInfoEndpoint)) {
    for (const url of [input.authorizationEndpoint, input.tokenEndpoint, input.jwksEndpoint, input.userInfoEndpoint]) if (url) await assertReachable(auth, url);
    endpoints = {
      discoveryEndpoint: input.discoveryEndpoint ?? `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
      authorizationEndpoint: input.authorizationEndpoint,
      tokenEndpoint: input.tokenEndpoint,
      userInfoEndpoint: input.userInfoEndpoint,
      jwksEndpoint: input.jwksEndpoint,
    };
  } else {
    const found = await discover(auth, issuer, input.discoveryEndpoint);
    endpoints = {
      ...found,
      authorizationEndpoint: input.authorizationEndpoint ?? found.authorizationEndpoint,
      tokenEndpoint: input.tokenEndpoint ?? found.tokenEndpoint,
      userInfoEndpoint: input.userInfoEndpoint ?? found.userInfoEndpoint,
      jwksEndpoint: input.jwksEndpoint ?? found.jwksEndpoint,
    };
  }
  return {
    clientId: input.clientId,
    clientSecret: auth.encrypter.encrypt(input.clientSecret),
    pkce: input.pkce !== false,
    issuer,
    ...endpoints,
    scopes: input.scopes ?? ['openid', 'email', 'profile'],
    tokenEndpointAuthentication: input.tokenEndpointAuthentication ?? 'client_secret_post',
    mapping: input.mapping,
  };
}
