import type { RegistrationResponseJSON, VerifiedRegistrationResponse } from '@simplewebauthn/server';
import { z } from 'zod';
import { answerOf, defineEndpoint } from '../../../kit.js';
import { takeChallenge } from '../challenge.js';
import { passkeyConfig } from '../config.js';
import { passkeyError } from '../errors.js';
import { type Passkey, passkeyOf } from '../store.js';
import { toBase64URL, webauthn } from '../webauthn.js';

/** The JSON a browser's `navigator.credentials.create` gives (as @simplewebauthn/browser sends it). */
const registrationResponse = z.object({
  // The credentialID column holds 255 characters (a unique key on every dialect); real ids are far shorter.
  id: z.string().min(1).max(255),
  rawId: z.string().min(1).max(255),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: z.string().max(10_000),
    attestationObject: z.string().max(100_000),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.custom<object>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)).optional(),
});

/**
 * POST /passkey/verify-registration {response, name?} (signed in): checks the authenticator's
 * answer to this browser's registration challenge (origin, RP id, user verification, signature)
 * with @simplewebauthn/server, and keeps the credential. Answers the new passkey.
 */
export const verifyRegistration = defineEndpoint({
  method: 'POST',
  path: '/passkey/verify-registration',
  requireSession: true,
  requirePerson: true,
  answer: answerOf<Passkey>(),
  body: z.object({ response: registrationResponse, name: z.string().trim().min(1).max(100).optional() }),
  async handler(c) {
    const { auth } = c;
    const user = c.session.user;
    const challenge = await takeChallenge(c, 'register');
    if (!challenge) throw passkeyError('BAD_REQUEST', 'CHALLENGE_NOT_FOUND');
    if (challenge.userId !== user.id) throw passkeyError('UNAUTHORIZED', 'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY');
    const config = passkeyConfig(auth);
    const { verifyRegistrationResponse } = await webauthn();
    let verified: VerifiedRegistrationResponse;
    try {
      verified = await verifyRegistrationResponse({
        response: { clientExtensionResults: {}, ...c.body.response } as RegistrationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: config.origins,
        expectedRPID: config.rpID,
        requireUserVerification: true,
      });
    } catch (e) {
      auth.logger.info({ err: String(e), userId: user.id }, 'passkey registration refused');
      throw passkeyError('BAD_REQUEST', 'FAILED_TO_VERIFY_REGISTRATION');
    }
    if (!verified.verified) throw passkeyError('BAD_REQUEST', 'FAILED_TO_VERIFY_REGISTRATION');
    const info = verified.registrationInfo;
    const { credential } = info;
    if (await auth.adapter.findOne('passkey', [{ field: 'credentialID', value: credential.id }])) {
      throw passkeyError('BAD_REQUEST', 'PASSKEY_ALREADY_REGISTERED');
    }
    const transports = credential.transports ?? c.body.response.response.transports ?? [];
    const row = await auth.adapter.create<Passkey & Record<string, unknown>>('passkey', {
      userId: user.id,
      name: c.body.name ?? challenge.name ?? null,
      publicKey: toBase64URL(credential.publicKey),
      credentialID: credential.id,
      counter: credential.counter,
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      transports: transports.join(',') || null,
      aaguid: info.aaguid,
      createdAt: new Date(auth.now()),
    });
    if (!row) throw passkeyError('BAD_REQUEST', 'FAILED_TO_VERIFY_REGISTRATION');
    await auth.audit.record(c, 'passkey.register', { userId: user.id, details: { passkeyId: row.id, aaguid: info.aaguid } });
    return passkeyOf(row);
  },
});
