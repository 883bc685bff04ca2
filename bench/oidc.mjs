// The OpenID code-exchange case of `npm run bench`: authorization codes got the way an app's
// users get them (a browser already signed in to Gatehouse and to its provider session, so
// each authorization is one redirect straight back to the app with a code), and the ceiling the
// exchange is compared with: bare RS256 signatures per second (the ID token's signature, made
// on the server's one thread).
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { signRate } from './bounds.mjs';

/**
 * A browser of the user whose Gatehouse session cookie is `session`, authorizing the app
 * `client` (first-party: no consent) at `redirectURI`. `code()` answers one authorization
 * code with its PKCE verifier; the first call goes through the provider's interaction (five
 * redirects) and keeps the provider's session cookies for the calls after it.
 *
 * Fifty calls at once share those cookies, which a browser never does: oidc-provider gives the
 * session a new id at each authorization's end and deletes the old row, so an authorization
 * that began with the old id and ends after another's is refused ("interaction session and
 * authentication session mismatch"). Such a call is made again once, from a session of its own.
 */
export function codeBrowser(base, client, redirectURI, session) {
  let provider = new Map();
  const follow = async (start, jar) => {
    let url = start;
    for (let hop = 0; hop < 10; hop++) {
      const cookie = [session, ...[...jar].map(([name, value]) => `${name}=${value}`)].join('; ');
      const r = await fetch(url, { headers: { cookie }, redirect: 'manual' });
      for (const set of r.headers.getSetCookie()) {
        const pair = set.split(';')[0];
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = r.headers.get('location');
      if (!location) {
        const page = await r.text();
        // The provider's error page: its sentence and its code, not its styles.
        const said = [...page.matchAll(/<p class="(?:error|muted)">([^<]*)<\/p>/g)].map((m) => m[1]).join(' ');
        throw new Error(`authorization: no redirect from ${url}: ${r.status} ${said || page.slice(0, 300)}`);
      }
      await r.arrayBuffer();
      const next = new URL(location, url);
      if (next.href.startsWith(redirectURI)) {
        const code = next.searchParams.get('code');
        if (!code) throw new Error(`authorization: no code in ${next.href}`);
        return { code, jar };
      }
      url = next.href;
    }
    throw new Error('authorization: too many redirects');
  };
  return {
    async code() {
      const verifier = randomBytes(32).toString('base64url');
      const params = new URLSearchParams({
        client_id: client.client_id,
        redirect_uri: redirectURI,
        response_type: 'code',
        scope: 'openid email',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        state: randomBytes(8).toString('hex'),
      });
      const start = `${base}/api/auth/oidc/authorize?${params}`;
      const { code, jar } = await follow(start, new Map(provider)).catch((error) =>
        String(error?.message).includes('session mismatch') ? follow(start, new Map()) : Promise.reject(error),
      );
      if (provider.size === 0) provider = jar;
      return { code, verifier };
    },
  };
}

/** The token request body that exchanges one code. */
export function exchangeBody({ code, verifier }, redirectURI) {
  return new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectURI, code_verifier: verifier }).toString();
}

/** RS256 signatures per second of node:crypto on one core (2048-bit key, over an ID-token-sized input). */
export function rs256SignBound(seconds) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return signRate(seconds, 'sha256', privateKey, Buffer.from('i'.repeat(400)), 20);
}
