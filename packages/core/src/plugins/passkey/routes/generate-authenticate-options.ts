import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { defineEndpoint } from '../../../endpoint.js';
import { saveChallenge } from '../challenge.js';
import { CHALLENGE_SECONDS, passkeyConfig } from '../config.js';
import { listPasskeys, transportsOf } from '../store.js';

/**
 * GET /passkey/generate-authenticate-options: the options for `navigator.credentials.get`.
 * Signed out, no credential is named (the authenticator offers its discoverable ones: the
 * button and the email field's autofill); signed in, the caller's passkeys are listed.
 */
export const generateAuthenticateOptions = defineEndpoint({
  method: 'GET',
  path: '/passkey/generate-authenticate-options',
  async handler(c) {
    const { auth } = c;
    const session = await c.getSession();
    const mine = session ? await listPasskeys(auth, session.user.id) : [];
    const options = await generateAuthenticationOptions({
      rpID: passkeyConfig(auth).rpID,
      userVerification: 'required',
      timeout: CHALLENGE_SECONDS * 1000,
      allowCredentials: mine.map((p) => ({ id: p.credentialID, transports: transportsOf(p) })),
    });
    await saveChallenge(c, { kind: 'authenticate', challenge: options.challenge, userId: session?.user.id ?? null });
    return options;
  },
});
