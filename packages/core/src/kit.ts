/**
 * The plugin kit: everything a capability may use of the core, and the only core module a file
 * under `plugins/<id>/` imports (`npm test` runs scripts/check-plugin-boundary.mjs; a plugin's
 * tests also import test-kit.ts). Published as `@gatehouse/core/plugin` for plugins outside this
 * repository. Capabilities never import one another: they meet through the seams below.
 */

// Declaring a capability: the plugin, its routes, its options' schema (zod, with these building blocks), its errors and words.
export { definePlugin, type Assembly, type Plugin, type PluginGauge, type PluginSessionRead, type SignInAttempt } from './plugin.js';
export { defineCapability, routeList, type Capability, type CapabilitySwitch, type RouteList } from './capability.js';
export {
  answerOf,
  apiName,
  defineEndpoint,
  type AnyEndpoint,
  type Endpoint,
  type EndpointContext,
  type Method,
  type SignedInContext,
} from './endpoint.js';
export { callback, httpURL, wholeNumber } from './option-keys.js';
export { APIError, BASE_ERRORS, defineErrors, errorsOf, fail } from './errors.js';
export { defineTranslations } from './i18n/types.js';
export type { ClientPlugin, RoutesOf } from './route-types.js';
export type { PublicSession, PublicUser, SessionAnswer, SignInAnswer } from './public-types.js';
export { DEFAULT_PASSWORD_LENGTH } from './options.js';

// The assembled instance a plugin is given, and its own slot in it.
export type { AuthContext, HookServices } from './context.js';
export { extension } from './extension.js';
export type { Logger } from './logger.js';
export type { ObservedAnswer } from './observe.js';
export type { SessionSource } from './request-scope.js';

// The seams between capabilities (seams.ts).
export {
  adminSeam,
  isAdministrator,
  memberRoles,
  offerSecondFactor,
  offeredSecondFactors,
  organizationSeam,
  scimSeam,
  twoFactorSeam,
  type AdminSeam,
  type OrganizationSeam,
  type ScimProvisioning,
  type ScimSeam,
  type SecondFactorChallenge,
  type SecondFactorMethod,
  type TwoFactorSeam,
} from './seams.js';

// Data: the schema a plugin adds, the adapter it reads and writes through, its hooks.
export { mergeSchema, type FieldDef, type Schema } from './db/schema.js';
export type { Row, Where } from './db/types.js';
export type { Adapter } from './db/adapter.js';
export type { BeforeResult, DatabaseHooks, HookAdapter, ModelHooks } from './db/hooks.js';
export type { SecondaryStorage } from './storage/types.js';
export type { SessionRow, SessionWithUser, UserRow } from './session/types.js';
export { parseUserInput } from './user-fields.js';

// Signing in and proving a mailbox, as the core's own flows do.
export { completeSignIn, emailVerification, finishAdoption, isEmail, normalizeEmail, proveMailbox, verifyCredential } from './sign-in.js';
export type { Adopted, AdoptionStep } from './security/adoption.js';
export type { AuditEventType, AuditInput, AuditScope } from './security/audit.js';
export { findCredential, setCredentialPassword } from './account/credential.js';
export { landOn } from './account/link-landing.js';
export { withQuery } from './account/tokens.js';
export { serializeCookie } from './cookies.js';

// Secrets and keys.
export { generateId, LOWER_ALPHANUMERIC, orderedRandom, randomString } from './crypto/random.js';
export { hashToken } from './crypto/sign.js';
export { sessionTokenWhere } from './session/token-key.js';
export type { Encrypter } from './crypto/encrypt.js';
export { passwordHashQueue } from './crypto/password.js';

// Mail.
export type { Mail } from './mail/types.js';
export { deliverInBackground, deliverMail } from './mail/deliver.js';
export { localizedActionMail } from './mail/localized.js';
export { escapeHtml, senderName } from './mail/render.js';

// Calling other servers: OAuth/OpenID as a client (the social providers' machinery), SSRF guards.
export { fetchJson } from './social/http.js';
export { KeySets } from './social/jwks.js';
export { PROVIDERS } from './social/providers/index.js';
export { withParams } from './social/redirect.js';
export { codeChallenge, consumeState, createState } from './social/state.js';
export { exchangeCode } from './social/tokens.js';
export type { OAuthTokens } from './social/types.js';
export { isPrivateAddress } from './security/private-address.js';
export { PrivateAddressError, publicDispatcher, publicOnlyLookup } from './security/public-lookup.js';

// Serving a Node (req, res) library inside the fetch handler, answering beside the general route, and loading a library once.
export { fetchFromNode } from './node-bridge.js';
export { writeInBurst } from './burst.js';
export { after, sharedUntilFailure, type MaybePromise } from './maybe.js';
export { assertPeer, isMissingPackage, loadPeer, MissingPeerError, type OptionalPeer } from './peers.js';
