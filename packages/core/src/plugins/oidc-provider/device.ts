import type { AdapterPayload, Adapter as OidcAdapter, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { AuthContext } from '../../kit.js';
import type { OidcProviderConfig } from './config.js';
import { page } from './pages.js';

type OidcModule = typeof import('oidc-provider');
type DeviceFlowFeature = NonNullable<NonNullable<Configuration['features']>['deviceFlow']>;

/** Where the app's device page is, and the reason it is told when the provider refuses a code. */
export const DEVICE_PAGE = '/device';

/** The reason the app's /device page shows for oidc-provider's re-rendered errors (helpers/re_render_errors.js). */
function reasonOf(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotFoundError' || name === 'NoCodeError') return 'invalid';
  if (name === 'ExpiredError') return 'expired';
  if (name === 'AlreadyUsedError') return 'used';
  if (name === 'AbortedError') return 'aborted';
  const code = (error as { error?: string } | undefined)?.error;
  return code === 'access_denied' ? 'denied' : 'failed';
}

/**
 * The device flow's pages (RFC 8628 §3.3): the person types the code on the app's /device page,
 * which checks it (POST /oauth2/device/verify) and sends the browser through the provider's
 * verification endpoint; its pages are never shown: the code goes on at once (its form posts
 * itself, with the provider's xsrf), errors and success go back to the app's page.
 */
export function deviceFlowFeature(config: OidcProviderConfig): DeviceFlowFeature {
  const back = (ctx: KoaContextWithOIDC, query: Record<string, string>) => {
    ctx.status = 303;
    ctx.redirect(`${config.appURL}${DEVICE_PAGE}?${new URLSearchParams(query)}`);
  };
  return {
    enabled: config.deviceFlow,
    charset: 'base-20',
    mask: '****-****',
    async userCodeInputSource(ctx, _form, _out, error) {
      back(ctx, error ? { error: reasonOf(error) } : {});
    },
    async userCodeConfirmSource(ctx, form) {
      // The person confirms on the consent page (always asked for a device: routes/interaction.ts).
      ctx.type = 'html';
      ctx.body = page(
        'Continue',
        `${form}<p>Continuing…</p><noscript><button class="primary" type="submit" form="op.deviceConfirmForm">Continue</button></noscript><script>document.forms[0].submit()</script>`,
      );
    },
    async successSource(ctx) {
      back(ctx, { done: '1', ...(ctx.oidc.client?.clientName ? { app: ctx.oidc.client.clientName } : {}) });
    },
  };
}

/**
 * The device code store, pacing the token endpoint's polls (RFC 8628 §3.5): a poll sooner than
 * `interval` seconds after the last one is answered `slow_down`. The last poll is kept in this
 * instance's memory (no database write per poll); a client alternating between instances is
 * paced by each.
 *
 * A poll that meets an approval still being written is answered `authorization_pending`: the
 * provider saves the approved device code (its person and grant) before the person's session
 * records that grant, at the end of the same request, and a code bound to the session is
 * valid only while the session holds its grant (oidc-provider's `checkSessionBinding`). A poll
 * in between was answered `invalid_grant` ("device code not found"), and the terminal gave up
 * on a sign-in the person had just approved (seen under load in the browser journey: 2–3 runs
 * in 32–40, four at once on two busy cores).
 */
export function pacedDeviceCodes(inner: OidcAdapter, auth: Pick<AuthContext, 'now'>, interval: number, oidc: OidcModule): OidcAdapter {
  const lastPoll = new Map<string, number>();
  const sweep = (now: number) => {
    if (lastPoll.size < 10_000) return;
    for (const [id, at] of lastPoll) if (now - at > 3600_000) lastPoll.delete(id);
  };
  /**
   * The code is approved and bound to the person's session, which the approving request has not saved yet: no
   * session has its id (a person's first session is new in that request), or it is theirs and holds no grant for
   * the client. A session that holds another grant for the client, or is someone else's, is as the provider finds
   * it (the code is not valid). A session ended by a sign-out at the provider took the code with it (its grant
   * was revoked), and a session that never got saved leaves the code pending until it expires.
   */
  const approvalUnwritten = async (code: AdapterPayload): Promise<boolean> => {
    if (!code.expiresWithSession || !code.accountId || !code.grantId || !code.sessionUid || !code.clientId) return false;
    const session = await oidc.default.ctx?.oidc?.provider.Session.findByUid(code.sessionUid);
    return !session || (session.accountId === code.accountId && session.grantIdFor(code.clientId) === undefined);
  };
  return {
    upsert: (id, payload, expiresIn) => inner.upsert(id, payload, expiresIn),
    async find(id) {
      if (oidc.default.ctx?.oidc?.route !== 'token') return inner.find(id);
      const now = auth.now();
      const last = lastPoll.get(id);
      lastPoll.set(id, now);
      sweep(now);
      if (last !== undefined && now - last < interval * 1000) throw new oidc.errors.SlowDown();
      const payload = await inner.find(id);
      if (payload && (await approvalUnwritten(payload))) throw new oidc.errors.AuthorizationPending();
      return payload;
    },
    findByUserCode: (code) => inner.findByUserCode(code),
    findByUid: (uid) => inner.findByUid(uid),
    consume: (id) => inner.consume(id),
    async destroy(id) {
      lastPoll.delete(id);
      await inner.destroy(id);
    },
    revokeByGrantId: (grantId) => inner.revokeByGrantId(grantId),
  };
}

/** Adds `interval` to the device authorization answer and points its URIs at the app's /device page. */
export function deviceAnswer(config: OidcProviderConfig) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (ctx.oidc?.route !== 'device_authorization' || ctx.status !== 200) return;
    const body = ctx.body as { user_code: string } & Record<string, unknown>;
    const verification = `${config.appURL}${DEVICE_PAGE}`;
    ctx.body = {
      ...body,
      verification_uri: verification,
      verification_uri_complete: `${verification}?user_code=${encodeURIComponent(body.user_code)}`,
      interval: config.devicePollInterval,
    };
  };
}
