import { z } from 'zod';
import type { EndpointContext } from '../../kit.js';
import { passkeyConfig } from './config.js';
import { type Passkey, userHandleOf } from './store.js';
import { verifyAssertion } from './verify-assertion.js';
import { toBase64URL } from './webauthn.js';

/** The JSON a browser's `navigator.credentials.get` gives (as @simplewebauthn/browser sends it). */
export const authenticationResponse = z.object({
  id: z.string().min(1).max(255),
  rawId: z.string().min(1).max(255),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: z.string().max(10_000),
    authenticatorData: z.string().max(10_000),
    signature: z.string().max(10_000),
    userHandle: z.string().max(1024).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.custom<object>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)).optional(),
});

export type AuthenticationResponse = z.infer<typeof authenticationResponse>;

/**
 * Checks an assertion of `passkey` (owned by `userId`) against `challenge`: the user handle,
 * then the assertion as @simplewebauthn/server checks it (origin, RP id, user verification,
 * signature: `verify-assertion.ts`), then the signature
 * counter, which must go forward (a rollback is audited). A good one moves the stored counter
 * (compare-and-set: of two requests carrying the same counter only one wins) and sets
 * `lastUsedAt`. True when it is good; every refusal is false, for the caller to count.
 */
export async function acceptAssertion(c: EndpointContext, passkey: Passkey, response: AuthenticationResponse, challenge: string): Promise<boolean> {
  const { auth } = c;
  // A discoverable credential names its user: it must be the passkey's owner.
  const handle = response.response.userHandle;
  if (handle && handle !== toBase64URL(userHandleOf(passkey.userId))) return false;
  const config = passkeyConfig(auth);
  let newCounter: number;
  try {
    const verified = await verifyAssertion({
      response,
      expectedChallenge: challenge,
      expectedOrigin: config.origins,
      expectedRPID: config.rpID,
      // The counter is compared below, once the signature is known to be good, so that a
      // rollback is told apart (and audited) from a forgery.
      passkey,
    });
    if (!verified.verified) return false;
    newCounter = verified.newCounter;
  } catch (e) {
    auth.logger.info({ err: String(e), userId: passkey.userId }, 'passkey assertion refused');
    return false;
  }
  const stored = passkey.counter;
  if ((stored > 0 || newCounter > 0) && newCounter <= stored) {
    await auth.audit.record(c, 'passkey.counter-rollback', { userId: passkey.userId, details: { passkeyId: passkey.id, stored, received: newCounter } });
    return false;
  }
  const moved = await auth.adapter.updateMany(
    'passkey',
    [
      { field: 'id', value: passkey.id },
      { field: 'counter', value: stored },
    ],
    { counter: newCounter, lastUsedAt: new Date(auth.now()) },
  );
  return moved > 0;
}
