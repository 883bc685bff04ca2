import { type AuthContext, definePlugin } from '../../kit.js';
import './audit-events.js';
import { enforceProvisioned, provisioningHooks } from './access.js';
import { resolveScimOptions, type ScimOptions } from './config.js';
import { SCIM_ERRORS, ScimError } from './errors.js';
import { handleScim, SCIM_ROOT, scimErrorResponse } from './http.js';
import { checkMapping, groupMapping } from './mapping.js';
import { listScimConnections, revokeScimToken } from './routes/connections.js';
import { generateScimToken } from './routes/generate-token.js';
import { scimSchema } from './schema.js';
import { publishScimSeam } from './seam.js';
import { SCIM_MESSAGES } from './translations.js';

export type { ScimAuditEvent } from './audit-events.js';
export type { ScimGroupOptions, ScimOptions } from './config.js';
export { scimOptions } from './config.js';
export type { ScimProvisioning } from '../../kit.js';
export { scimSeam } from './seam.js';

/** The SCIM plugin's session routes with their precise types (route-types.ts derives the client's from them). */
export const scimRoutes = [generateScimToken, listScimConnections, revokeScimToken] as const;

/**
 * SCIM 2.0 provisioning (RFC 7643, 7644; CONTRACT.md "SCIM provisioning"), wire-compatible with
 * `@better-auth/scim`: an organization's owner or admin makes a bearer token for a directory
 * (Okta, Entra ID), which then creates, updates, deactivates and deletes the organization's
 * people and groups under `{basePath}/scim/v2`. A deactivated or deleted person's sessions end
 * and sign-in is refused (403 BANNED_USER). Needs the organization plugin.
 */
export function scimPlugin(options: ScimOptions, organizationEnabled: boolean) {
  const groups = resolveScimOptions(options, organizationEnabled);
  let auth: AuthContext | undefined;
  return definePlugin({
    id: 'scim',
    features: { scim: true },
    schema: scimSchema,
    endpoints: scimRoutes,
    errors: SCIM_ERRORS,
    messages: SCIM_MESSAGES,
    databaseHooks: provisioningHooks,
    rateLimit: {
      '/scim/generate-token': { window: 60, max: 10 },
      // A directory's full sync comes from one address in bursts; its tokens are 256 random bits, nothing to guess.
      '/scim/v2/Users': { window: 10, max: 300 },
      '/scim/v2/Groups': { window: 10, max: 300 },
    },
    mount: {
      prefixes: [SCIM_ROOT],
      fetch(request: Request, ip: string | null) {
        if (!auth) throw new Error('the SCIM service is not started');
        return handleScim(auth, request, ip, groups);
      },
      // Counted per collection (/scim/v2/Users, /scim/v2/Groups), not per id: the rules above hold for every User and Group.
      rateLimitPath: (path: string) => {
        const collection = /^\/scim\/v2\/(Users|Groups)(?:\/|$)/.exec(path)?.[1];
        return collection ? `${SCIM_ROOT}/${collection}` : SCIM_ROOT;
      },
      // A directory backs off on a 429 it can read: SCIM's error body, with Retry-After.
      refused: (error) => scimErrorResponse(new ScimError(429, 'Too many requests: try again after Retry-After seconds', undefined, error.headers)),
    },
    // Before any second factor is asked for; the session hook covers every other way in.
    async beforeSignIn(c, { user }) {
      await enforceProvisioned(c.auth.adapter, String(user.id));
      return undefined;
    },
    init(context) {
      checkMapping(context, groups);
      groupMapping.set(context, groups);
      auth = context;
      publishScimSeam(context);
    },
  });
}
