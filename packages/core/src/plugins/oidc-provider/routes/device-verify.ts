import { z } from 'zod';
import { defineEndpoint } from '../../../kit.js';
import { findApplication } from '../applications.js';
import { oidcError } from '../errors.js';
import { oidcState } from '../state.js';

/** A user code as oidc-provider keeps it: upper case, letters and digits only (`ABCD-EFGH` → `ABCDEFGH`). */
const normalize = (code: string) => code.toUpperCase().replace(/\W/g, '');

/**
 * POST /oauth2/device/verify { userCode } (signed in; rate-limited): checks a code typed on the
 * app's /device page before the browser goes through the provider with it. A wrong, expired or
 * used code is refused here in plain words; a good one answers where the browser continues (the
 * provider's verification endpoint, which leads to consent) and which application asked.
 */
export const verifyDeviceCode = defineEndpoint({
  method: 'POST',
  path: '/oauth2/device/verify',
  requireSession: true,
  body: z.object({ userCode: z.string().trim().min(1).max(64) }),
  async handler(c) {
    const { runtime, config } = oidcState(c.auth);
    if (!config.deviceFlow) throw oidcError('NOT_FOUND', 'DEVICE_FLOW_DISABLED');
    const normalized = normalize(c.body.userCode);
    const code = normalized ? await runtime.provider.DeviceCode.findByUserCode(normalized, { ignoreExpiration: true }) : undefined;
    if (!code) throw oidcError('BAD_REQUEST', 'INVALID_USER_CODE');
    if (code.isExpired) throw oidcError('BAD_REQUEST', 'USER_CODE_EXPIRED');
    if (code.error || code.accountId || code.inFlight) throw oidcError('BAD_REQUEST', 'USER_CODE_USED');
    const clientId = String(code.clientId);
    const app = await findApplication(c.auth, clientId);
    return {
      redirect: `${c.auth.basePath}/oidc/device?user_code=${encodeURIComponent(normalized)}`,
      application: app?.name ?? clientId,
    };
  },
});
