import { createAuth, createApplication, findApplication, APIError, BASE_ERRORS, hashPassword, type MigrationStep, type Row } from '@gatehouse/core';
import { libraryOptions, type ServerOptions } from './config.js';
import { createLogger } from './logger.js';
import { secondaryStorageFor } from './storage.js';

/**
 * The instance a command works on, with the server's secondary storage (REDIS_URL) when it has one:
 * a capability that keeps its data there (the OpenID provider's `storage: 'secondary-storage'`)
 * refuses to start without it. Closing it closes that connection too.
 */
async function quietAuth(config: ServerOptions & { autoMigrate?: boolean }) {
  const logger = createLogger(config.logLevel ?? 'warn');
  const secondaryStorage = config.redisURL ? await secondaryStorageFor(config.redisURL, logger) : undefined;
  const auth = createAuth({ ...libraryOptions(config), logger, ...(secondaryStorage ? { secondaryStorage } : {}) });
  const close = auth.close.bind(auth);
  return Object.assign(auth, {
    async close() {
      try {
        await close();
      } finally {
        await secondaryStorage?.close?.();
      }
    },
  });
}

export async function runMigrate(config: ServerOptions): Promise<MigrationStep[]> {
  const auth = await quietAuth({ ...config, autoMigrate: false });
  try {
    return await auth.migrate();
  } finally {
    await auth.close();
  }
}

/** Creates a user with a password (and optionally a role and username), user + account in one transaction. */
export async function createUser(
  config: ServerOptions,
  input: { email: string; password: string; name: string; role?: string; username?: string },
): Promise<Row> {
  const auth = await quietAuth(config);
  try {
    const ctx = await auth.context();
    const email = input.email.normalize('NFKC').trim().toLowerCase();
    // The same rules as every route that sets a password (lengths, the password policy).
    await ctx.password.check(input.password, { userId: null });
    if (input.role && !ctx.schema.user!.fields.role) throw new Error('--role needs the admin feature (admin.enabled)');
    if (input.username && !ctx.schema.user!.fields.username) throw new Error('--username needs the username feature (username.enabled)');
    if (await ctx.adapter.findOne('user', [{ field: 'email', value: email }])) {
      throw new APIError('UNPROCESSABLE_ENTITY', 'USER_ALREADY_EXISTS', BASE_ERRORS.USER_ALREADY_EXISTS);
    }
    const hash = await hashPassword(input.password);
    const data: Row = { email, name: input.name, emailVerified: true };
    if (input.role) data.role = input.role;
    if (input.username) data.username = input.username;
    return await ctx.adapter.transaction(async (trx) => {
      const user = await trx.create('user', data);
      if (!user) throw new APIError('UNPROCESSABLE_ENTITY', 'FAILED_TO_CREATE_USER', BASE_ERRORS.FAILED_TO_CREATE_USER);
      await trx.create('account', { userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
      return user;
    });
  } finally {
    await auth.close();
  }
}

/**
 * Registers an application with the OpenID provider (`oidcProvider.enabled`): answers what the
 * CLI prints, `client_id` and, for a confidential client, `client_secret` (shown this once).
 */
export async function createOAuthClient(
  config: ServerOptions,
  input: {
    name: string;
    redirectURIs: string[];
    postLogoutRedirectURIs: string[];
    public: boolean;
    firstParty: boolean;
    backchannelLogoutURI?: string;
    settings?: { deviceFlow?: boolean };
  },
): Promise<Record<string, unknown>> {
  if (!config.oidcProvider?.enabled) throw new Error('oauth-client needs the OpenID provider (oidcProvider.enabled or OIDC_PROVIDER=on)');
  const auth = await quietAuth(config);
  try {
    const app = await createApplication(await auth.context(), input);
    return {
      client_id: app.clientId,
      ...(app.clientSecret ? { client_secret: app.clientSecret } : {}),
      client_name: app.name,
      redirect_uris: app.redirectURIs,
      post_logout_redirect_uris: app.postLogoutRedirectURIs,
      token_endpoint_auth_method: app.public ? 'none' : 'client_secret_basic',
      first_party: app.firstParty,
      ...(app.backchannelLogoutURI ? { backchannel_logout_uri: app.backchannelLogoutURI } : {}),
      issuer: `${(await auth.context()).baseURL}${(await auth.context()).basePath}`,
    };
  } finally {
    await auth.close();
  }
}

/**
 * A small device client (RFC 8628) for an application allowed the device grant, as a Node script
 * using openid-client 6: it asks for a code, prints where to enter it, polls (following `interval`
 * and `slow_down`) and prints who signed in. A confidential client's secret is read from
 * GATEHOUSE_CLIENT_SECRET, never written into the script.
 */
export async function deviceClientExample(config: ServerOptions, clientId: string): Promise<string> {
  if (!config.oidcProvider?.enabled) throw new Error('oauth-client needs the OpenID provider (oidcProvider.enabled or OIDC_PROVIDER=on)');
  const auth = await quietAuth(config);
  try {
    const context = await auth.context();
    const app = await findApplication(context, clientId);
    if (!app) throw new Error(`no application has the client id ${clientId}`);
    if (!app.settings.deviceFlow || !config.oidcProvider.deviceFlow) {
      throw new Error(
        `${app.name} may not use device sign-in: turn on oidcProvider.deviceFlow and the application's device flow setting (oauth-client create --device-flow)`,
      );
    }
    const issuer = `${context.baseURL}${context.basePath}`;
    const authentication = app.public
      ? 'client.None()'
      : "client.ClientSecretBasic(process.env.GATEHOUSE_CLIENT_SECRET ?? fail('set GATEHOUSE_CLIENT_SECRET to the client secret'))";
    return `// Device sign-in (RFC 8628) for ${app.name}, with openid-client 6: npm install openid-client, then node device.mjs
import * as client from 'openid-client';

const fail = (message) => {
  console.error(message);
  process.exit(1);
};
const issuer = new URL(process.env.GATEHOUSE_ISSUER ?? ${JSON.stringify(issuer)});
const config = await client.discovery(issuer, ${JSON.stringify(app.clientId)}, undefined, ${authentication}, {
  // Plain http only for a server on this machine (development).
  execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
});
const device = await client.initiateDeviceAuthorization(config, { scope: 'openid email profile' });
console.log(\`Open \${device.verification_uri} and enter \${device.user_code}\`);
if (device.verification_uri_complete) console.log(\`(or open \${device.verification_uri_complete})\`);
// Waits the interval between polls, longer after a slow_down; ends when the person approved, refused or the code expired.
const tokens = await client.pollDeviceAuthorizationGrant(config, device);
const { sub } = tokens.claims() ?? fail('no ID token');
const person = await client.fetchUserInfo(config, tokens.access_token, sub);
console.log(\`Signed in as \${person.email ?? sub}\`);
`;
  } finally {
    await auth.close();
  }
}
