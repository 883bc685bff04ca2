import { defineEndpoint, type EndpointContext } from '../../endpoint.js';
import { APIError } from '../../errors.js';
import { completeSignIn, finishAdoption } from '../../sign-in.js';
import { findOrCreateUser, linkAccount, SocialFlowError, type CallbackError } from '../accounts.js';
import { withParams } from '../redirect.js';
import { socialService } from '../service.js';
import { consumeState } from '../state.js';
import type { AppleFormUser } from '../types.js';

/** The parameters a provider may send back; anything else is ignored. */
const KNOWN = ['code', 'state', 'error', 'error_description', 'error_uri', 'user', 'iss', 'scope'] as const;
type CallbackParams = Partial<Record<(typeof KNOWN)[number], string>>;
const MAX_VALUE = 8192;

/**
 * The callback's parameters from the query (GET) or the form body (POST),
 * or null when malformed: a repeated parameter (RFC 6749 3.1), a value that is
 * not a string or is oversized, or an Apple `user` field that is not JSON.
 */
function readParams(c: EndpointContext): { params: CallbackParams; formUser?: AppleFormUser } | null {
  const out: CallbackParams = {};
  const query = new URL(c.request.url).searchParams;
  for (const key of KNOWN) {
    const values = query.getAll(key);
    if (values.length > 1) return null;
    if (values[0] !== undefined) out[key] = values[0];
  }
  if (c.request.method === 'POST') {
    const body = c.body as unknown;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) return null;
    for (const key of KNOWN) {
      const v = (body as Record<string, unknown> | undefined)?.[key];
      if (v === undefined) continue;
      if (typeof v !== 'string') return null;
      out[key] = v;
    }
  }
  if (Object.values(out).some((v) => v.length > MAX_VALUE)) return null;
  let formUser: AppleFormUser | undefined;
  if (out.user) {
    try {
      const parsed = JSON.parse(out.user) as unknown;
      if (!parsed || typeof parsed !== 'object') return null;
      formUser = parsed as AppleFormUser;
    } catch {
      return null;
    }
  }
  return { params: out, formUser };
}

/** The primitive fields of what a plugin answered instead of a session (e.g. a redirect flag), for the app's URL. */
function interceptParams(answer: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (answer && typeof answer === 'object') {
    for (const [k, v] of Object.entries(answer)) if (['string', 'number', 'boolean'].includes(typeof v)) out[k] = String(v);
  }
  return out;
}

/**
 * GET and POST /callback/:id. POST (Apple's form_post) is turned into a GET
 * on the same route, so that the browser's SameSite=Lax cookies (trusted
 * device, remember-me) come with it. The GET reads the state once, exchanges
 * the code, finds or creates the user and account in one transaction, signs
 * in through completeSignIn and redirects; every failure redirects to the
 * error URL with ?error=<code>.
 */
export const callback = defineEndpoint({
  method: ['GET', 'POST'],
  // Apple posts here cross-site (form_post); the one-time state is this route's CSRF defence.
  skipOriginCheck: true,
  path: '/callback/:id',
  async handler(c) {
    const { auth } = c;
    const defaultErrorURL = auth.url('/error');
    const read = readParams(c);
    if (!read) return c.redirect(withParams(defaultErrorURL, { error: 'invalid_callback_request' }));
    const { params, formUser } = read;

    if (c.request.method === 'POST') {
      const url = new URL(auth.url(`/callback/${encodeURIComponent(c.params.id ?? '')}`));
      for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
      return c.redirect(url.toString(), 303);
    }

    if (!params.state) return c.redirect(withParams(defaultErrorURL, { error: 'state_not_found' }));
    const state = await consumeState(auth, params.state);
    if (!state.ok) {
      const target = state.reason === 'expired' && state.errorURL ? state.errorURL : defaultErrorURL;
      return c.redirect(withParams(target, { error: 'please_restart_the_process' }));
    }
    const data = state.data;
    const errorURL = data.errorURL || defaultErrorURL;
    const failWith = (error: CallbackError | string, description?: string) => c.redirect(withParams(errorURL, { error, error_description: description }));

    // The provider's own error (access_denied, …) is passed on as it is.
    if (params.error || !params.code) return failWith(params.error || 'no_code', params.error_description);
    const provider = socialService(auth).provider(c.params.id ?? '');
    if (!provider || provider.id !== data.providerId) return failWith('oauth_provider_not_found');

    try {
      let tokens: Awaited<ReturnType<typeof provider.exchange>>;
      try {
        tokens = await provider.exchange(params.code, data.codeVerifier);
      } catch (e) {
        auth.logger.warn({ provider: provider.id, err: String(e) }, 'social: code exchange failed');
        return failWith('unable_to_get_user_info');
      }
      const info = await provider.userInfo(tokens, { formUser });
      if (!info) return failWith('unable_to_get_user_info');
      const scopes = provider.scopes(data.scopes);

      if (data.link) {
        await linkAccount(auth, provider, info, tokens, data.link, scopes);
        return c.redirect(data.callbackURL);
      }

      const { user, isNew, adopted } = await findOrCreateUser(auth, provider, info, tokens, { requestSignUp: data.requestSignUp, scopes });
      if (adopted) await finishAdoption(c, adopted, provider.id);
      const target = isNew && data.newUserURL ? data.newUserURL : data.callbackURL;
      let done: Awaited<ReturnType<typeof completeSignIn>>;
      try {
        done = await completeSignIn(c, user, { rememberMe: true, callbackURL: target, method: provider.id });
      } catch (e) {
        if (!(e instanceof APIError)) throw e;
        if (e.code === 'FAILED_TO_CREATE_SESSION') return failWith('unable_to_create_session');
        // A plugin refused the sign-in: its code and message go to the error page.
        return failWith(e.code.toLowerCase(), e.message);
      }
      if ('intercepted' in done) {
        if (done.intercepted instanceof Response) return done.intercepted;
        return c.redirect(withParams(target, interceptParams(done.intercepted)));
      }
      return c.redirect(target);
    } catch (e) {
      if (e instanceof SocialFlowError) return failWith(e.code);
      auth.logger.error({ provider: provider.id, err: e instanceof Error ? e.message : String(e) }, 'social: callback failed');
      return failWith('internal_server_error');
    }
  },
});
