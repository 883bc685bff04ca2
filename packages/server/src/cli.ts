#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { APIError } from '@gatehouse/core';
import { ConfigError, loadConfig } from './config.js';
import { createOAuthClient, createUser, deviceClientExample, runMigrate } from './commands.js';
import { rerunOnSupportedNode } from './node-version.js';
import { startServer } from './serve.js';

const HELP = `gatehouse: authentication and account management

Usage:
  gatehouse start                  start the server (API at /api/auth, React app at /)
  gatehouse migrate                create or update the schema of the configured database
  gatehouse create-user --email E --password P --name N [--role admin] [--username U]
  gatehouse oauth-client create --name N --redirect-uri U [--redirect-uri U2] [--post-logout-redirect-uri U]
                                [--backchannel-logout-uri U] [--public] [--first-party] [--device-flow]
                                   register an app with the OpenID provider; prints JSON with
                                   client_id and client_secret (shown once; none for --public;
                                   no --redirect-uri: a machine client, client credentials only)
  gatehouse oauth-client example-device --client-id ID
                                   print a small device sign-in client (Node, openid-client) for
                                   an application made with --device-flow

Options:
  --config PATH    config module (same as GATEHOUSE_CONFIG); default ./gatehouse.config.{mjs,js,json}
  -h, --help       this help

Environment: PORT, HOST, BASE_URL, AUTH_SECRET, DATABASE_URL, REDIS_URL, SMTP_URL, MAIL_FROM,
TRUSTED_ORIGINS, RATE_LIMIT (on/off), OIDC_PROVIDER (on/off), NODE_ENV, LOG_LEVEL.`;

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    console.error(`gatehouse: ${(e as Error).message}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || !command) {
    console.log(HELP);
    return command || values.help ? 0 : 2;
  }
  if (!['start', 'migrate', 'create-user', 'oauth-client'].includes(command)) {
    console.error(`gatehouse: unknown command "${command}"\n\n${HELP}`);
    return 2;
  }
  const config = await loadConfig({ configPath: values.config });
  switch (command) {
    case 'start': {
      const server = await startServer(config);
      console.log(`Gatehouse listening on ${server.url}: open ${config.baseURL}/ (API at ${config.baseURL}${config.basePath ?? '/api/auth'})`);
      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        console.log(`${signal}: finishing in-flight requests, then stopping`);
        await server.close();
        process.exit(0);
      };
      process.on('SIGTERM', () => void stop('SIGTERM'));
      process.on('SIGINT', () => void stop('SIGINT'));
      return -1;
    }
    case 'migrate': {
      const steps = await runMigrate(config);
      console.log(
        steps.length
          ? steps.map((s) => `${s.kind} ${s.table}${s.column ? `.${s.column}` : ''}${s.skipped ? ` SKIPPED: ${s.skipped}` : ''}`).join('\n')
          : 'schema is up to date',
      );
      return steps.some((s) => s.skipped) ? 1 : 0;
    }
    case 'create-user': {
      const { email, password, name, role, username } = values;
      if (!email || !password || !name) {
        console.error('gatehouse create-user: --email, --password and --name are required');
        return 2;
      }
      const user = await createUser(config, { email, password, name, role, username });
      console.log(`created user ${user.id} <${user.email}>${role ? ` with role ${role}` : ''}`);
      return 0;
    }
    case 'oauth-client': {
      const { name } = values;
      const uris = values['redirect-uri'] ?? [];
      if (positionals[1] === 'example-device') {
        if (!values['client-id']) {
          console.error('gatehouse oauth-client example-device: --client-id is required');
          return 2;
        }
        console.log(await deviceClientExample(config, values['client-id']));
        return 0;
      }
      if (positionals[1] !== 'create' || !name || (uris.length === 0 && values.public)) {
        console.error(
          'gatehouse oauth-client create: --name is required, and --redirect-uri for a --public client (none: a machine client, client credentials only)',
        );
        return 2;
      }
      const created = await createOAuthClient(config, {
        name,
        redirectURIs: uris,
        postLogoutRedirectURIs: values['post-logout-redirect-uri'] ?? [],
        public: values.public ?? false,
        firstParty: values['first-party'] ?? false,
        ...(values['backchannel-logout-uri'] ? { backchannelLogoutURI: values['backchannel-logout-uri'] } : {}),
        // The device authorization grant (RFC 8628) for this application; the provider's oidcProvider.deviceFlow must be on too.
        ...(values['device-flow'] ? { settings: { deviceFlow: true } } : {}),
      });
      console.log(JSON.stringify(created, null, 2));
      return 0;
    }
    default:
      console.error(`gatehouse: unknown command "${command}"\n\n${HELP}`);
      return 2;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      username: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      'post-logout-redirect-uri': { type: 'string', multiple: true },
      'backchannel-logout-uri': { type: 'string' },
      public: { type: 'boolean' },
      'first-party': { type: 'boolean' },
      'device-flow': { type: 'boolean' },
      'client-id': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

// On a Node.js too old for the SQLite addon, the same command runs again on the bundled Node 24.
const rerun = await rerunOnSupportedNode(import.meta.url);
if (rerun !== null) process.exit(rerun);

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (e: unknown) => {
    if (e instanceof ConfigError) console.error(`gatehouse: ${e.message}`);
    else if (e instanceof APIError) console.error(`gatehouse: ${e.message}`);
    else console.error('gatehouse: failed:', e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
