import { defineEndpoint, twoFactorSeam } from '../../../kit.js';
import { saveChallenge } from '../challenge.js';
import { CHALLENGE_SECONDS, passkeyConfig } from '../config.js';
import { listPasskeys, transportsOf } from '../store.js';
import { webauthn } from '../webauthn.js';

/**
 * GET /passkey/generate-authenticate-options: the options for `navigator.credentials.get`.
 * Signed out, no credential is named (the authenticator offers its discoverable ones: the
 * button and the email field's autofill); signed in, the caller's passkeys are listed; while
 * a password sign-in waits for its second factor (the two-factor cookie), that user's passkeys
 * are listed and the challenge is theirs (POST /two-factor/verify-passkey answers it).
 */
export const generateAuthenticateOptions = defineEndpoint({
  method: 'GET',
  path: '/passkey/generate-authenticate-options',
  async handler(c) {
    const { auth } = c;
    const session = await c.getSession();
    // A password sign-in waiting on its second factor (the two-factor seam): offer that user's passkeys.
    const waiting = session ? null : await twoFactorSeam.find(auth)?.waitingUserId(c);
    const userId = session?.user.id ?? waiting ?? null;
    const theirs = userId ? await listPasskeys(auth, userId) : [];
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: passkeyConfig(auth).rpID,
      userVerification: 'required',
      timeout: CHALLENGE_SECONDS * 1000,
      allowCredentials: theirs.map((p) => ({ id: p.credentialID, transports: transportsOf(p) })),
    });
    await saveChallenge(c, { kind: 'authenticate', challenge: options.challenge, userId });
    return options;
  },
});
