import { timingSafeEqual } from 'node:crypto';
import { type AuthContext, fail, hashToken, randomString, type UserRow } from '../../kit.js';
import { ids, twoFactorConfig, type VerificationRow } from './config.js';

/**
 * One-time codes by mail: 6 digits, one live code per user (a new one replaces the last),
 * valid `otpExpiresIn` seconds, single use, and dead after `maxAttempts` wrong tries.
 * Only a hash is stored.
 */
interface OtpValue {
  hash: string;
  attempts: number;
}

export async function sendOtp(auth: AuthContext, user: UserRow, acceptLanguage?: string | null): Promise<void> {
  const { otpExpiresIn } = twoFactorConfig(auth);
  const code = randomString(6, '0123456789');
  const value: OtpValue = { hash: hashToken(code), attempts: 0 };
  await auth.adapter.transaction(async (trx) => {
    await trx.delete('verification', [{ field: 'identifier', value: ids.otp(user.id) }]);
    await trx.create('verification', {
      identifier: ids.otp(user.id),
      value: JSON.stringify(value),
      expiresAt: new Date(auth.now() + otpExpiresIn * 1000),
    });
  });
  const minutes = Math.max(1, Math.round(otpExpiresIn / 60));
  // The account's language, else the signing-in request's.
  const t = auth.i18n;
  const locale = t.recipientLocale(user.locale, acceptLanguage);
  const duration = locale === 'en' ? `${minutes} minute${minutes === 1 ? '' : 's'}` : t.duration(locale, minutes * 60);
  try {
    await auth.mailer.send({
      to: user.email,
      subject: t.text(locale, 'mail.twoFactor.subject'),
      text: [
        t.text(locale, 'mail.twoFactor.intro'),
        '',
        code,
        '',
        t.text(locale, 'mail.twoFactor.validity', { duration }),
        t.text(locale, 'mail.twoFactor.advice'),
        '',
      ].join('\n'),
    });
  } catch (e) {
    auth.logger.error({ err: String(e) }, 'two-factor code mail failed');
    fail('SERVICE_UNAVAILABLE', 'MAIL_DELIVERY_FAILED');
  }
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** True once for the right, live code; every change is a compare-and-set on the record. */
export async function checkOtp(auth: AuthContext, userId: string, code: string): Promise<boolean> {
  const { maxAttempts } = twoFactorConfig(auth);
  for (let tries = 0; tries < 5; tries++) {
    const row = await auth.adapter.findOne<VerificationRow>('verification', [{ field: 'identifier', value: ids.otp(userId) }]);
    if (!row) return false;
    const same = [
      { field: 'id', value: row.id },
      { field: 'value', value: row.value },
    ];
    if (row.expiresAt.getTime() <= auth.now()) {
      await auth.adapter.delete('verification', same);
      return false;
    }
    let value: OtpValue;
    try {
      value = JSON.parse(row.value) as OtpValue;
    } catch {
      await auth.adapter.delete('verification', same);
      return false;
    }
    if (/^\d{6}$/.test(code) && sameHash(value.hash, hashToken(code))) {
      // Single use: only the request that deletes the record wins.
      if ((await auth.adapter.delete('verification', same)) > 0) return true;
      continue;
    }
    const attempts = value.attempts + 1;
    if (attempts >= maxAttempts) {
      if ((await auth.adapter.delete('verification', same)) > 0) return false;
    } else if (await auth.adapter.update('verification', same, { value: JSON.stringify({ ...value, attempts }) })) {
      return false;
    }
    // Changed by a parallel request: read it again.
  }
  return false;
}
