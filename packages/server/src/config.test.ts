import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuth } from '@gatehouse/core';
import { ConfigError, libraryOptions, loadConfig } from './config.js';

const cwd = '/srv/gatehouse';
const load = (DATABASE_URL: string) => loadConfig({ env: { DATABASE_URL }, cwd, configPath: undefined });

describe('DATABASE_URL', () => {
  it('reads SQLite from file:, sqlite: and plain paths, relative to where the server starts', async () => {
    expect((await load('file:./data/auth.db')).database).toBe(`file:${join(cwd, 'data/auth.db')}`);
    expect((await load('file:///var/lib/auth.db')).database).toBe('file:/var/lib/auth.db');
    expect((await load('sqlite:auth.db')).database).toBe(`file:${join(cwd, 'auth.db')}`);
    expect((await load('sqlite:///var/lib/auth.db')).database).toBe('file:/var/lib/auth.db');
    expect((await load('sqlite://auth.db')).database).toBe(`file:${join(cwd, 'auth.db')}`);
    expect((await load('data/auth.db')).database).toBe(`file:${join(cwd, 'data/auth.db')}`);
    expect((await load(':memory:')).database).toBe(':memory:');
    expect((await load('file::memory:')).database).toBe(':memory:');
  });

  it('passes server URLs through, MariaDB included', async () => {
    expect((await load('postgres://u@db:5432/auth')).database).toBe('postgres://u@db:5432/auth');
    expect((await load('postgresql://u@db/auth')).database).toBe('postgresql://u@db/auth');
    expect((await load('mysql://root@db/auth')).database).toBe('mysql://root@db/auth');
    expect((await load('mariadb://root@db/auth')).database).toBe('mariadb://root@db/auth');
  });

  it('refuses a scheme it cannot open, naming the variable, instead of making a file of it', async () => {
    const refused = load('mongodb://db:27017/auth');
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow(/^DATABASE_URL: unsupported database URL scheme "mongodb:"/);
  });
});

describe('capabilities turned on by the config module', () => {
  const withConfig = (config: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env: {}, cwd: dir, configPath: undefined });
  };

  it('passes emailOTP through, and refuses its options out of range by name', async () => {
    expect((await withConfig({ emailOTP: { enabled: true, otpLength: 8 } })).emailOTP).toEqual({ enabled: true, otpLength: 8 });
    await expect(withConfig({ emailOTP: { enabled: true, otpLength: 3 } })).rejects.toThrow(/^config: emailOTP\.otpLength: /);
    await expect(withConfig({ emailOTP: { enabled: 'yes' } })).rejects.toThrow(/^config: emailOTP\.enabled: /);
  });
});

describe('the magic-link plugin by configuration', () => {
  const withConfig = async (config: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env: {}, cwd: dir });
  };

  it('is turned on by gatehouse.config.json', async () => {
    const loaded = await withConfig({ magicLink: { enabled: true, expiresIn: 600, disableSignUp: true } });
    expect(loaded.magicLink).toEqual({ enabled: true, expiresIn: 600, disableSignUp: true });
  });

  it('refuses a bad option at start, naming it', async () => {
    await expect(withConfig({ magicLink: { enabled: true, expiresIn: 0 } })).rejects.toThrow(/^config: magicLink\.expiresIn: /);
    await expect(withConfig({ magicLink: { enabled: 'yes' } })).rejects.toThrow(/^config: magicLink\.enabled: /);
  });
});

describe('multiSession in the config module', () => {
  const withConfig = (config: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env: {}, cwd: dir });
  };

  it('turns the plugin on as written', async () => {
    expect((await withConfig({ multiSession: { enabled: true, maximumSessions: 3 } })).multiSession).toEqual({ enabled: true, maximumSessions: 3 });
  });

  it('refuses a maximum that is not a whole number from 1 to 20, naming the option', async () => {
    for (const maximumSessions of [0, 21, 2.5, '5']) {
      await expect(withConfig({ multiSession: { enabled: true, maximumSessions } })).rejects.toThrow(/^config: multiSession\.maximumSessions: /);
    }
  });
});

describe('password policy', () => {
  const withEnv = (env: NodeJS.ProcessEnv) => loadConfig({ env, cwd, configPath: undefined });

  it('is turned to the NIST preset, and the breach check on, from the environment', async () => {
    const config = await withEnv({ PASSWORD_POLICY: 'nist-800-63b-4', PASSWORD_BREACHED_CHECK: 'on', PASSWORD_BREACHED_ENDPOINT: 'http://127.0.0.1:9/pwned' });
    expect(config.passwordPolicy).toEqual({ preset: 'nist-800-63b-4', breachedCheck: { enabled: true, endpoint: 'http://127.0.0.1:9/pwned' } });
    expect((await withEnv({ PASSWORD_BLOCK_COMMON: 'off' })).passwordPolicy).toEqual({ blockCommon: false });
    expect((await withEnv({})).passwordPolicy).toBeUndefined();
  });

  it('refuses a wrong value, naming the variable or the option', async () => {
    await expect(withEnv({ PASSWORD_POLICY: 'strict' })).rejects.toThrow('PASSWORD_POLICY: must be "default" or "nist-800-63b-4", got "strict"');
    await expect(withEnv({ PASSWORD_BREACHED_CHECK: 'yes' })).rejects.toThrow('PASSWORD_BREACHED_CHECK: must be "on" or "off", got "yes"');
    await expect(withEnv({ PASSWORD_BREACHED_CHECK: 'on', PASSWORD_BREACHED_ENDPOINT: 'not a url' })).rejects.toThrow(
      /^config: passwordPolicy\.breachedCheck\.endpoint: must be an http\(s\) URL/,
    );
  });
});

describe('webhooks in the config module', () => {
  const withConfig = (config: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env: {}, cwd: dir });
  };
  const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;

  it('turns the plugin on as written, with configured endpoints', async () => {
    const webhooks = { enabled: true, endpoints: [{ url: 'https://hooks.example.com/in', events: ['user.created'], secret }], timeout: 5 };
    expect((await withConfig({ webhooks })).webhooks).toEqual(webhooks);
  });

  it('refuses a bad option at start, naming it', async () => {
    await expect(withConfig({ webhooks: { enabled: 'yes' } })).rejects.toThrow(/^config: webhooks\.enabled: /);
    await expect(withConfig({ webhooks: { enabled: true, endpoints: [{ url: 'ftp://x', events: ['user.created'], secret }] } })).rejects.toThrow(
      /^config: webhooks\.endpoints\.0\.url: /,
    );
    await expect(withConfig({ webhooks: { enabled: true, endpoints: [{ url: 'https://x.example', events: [], secret }] } })).rejects.toThrow(
      /^config: webhooks\.endpoints\.0\.events: /,
    );
    await expect(withConfig({ webhooks: { enabled: true, timeout: 0 } })).rejects.toThrow(/^config: webhooks\.timeout: /);
  });
});

describe("each capability's options, by its manifest's schema", () => {
  const withConfig = (config: unknown, env: NodeJS.ProcessEnv = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env, cwd: dir });
  };

  it('refuses a value out of range in a capability the server had no rules of, naming its path as the library does', async () => {
    await expect(withConfig({ organization: { teams: { enabled: true, maximumTeams: 0 } } })).rejects.toThrow(
      'config: organization.teams.maximumTeams: must be a whole number of at least 1',
    );
    await expect(withConfig({ sso: { domainVerification: { tokenPrefix: 'has space' } } })).rejects.toThrow(
      'config: sso.domainVerification.tokenPrefix: must be 1-40 letters, digits or hyphens',
    );
    await expect(withConfig({ emailOTP: { sendWindow: 0 } })).rejects.toThrow('config: emailOTP.sendWindow: must be a whole number from 1 to 86400');
    await expect(withConfig({ scim: { groups: { roles: { Owners: 'owner' } } } })).rejects.toThrow(
      'config: scim.groups.roles.Owners: a directory cannot make owners; map the group to admin or a custom role',
    );
  });

  it('checks what the environment sets with the same schema', async () => {
    await expect(withConfig({ metrics: { processMetrics: false } }, { METRICS_TOKEN: 'a-token-of-sixteen+' })).resolves.toMatchObject({
      metrics: { enabled: true, token: 'a-token-of-sixteen+', processMetrics: false },
    });
    await expect(withConfig({}, { OIDC_PROVIDER: 'on', SCIM: 'off' })).resolves.toMatchObject({ oidcProvider: { enabled: true }, scim: { enabled: false } });
  });
});

describe('jwt and apiKey in the config module', () => {
  const withConfig = (config: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env: {}, cwd: dir });
  };

  it('turns the plugins on as written', async () => {
    const loaded = await withConfig({
      jwt: { enabled: true, alg: 'ES256', expirationTime: 300 },
      apiKey: { enabled: true, defaultPrefix: 'gh_', rateLimit: { maxRequests: 10 } },
    });
    expect(loaded.jwt).toEqual({ enabled: true, alg: 'ES256', expirationTime: 300 });
    expect(loaded.apiKey).toEqual({ enabled: true, defaultPrefix: 'gh_', rateLimit: { maxRequests: 10 } });
  });

  it('refuses bad options at start, naming them', async () => {
    await expect(withConfig({ jwt: { enabled: true, alg: 'HS256' } })).rejects.toThrow(/^config: jwt\.alg: /);
    await expect(withConfig({ jwt: { enabled: true, rotationInterval: 0 } })).rejects.toThrow(/^config: jwt\.rotationInterval: /);
    await expect(withConfig({ apiKey: { enabled: true, defaultPrefix: 'has space' } })).rejects.toThrow(/^config: apiKey\.defaultPrefix: /);
    await expect(withConfig({ apiKey: { enabled: true, rateLimit: { maxRequests: 0 } } })).rejects.toThrow(/^config: apiKey\.rateLimit\.maxRequests: /);
  });
});

describe('metrics by configuration', () => {
  const withConfig = (config: unknown, env: NodeJS.ProcessEnv = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env, cwd: dir });
  };
  const token = 'scrape-token-0123456789abcdef';

  it('is turned on by METRICS_TOKEN, or by the config module', async () => {
    expect((await withConfig({}, { METRICS_TOKEN: token })).metrics).toEqual({ enabled: true, token });
    expect((await withConfig({ metrics: { enabled: true, token } })).metrics).toEqual({ enabled: true, token });
    expect((await withConfig({})).metrics).toBeUndefined();
  });

  it('refuses a missing or short token at start, naming the option', async () => {
    await expect(withConfig({ metrics: { enabled: true } })).rejects.toThrow('config: metrics.token: metrics need a token (METRICS_TOKEN, or metrics.token)');
    await expect(withConfig({}, { METRICS_TOKEN: 'short' })).rejects.toThrow('config: metrics.token: the metrics token must be at least 16 characters');
    await expect(withConfig({ metrics: { enabeld: true, token } })).rejects.toThrow('config: metrics.enabeld: unknown option, did you mean "enabled"?');
  });
});

describe('the OpenID provider in the config module', () => {
  const withConfig = (config: unknown, env: Record<string, string> = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env, cwd: dir });
  };

  it('takes its storage and key rotation as written', async () => {
    const loaded = await withConfig(
      { oidcProvider: { enabled: true, storage: 'secondary-storage', keyRotationInterval: 86400 } },
      { REDIS_URL: 'redis://127.0.0.1:6379' },
    );
    expect(loaded.oidcProvider).toEqual({ enabled: true, storage: 'secondary-storage', keyRotationInterval: 86400 });
  });

  it('refuses an unknown storage and a rotation shorter than an hour, naming them', async () => {
    await expect(withConfig({ oidcProvider: { enabled: true, storage: 'redis' } })).rejects.toThrow(/^config: oidcProvider\.storage: /);
    await expect(withConfig({ oidcProvider: { enabled: true, keyRotationInterval: 60 } })).rejects.toThrow(/^config: oidcProvider\.keyRotationInterval: /);
  });
});

describe('branding in the config module', () => {
  const withBranding = (branding: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-branding-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify({ branding }));
    return loadConfig({ env: {}, cwd: dir, configPath: undefined });
  };

  it('passes a name, an https or same-server logo and a hex colour through', async () => {
    const branding = { name: 'Acme ID', logoUrl: 'https://cdn.example.com/logo.svg', color: '#0F766E' };
    expect((await withBranding(branding)).branding).toEqual(branding);
    expect((await withBranding({ logoUrl: '/brand/logo.png', color: '#f80' })).branding).toEqual({ logoUrl: '/brand/logo.png', color: '#f80' });
  });

  it('refuses a colour that is not a hex colour, a logo that is not https or a path, and unknown keys, by name', async () => {
    await expect(withBranding({ color: 'red' })).rejects.toThrow(/^config: branding\.color: must be a CSS hex colour/);
    await expect(withBranding({ color: '#12345' })).rejects.toThrow(/^config: branding\.color: /);
    await expect(withBranding({ logoUrl: 'http://example.com/logo.svg' })).rejects.toThrow(/^config: branding\.logoUrl: must be an https URL/);
    await expect(withBranding({ logoUrl: '//evil.example/logo.svg' })).rejects.toThrow(/^config: branding\.logoUrl: /);
    await expect(withBranding({ logoUrl: 'javascript:alert(1)' })).rejects.toThrow(/^config: branding\.logoUrl: /);
    await expect(withBranding({ name: '' })).rejects.toThrow(/^config: branding\.name: /);
    await expect(withBranding({ colour: '#fff' })).rejects.toThrow('config: branding.colour: unknown option, did you mean "color"?');
  });
});

describe('i18n by configuration', () => {
  const withConfig = (config: unknown, env: NodeJS.ProcessEnv = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
    return loadConfig({ env, cwd: dir });
  };

  it('passes the default language and the replaced texts on; I18N_DEFAULT_LOCALE sets the default over the module', async () => {
    const i18n = {
      defaultLocale: 'de',
      messages: { de: { INVALID_EMAIL_OR_PASSWORD: 'Anmeldung fehlgeschlagen' }, it: { INVALID_EMAIL: 'Email non valida' } },
    };
    expect((await withConfig({ i18n })).i18n).toEqual(i18n);
    expect((await withConfig({ i18n }, { I18N_DEFAULT_LOCALE: 'fr' })).i18n).toEqual({ ...i18n, defaultLocale: 'fr' });
    expect((await loadConfig({ env: { I18N_DEFAULT_LOCALE: 'es' }, cwd: mkdtempSync(join(tmpdir(), 'gatehouse-config-')) })).i18n).toEqual({
      defaultLocale: 'es',
    });
  });

  it('refuses an unknown key or a text that is not a string at start, naming it', async () => {
    await expect(withConfig({ i18n: { defaultLanguage: 'de' } })).rejects.toThrow(
      'config: i18n.defaultLanguage: unknown option, did you mean "defaultLocale"?',
    );
    await expect(withConfig({ i18n: { messages: { de: { INVALID_EMAIL: 42 } } } })).rejects.toThrow(/^config: i18n\.messages\.de\.INVALID_EMAIL: /);
  });

  it('an unknown message key is refused when the service starts, naming it', async () => {
    const config = await withConfig({ database: ':memory:', i18n: { messages: { de: { NOT_A_CODE: 'x' } } } });
    const auth = createAuth({ ...libraryOptions(config), logger: { debug() {}, info() {}, warn() {}, error() {} } });
    await expect(auth.ready()).rejects.toThrow('i18n.messages.de: unknown message "NOT_A_CODE"');
  });
});

describe('unknown option keys are refused at start, at every level (CONTRACT.md)', () => {
  /** Loads `source` as the config module gatehouse.config.mjs of a fresh directory. */
  const withModule = (source: string, env: NodeJS.ProcessEnv = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-config-'));
    writeFileSync(join(dir, 'gatehouse.config.mjs'), source);
    return loadConfig({ env, cwd: dir });
  };
  const withObject = (config: unknown) => withModule(`export default ${JSON.stringify(config)};`);
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('refuses the misspelt nested key by its path with the closest key, and the unknown top-level ones', async () => {
    const refused = withModule('export default { sso: { enabled: true }, foo: 1, emailOTP: { enabled: true, otpLenght: 7 } };');
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    // (`sso` is refused too until the SSO capability registers its key.)
    await expect(refused).rejects.toThrow(
      /^config: (sso: unknown option; )?foo: unknown option; emailOTP\.otpLenght: unknown option, did you mean "otpLength"\?$/,
    );
    await expect(withObject({ foo: 1 })).rejects.toThrow(/^config: foo: unknown option$/);
    await expect(withObject({ prot: 8080 })).rejects.toThrow('config: prot: unknown option, did you mean "port"?');
  });

  it('refuses an unknown key nested in every option group', async () => {
    const groups: Record<string, unknown> = {
      emailAndPassword: { enabled: true, minPaswordLength: 8 },
      emailVerification: { sendOnSignup: true },
      email: { form: 'x@example.com' },
      session: { cookieCache: { enabled: true, maxage: 60 } },
      rateLimit: { customRules: { '/sign-in/email': { window: 10, maxx: 3 } } },
      advanced: { cookiePrefx: 'x' },
      user: { additionalFields: { plan: { type: 'string', defaultValeu: 'free' } } },
      account: { accountLinking: { trustedProvider: ['google'] } },
      socialProviders: { google: { clientId: 'a', clientSecret: 'b', redirectUri: 'https://x.example/cb' } },
      i18n: { defaultLocal: 'de' },
      lockout: { maxAttempt: 3 },
      branding: { colour: '#fff' },
      username: { minUsernameLen: 3 },
      twoFactor: { isuer: 'x' },
      admin: { adminRole: ['admin'] },
      organization: { creatorRoles: 'owner' },
      passkey: { enabled: true, rpId: 'example.com' },
      emailOTP: { expiresin: 300 },
      magicLink: { perAddress: { windows: 900 } },
      multiSession: { maximumSession: 5 },
      passwordPolicy: { breachedCheck: { timeout: 1 } },
      webhooks: { endpoints: [{ url: 'https://a.example/h', events: ['user.created'], secret: 'whsec_x', event: 'x' }] },
      jwt: { expirationTim: 900 },
      apiKey: { rateLimit: { timewindow: 1000 } },
      metrics: { enabled: true, token: 'a-token-of-16-characters', processMetric: true },
      oidcProvider: { accessTokenTtl: 3600 },
    };
    const paths = {
      emailAndPassword: 'emailAndPassword.minPaswordLength',
      emailVerification: 'emailVerification.sendOnSignup',
      email: 'email.form',
      session: 'session.cookieCache.maxage',
      rateLimit: 'rateLimit.customRules./sign-in/email.maxx',
      advanced: 'advanced.cookiePrefx',
      user: 'user.additionalFields.plan.defaultValeu',
      account: 'account.accountLinking.trustedProvider',
      socialProviders: 'socialProviders.google.redirectUri',
      i18n: 'i18n.defaultLocal',
      lockout: 'lockout.maxAttempt',
      branding: 'branding.colour',
      username: 'username.minUsernameLen',
      twoFactor: 'twoFactor.isuer',
      admin: 'admin.adminRole',
      organization: 'organization.creatorRoles',
      passkey: 'passkey.rpId',
      emailOTP: 'emailOTP.expiresin',
      magicLink: 'magicLink.perAddress.windows',
      multiSession: 'multiSession.maximumSession',
      passwordPolicy: 'passwordPolicy.breachedCheck.timeout',
      webhooks: 'webhooks.endpoints[0].event',
      jwt: 'jwt.expirationTim',
      apiKey: 'apiKey.rateLimit.timewindow',
      metrics: 'metrics.processMetric',
      oidcProvider: 'oidcProvider.accessTokenTtl',
    };
    for (const [group, value] of Object.entries(groups)) {
      const path = paths[group as keyof typeof paths];
      await expect(withObject({ [group]: value }), group).rejects.toThrow(
        new RegExp(`^config: ${path.replace(/[.[\]/]/g, '\\$&')}: unknown option, did you mean "`),
      );
    }
  });

  it('refuses a misspelt social provider id, suggesting the provider', async () => {
    await expect(withObject({ socialProviders: { gogle: { clientId: 'a', clientSecret: 'b' } } })).rejects.toThrow(
      'config: socialProviders.gogle: unknown option, did you mean "google"?',
    );
  });

  it("accepts the README's whole example config module, and the library accepts what it loads", async () => {
    const readme = readFileSync(resolve(fileURLToPath(import.meta.url), '../../../../README.md'), 'utf8');
    const example = /```js\n(\/\/ gatehouse\.config\.mjs\n[\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toContain('export default {');
    vi.stubEnv('AUTH_SECRET', 'a-secret-of-the-readme-example-0000000000');
    vi.stubEnv('METRICS_TOKEN', 'a-metrics-token-of-16-characters');
    const config = await withModule(example!);
    expect(config.emailOTP).toMatchObject({ otpLength: 6 });
    expect(config.oidcProvider).toMatchObject({ storage: 'database' });
    expect(() => createAuth(libraryOptions(config))).not.toThrow();
  });
});
