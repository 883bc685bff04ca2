/**
 * The passkey tests' kit: a test client with passkeys on, the two ceremonies through the API,
 * and the software authenticator (`soft-authenticator.ts`) that answers them.
 */
import { type CookieJar, createTestClient, type GatehouseOptions, type TestClient } from '../../test-kit.js';
import { type CeremonyOptions as Options, type CeremonyOverrides, SoftAuthenticator } from './soft-authenticator.js';

export { type CeremonyOverrides, cbor, SoftAuthenticator } from './soft-authenticator.js';

export const ORIGIN = 'http://localhost:3000';

export function passkeyClient(options: GatehouseOptions = {}): Promise<TestClient> {
  return createTestClient({ passkey: { enabled: true }, ...options });
}

/** Runs the registration ceremony for the user signed in on `jar`; answers verify-registration's result. */
export async function addPasskey(
  t: TestClient,
  opts: { jar?: CookieJar; authenticator?: SoftAuthenticator; name?: string; overrides?: CeremonyOverrides } = {},
) {
  const jar = opts.jar ?? t.jar;
  const authenticator = opts.authenticator ?? new SoftAuthenticator(ORIGIN);
  const options = await t.json<Options>('/passkey/generate-register-options', { jar });
  if (options.status !== 200) throw new Error(`register options: ${options.status} ${JSON.stringify(options.data)}`);
  const response = authenticator.register(options.data, opts.overrides);
  const verified = await t.json<Record<string, unknown>>('/passkey/verify-registration', {
    jar,
    body: { response, ...(opts.name ? { name: opts.name } : {}) },
  });
  return { authenticator, options: options.data, ...verified };
}

/** Asks for sign-in options on `jar` and answers them with `authenticator`; answers verify-authentication's result. */
export async function passkeySignIn(t: TestClient, authenticator: SoftAuthenticator, opts: { jar?: CookieJar; overrides?: CeremonyOverrides } = {}) {
  const jar = opts.jar ?? t.newJar();
  const options = await t.json<Options>('/passkey/generate-authenticate-options', { jar });
  if (options.status !== 200) throw new Error(`authenticate options: ${options.status} ${JSON.stringify(options.data)}`);
  const response = authenticator.authenticate(options.data, opts.overrides);
  const result = await t.json<Record<string, unknown>>('/passkey/verify-authentication', { jar, body: { response } });
  return { jar, assertion: response, ...result };
}
