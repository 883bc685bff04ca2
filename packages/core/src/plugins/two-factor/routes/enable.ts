import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { twoFactorConfig } from '../config.js';
import { requirePassword } from '../password.js';
import { enrol } from '../store.js';
import { totpURI } from '../totp.js';
import { revokeTrustedDevices } from '../trust.js';

/**
 * A new TOTP secret and backup codes: `{ method: 'totp', totpURI, backupCodes }`. Sign-in asks for a second factor only once
 * /two-factor/verify-totp has accepted a first code (so a half-done set-up never locks anyone out).
 */
export const enableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/two-factor/enable',
  changesSession: true,
  body: z.object({ password: z.string() }),
  requireSession: true,
  requirePerson: true,
  async handler(c) {
    const { auth } = c;
    const user = c.session.user;
    await requirePassword(c, user.id, c.body.password);
    const { secret, backupCodes } = await enrol(auth, user.id);
    // A new secret is a new enrolment: browsers trusted under the old one must prove it again.
    await revokeTrustedDevices(auth, user.id, c);
    // `method` as better-auth 1.7 answers (its client narrows on it; Gatehouse enrols TOTP only).
    return { method: 'totp' as const, totpURI: totpURI(secret, twoFactorConfig(auth).issuer, user.email), backupCodes };
  },
});
