import { defineEndpoint } from '../../../kit.js';
import { findApplication } from '../applications.js';
import { oidcState } from '../state.js';
import { consentCovers, finishInteraction, grantConsent, interactionOf, requestedScopes } from '../interaction.js';
import { INTERACTION_PATH } from '../provider.js';
import { acrOf } from '../acr.js';

/** Reasons of the login prompt when the app requires an acr (claims parameter) that the session's does not meet. */
const ESSENTIAL_ACR = new Set(['essential_acr', 'essential_acrs']);

/**
 * GET /oauth2/interaction/:uid: where oidc-provider sends the browser for login and consent.
 * Signed out (or asked for a fresh sign-in: `prompt=login`, `max_age`): to the app's sign-in
 * page, which comes back here. Signed in: the login is answered with this session; consent is
 * answered at once for a first-party application or a consent given before, else the app's
 * consent page asks.
 */
export const oauthInteraction = defineEndpoint({
  method: 'GET',
  path: `${INTERACTION_PATH}/:uid`,
  requirePerson: true,
  async handler(c) {
    const { runtime, config } = oidcState(c.auth);
    const uid = c.params.uid!;
    const details = await interactionOf(runtime, c.headers, uid);
    const here = `${c.auth.basePath}${INTERACTION_PATH}/${encodeURIComponent(uid)}`;
    const signIn = (fresh: boolean) => c.redirect(`${config.appURL}/sign-in?redirect=${encodeURIComponent(here)}${fresh ? '&reauth=1' : ''}`);
    const s = await c.getSession();
    if (!s) return signIn(false);
    const signedInAt = Math.floor(new Date(s.session.createdAt).getTime() / 1000);
    const clientId = String(details.params.client_id);

    if (details.prompt.name === 'login' || details.session?.accountId !== s.user.id) {
      const reasons = details.prompt.name === 'login' ? details.prompt.reasons : [];
      // prompt=login: a sign-in after the app asked. max_age: one recent enough (judged here:
      // oidc-provider also names max_age when it has no session of its own yet).
      const maxAge = details.params.max_age === undefined ? undefined : Number(details.params.max_age);
      const tooOld = maxAge !== undefined && signedInAt + maxAge < Math.floor(c.auth.now() / 1000);
      if ((reasons.includes('login_prompt') && signedInAt < details.iat) || tooOld) return signIn(true);
      const { acr, amr } = await acrOf(c.auth, s.session);
      // An essential acr the provider's session already had, from this same sign-in, did not
      // suffice: the app asks for more than this person signs in with (no second factor).
      if (reasons.some((r) => ESSENTIAL_ACR.has(r)) && details.session?.acr === acr) {
        return c.redirect(
          await finishInteraction(runtime, c.headers, {
            error: 'unmet_authentication_requirements',
            error_description: `${acr} does not meet the requested acr`,
          }),
        );
      }
      return c.redirect(await finishInteraction(runtime, c.headers, { login: { accountId: s.user.id, ts: signedInAt, acr, ...(amr ? { amr } : {}) } }));
    }
    if (details.prompt.name === 'consent') {
      const app = await findApplication(c.auth, clientId);
      const asked = String(details.params.prompt ?? '')
        .split(' ')
        .includes('consent');
      const remembered = !asked && (await consentCovers(c.auth, s.user.id, clientId, requestedScopes(details)));
      // A device's sign-in is always confirmed: the person must see which application they let in (RFC 8628 §5.4).
      const device = (details as { deviceCode?: string }).deviceCode !== undefined;
      if (!device && (app?.firstParty || remembered)) {
        const consent = await grantConsent(c.auth, runtime, details, s.session, config.refreshTokenTTL);
        return c.redirect(await finishInteraction(runtime, c.headers, { consent }));
      }
      return c.redirect(`${config.appURL}/oauth/consent?uid=${encodeURIComponent(uid)}`);
    }
    return c.redirect(await finishInteraction(runtime, c.headers, { error: 'access_denied', error_description: `unsupported prompt ${details.prompt.name}` }));
  },
});
