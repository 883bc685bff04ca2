import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { saveChallenge } from '../challenge.js';
import { CHALLENGE_SECONDS, passkeyConfig } from '../config.js';
import { listPasskeys, transportsOf, userHandleOf } from '../store.js';
import { webauthn } from '../webauthn.js';

/**
 * GET /passkey/generate-register-options?name=&authenticatorAttachment= (signed in): the options
 * for `navigator.credentials.create`. A discoverable credential (usernameless sign-in) with user
 * verification is asked for; the user's passkeys are excluded so one is not added twice.
 */
export const generateRegisterOptions = defineEndpoint({
  method: 'GET',
  path: '/passkey/generate-register-options',
  requireSession: true,
  requirePerson: true,
  query: z.object({
    name: z.string().trim().min(1).max(100).optional(),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  }),
  async handler(c) {
    const { auth } = c;
    const user = c.session.user;
    const config = passkeyConfig(auth);
    const existing = await listPasskeys(auth, user.id);
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: config.rpName,
      rpID: config.rpID,
      userName: user.email,
      userID: userHandleOf(user.id),
      userDisplayName: user.name,
      attestationType: 'none',
      timeout: CHALLENGE_SECONDS * 1000,
      excludeCredentials: existing.map((p) => ({ id: p.credentialID, transports: transportsOf(p) })),
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
        ...(c.query.authenticatorAttachment ? { authenticatorAttachment: c.query.authenticatorAttachment } : {}),
      },
    });
    await saveChallenge(c, { kind: 'register', challenge: options.challenge, userId: user.id, name: c.query.name });
    return options;
  },
});
