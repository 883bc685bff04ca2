import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { oidcState } from '../state.js';
import { oidcError } from '../errors.js';
import { finishInteraction, grantConsent, interactionOf } from '../interaction.js';
import { INTERACTION_PATH } from '../provider.js';

/**
 * POST /oauth2/interaction/:uid/consent { accept } (signed in): the consent page's answer.
 * Answers `{ redirect }`, the provider's URL the browser goes to next (the application gets
 * a code, or `access_denied` when declined).
 */
export const oauthInteractionConsent = defineEndpoint({
  method: 'POST',
  path: `${INTERACTION_PATH}/:uid/consent`,
  body: z.object({ accept: z.boolean() }),
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    const { runtime, config } = oidcState(c.auth);
    const details = await interactionOf(runtime, c.headers, c.params.uid!);
    if (details.prompt.name !== 'consent' || details.session?.accountId !== c.session.user.id) throw oidcError('BAD_REQUEST', 'INTERACTION_NOT_FOUND');
    const clientId = String(details.params.client_id);
    if (!c.body.accept) {
      const redirect = await finishInteraction(runtime, c.headers, { error: 'access_denied', error_description: 'The person declined to share their account' });
      return { redirect };
    }
    const consent = await grantConsent(c.auth, runtime, details, c.session.session, config.refreshTokenTTL);
    await c.auth.audit.record(c, 'oauth.consent', { userId: c.session.user.id, details: { clientId, grantId: consent?.grantId } });
    return { redirect: await finishInteraction(runtime, c.headers, { consent }) };
  },
});
