/**
 * better-auth 1.7's own browser client, with the plugins an app would add, pointed at an
 * in-process Gatehouse: its requests go to `auth.handler` through `customFetchImpl`, with a
 * cookie jar standing in for the browser's, and a software authenticator standing in for
 * `navigator.credentials` (passkeys).
 */
import { apiKeyClient } from '@better-auth/api-key/client';
import { passkeyClient } from '@better-auth/passkey/client';
import { createAuthClient } from 'better-auth/client';
import {
  adminClient,
  emailOTPClient,
  jwtClient,
  magicLinkClient,
  multiSessionClient,
  organizationClient,
  twoFactorClient,
  usernameClient,
} from 'better-auth/client/plugins';
import { vi } from 'vitest';
import type { GatehouseOptions } from '../../packages/core/src/plugins/index.js';
import type { CeremonyOptions } from '../../packages/core/src/plugins/passkey/soft-authenticator.js';
import { SoftAuthenticator } from '../../packages/core/src/plugins/passkey/soft-authenticator.js';
import { browserFetch, type CookieJar, type TestClient } from '../../packages/core/src/test/harness.js';

/** Every capability those client plugins talk to, on. */
export const EVERY_PLUGIN: GatehouseOptions = {
  passkey: { enabled: true },
  emailOTP: { enabled: true },
  magicLink: { enabled: true },
  multiSession: { enabled: true },
  jwt: { enabled: true },
  apiKey: { enabled: true },
};

/** What `onTwoFactorRedirect` was handed, newest last. */
export type TwoFactorRedirects = Array<{ twoFactorMethods?: string[] }>;

/** better-auth's client for one browser (`jar`) of the Gatehouse `t`. */
export function betterAuthClient(t: TestClient, jar: CookieJar, redirects: TwoFactorRedirects = []) {
  const customFetchImpl = browserFetch(t, jar);
  return createAuthClient({
    baseURL: `${t.baseURL}/api/auth`,
    fetchOptions: { customFetchImpl },
    plugins: [
      twoFactorClient({ onTwoFactorRedirect: (context) => void redirects.push(context) }),
      usernameClient(),
      // Teams and custom roles typed in: an app that uses them adds these (the server turns them on).
      organizationClient({ teams: { enabled: true }, dynamicAccessControl: { enabled: true } }),
      adminClient(),
      magicLinkClient(),
      emailOTPClient(),
      multiSessionClient(),
      jwtClient(),
      apiKeyClient(),
      passkeyClient(),
    ],
  });
}

export type BetterAuthClient = ReturnType<typeof betterAuthClient>;

const b64url = (bytes: BufferSource): string =>
  Buffer.from(ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes)).toString('base64url');
const buffer = (text: string): ArrayBuffer => {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

/**
 * Makes `authenticator` this process's `navigator.credentials` (and says WebAuthn is there), as
 * @simplewebauthn/browser, which better-auth's passkey client calls, expects of a browser.
 */
export function useSoftAuthenticator(authenticator: SoftAuthenticator): void {
  const credential = (json: ReturnType<SoftAuthenticator['register']> | ReturnType<SoftAuthenticator['authenticate']>) => ({
    id: json.id,
    rawId: buffer(json.rawId),
    type: json.type,
    authenticatorAttachment: json.authenticatorAttachment,
    getClientExtensionResults: () => ({}),
    response: {
      ...Object.fromEntries(Object.entries(json.response).map(([k, v]) => [k, Array.isArray(v) ? v : buffer(v)])),
      getTransports: () => ['internal'],
    },
  });
  vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {});
  vi.stubGlobal('navigator', {
    credentials: {
      async create({ publicKey }: { publicKey: PublicKeyCredentialCreationOptions }) {
        const options: CeremonyOptions = { challenge: b64url(publicKey.challenge), rp: { id: publicKey.rp.id }, user: { id: b64url(publicKey.user.id) } };
        return credential(authenticator.register(options));
      },
      async get({ publicKey }: { publicKey: PublicKeyCredentialRequestOptions }) {
        return credential(authenticator.authenticate({ challenge: b64url(publicKey.challenge), rpId: publicKey.rpId }));
      },
    },
  });
}

export { SoftAuthenticator };

/** The code in a mail (the first run of 6 digits). */
export const codeIn = (text: string): string => /\b(\d{6})\b/.exec(text)![1]!;
