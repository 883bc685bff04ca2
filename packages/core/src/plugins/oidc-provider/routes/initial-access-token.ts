import { defineEndpoint, isAdministrator } from '../../../kit.js';
import { ONE_CLIENT } from '../configuration.js';
import { oidcError } from '../errors.js';
import { oidcState } from '../state.js';

/**
 * POST /oauth2/initial-access-token (admins): a token that lets one client register itself at
 * /oidc/register (RFC 7591 §3), once, until it expires (`initialAccessTokenTTL`; `configuration.ts`
 * `oneClient`); shown this once by the app (oidc-provider keeps it in its store, like its other tokens).
 */
export const issueInitialAccessToken = defineEndpoint({
  method: 'POST',
  path: '/oauth2/initial-access-token',
  requireSession: true,
  async handler(c) {
    if (!isAdministrator(c.auth, c.session.user)) throw oidcError('FORBIDDEN', 'ONLY_ADMINS_CAN_MANAGE_APPLICATIONS');
    const { runtime, config } = oidcState(c.auth);
    if (!config.dynamicRegistration) throw oidcError('NOT_FOUND', 'REGISTRATION_DISABLED');
    const token = await new runtime.provider.InitialAccessToken({ policies: [ONE_CLIENT] }).save();
    const expiresAt = new Date(c.auth.now() + config.initialAccessTokenTTL * 1000);
    await c.auth.audit.record(c, 'oauth.initial-access-token-issued', { actorId: c.session.user.id, details: { expiresAt: expiresAt.toISOString() } });
    return { token, expiresAt, registrationEndpoint: `${c.auth.baseURL}${c.auth.basePath}/oidc/register` };
  },
});
