import { defineEndpoint } from '../../../kit.js';
import { findApplication } from '../applications.js';
import { oidcState } from '../state.js';
import { oidcError } from '../errors.js';
import { interactionOf, requestedScopes } from '../interaction.js';
import { INTERACTION_PATH } from '../provider.js';

/** GET /oauth2/interaction/:uid/details (signed in): what the consent page shows: the application and the scopes asked. */
export const oauthInteractionDetails = defineEndpoint({
  method: 'GET',
  path: `${INTERACTION_PATH}/:uid/details`,
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    const { runtime } = oidcState(c.auth);
    const details = await interactionOf(runtime, c.headers, c.params.uid!);
    if (details.prompt.name !== 'consent' || details.session?.accountId !== c.session.user.id) throw oidcError('BAD_REQUEST', 'INTERACTION_NOT_FOUND');
    const app = await findApplication(c.auth, String(details.params.client_id));
    if (!app) throw oidcError('NOT_FOUND', 'APPLICATION_NOT_FOUND');
    return {
      uid: details.uid,
      application: { clientId: app.clientId, name: app.name, redirectURI: String(details.params.redirect_uri ?? '') },
      // A device's sign-in (RFC 8628): no redirect URI; the person goes back to their device.
      device: (details as { deviceCode?: string }).deviceCode !== undefined,
      scopes: requestedScopes(details),
    };
  },
});
