import { describe, expect, it } from 'vitest';
import { createAuth } from './auth.js';
import { closestKey, ListOf, RecordOf } from './option-keys.js';
import type { GatehouseOptions } from './plugins/index.js';
import { GATEHOUSE_OPTION_KEYS, unknownOptions } from './plugins/option-keys.js';
import { definePlugin } from './plugin.js';
import { silentLogger } from './test/harness.js';

const base = { database: ':memory:', logger: silentLogger } as const;

/** What createAuth throws for these options, or null when it accepts them. */
function refusal(options: Record<string, unknown>): string | null {
  try {
    createAuth({ ...base, ...options } as GatehouseOptions);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('unknown option keys (CONTRACT.md: refused at start, named)', () => {
  it('createAuth refuses an unknown key at the top and below, with its path and the closest known key', () => {
    const message = refusal({ sso: { enabled: true }, foo: 1, emailOTP: { enabled: true, otpLenght: 7 } });
    // (`sso` is refused too until the SSO capability registers its key.)
    expect(message).toMatch(
      /^Gatehouse options: (sso: unknown option; )?foo: unknown option; emailOTP\.otpLenght: unknown option, did you mean "otpLength"\?$/,
    );
    expect(refusal({ session: { cookieCache: { enabeld: true } } })).toBe(
      'Gatehouse options: session.cookieCache.enabeld: unknown option, did you mean "enabled"?',
    );
    expect(refusal({ emailandPassword: { enabled: true } })).toBe('Gatehouse options: emailandPassword: unknown option, did you mean "emailAndPassword"?');
  });

  it('refuses a misspelt provider id and a provider key no provider reads; free-keyed records stay free', () => {
    expect(refusal({ socialProviders: { gihtub: { clientId: 'a', clientSecret: 'b' } } })).toBe(
      'Gatehouse options: socialProviders.gihtub: unknown option, did you mean "github"?',
    );
    expect(refusal({ socialProviders: { google: { clientId: 'a', clientSecret: 'b', scopes: ['x'] } } })).toBe(
      'Gatehouse options: socialProviders.google.scopes: unknown option, did you mean "scope"?',
    );
    expect(refusal({ socialProviders: { google: { clientId: 'a', clientSecret: 'b', tenantId: 'contoso' } } })).toBe(
      'Gatehouse options: socialProviders.google.tenantId: unknown option',
    );
    expect(
      refusal({
        socialProviders: { microsoft: { clientId: 'a', clientSecret: 'b', tenantId: 'contoso' } },
        user: { additionalFields: { favouriteColour: { type: 'string', input: true } } },
        rateLimit: { customRules: { '/sign-in/email': { window: 60, max: 3 }, '/ok': false } },
        i18n: { messages: { de: { USER_NOT_FOUND: 'Nicht gefunden' } } },
        databaseHooks: { user: { create: { before: async () => undefined } } },
        webhooks: { endpoints: [{ url: 'https://hooks.example.com/in', events: ['user.created'], secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }] },
        autoMigrate: false,
      }),
    ).toBeNull();
    expect(refusal({ user: { additionalFields: { colour: { type: 'string', inptu: true } } } })).toBe(
      'Gatehouse options: user.additionalFields.colour.inptu: unknown option, did you mean "input"?',
    );
    expect(refusal({ rateLimit: { customRules: { '/x': { window: 1, maxi: 2 } } } })).toBe(
      'Gatehouse options: rateLimit.customRules./x.maxi: unknown option, did you mean "max"?',
    );
    expect(refusal({ webhooks: { endpoints: [{ url: 'https://a.example', events: ['x'], secret: 'whsec_x', secrt: 1 }] } })).toBe(
      'Gatehouse options: webhooks.endpoints[0].secrt: unknown option, did you mean "secret"?',
    );
  });

  it('a nested unknown key under every option group is refused, a capability registered later included', () => {
    const groups = Object.entries(GATEHOUSE_OPTION_KEYS).filter(([, spec]) => spec !== true && !(spec instanceof RecordOf) && !(spec instanceof ListOf));
    expect(groups.map(([key]) => key)).toEqual(
      expect.arrayContaining(['emailAndPassword', 'session', 'socialProviders', 'emailOTP', 'organization', 'oidcProvider', 'branding']),
    );
    for (const [group] of groups) {
      expect(unknownOptions({ [group]: { notAnOption: 1 } }), group).toEqual([{ path: `${group}.notAnOption` }]);
    }
  });

  it("a library user's plugin declares its own option key", () => {
    const notes = definePlugin({ id: 'notes', optionKeys: { notes: { maxLength: true } } });
    expect(refusal({ plugins: [notes], notes: { maxLength: 5 } })).toBeNull();
    expect(refusal({ plugins: [notes], notes: { maxLenght: 5 } })).toBe('Gatehouse options: notes.maxLenght: unknown option, did you mean "maxLength"?');
    expect(refusal({ notes: { maxLength: 5 } })).toBe('Gatehouse options: notes: unknown option');
  });

  it("refuses a capability's option out of its range, of the wrong type or form, naming its path (its manifest's schema)", () => {
    expect(refusal({ emailOTP: { enabled: true, otpLength: 3 } })).toBe('Gatehouse options: emailOTP.otpLength: must be a whole number from 4 to 12');
    expect(refusal({ emailOTP: { enabled: true, otpLength: 6.5 } })).toBe('Gatehouse options: emailOTP.otpLength: must be a whole number from 4 to 12');
    expect(refusal({ multiSession: { enabled: true, maximumSessions: '5' } })).toBe(
      'Gatehouse options: multiSession.maximumSessions: must be a whole number from 1 to 20',
    );
    expect(refusal({ magicLink: { perAddress: { window: 0 } } })).toBe('Gatehouse options: magicLink.perAddress.window: must be a whole number of at least 1');
    expect(refusal({ oidcProvider: { enabled: true, storage: 'redis' } })).toMatch(/^Gatehouse options: oidcProvider\.storage: /);
    expect(refusal({ oidcProvider: { appURL: 'ftp://app.example' } })).toBe('Gatehouse options: oidcProvider.appURL: must be an http(s) URL');
    expect(refusal({ jwt: { alg: 'HS256' } })).toBe('Gatehouse options: jwt.alg: must be EdDSA, ES256 or RS256 (got HS256)');
    expect(refusal({ apiKey: { rateLimit: { maxRequests: 0 } } })).toBe(
      'Gatehouse options: apiKey.rateLimit.maxRequests: must be a whole number of at least 1',
    );
    expect(refusal({ webhooks: { endpoints: [{ url: 'ftp://x', events: ['user.created'], secret: 'whsec_x' }] } })).toBe(
      'Gatehouse options: webhooks.endpoints[0].url: must be an http(s) URL',
    );
    expect(refusal({ emailOTP: { sendVerificationOTP: 'not a function' } })).toBe('Gatehouse options: emailOTP.sendVerificationOTP: must be a function');
    expect(refusal({ admin: { enabled: 'no' } })).toMatch(/^Gatehouse options: admin\.enabled: /);
    // A disabled capability's options are checked too: a wrong value is a wrong config, on or off.
    expect(refusal({ twoFactor: { enabled: false, maxAttempts: -1 } })).toBe('Gatehouse options: twoFactor.maxAttempts: must be a whole number of at least 1');
    // An unknown key is named first, with the closest known one.
    expect(refusal({ emailOTP: { otpLenght: 3, expiresIn: 0 } })).toBe('Gatehouse options: emailOTP.otpLenght: unknown option, did you mean "otpLength"?');
    // Callbacks are taken as they are.
    expect(refusal({ emailOTP: { enabled: true, sendVerificationOTP: async () => undefined }, username: { usernameValidator: () => true } })).toBeNull();
  });

  it("takes each capability's keys from its options schema, every level and list included", () => {
    expect(GATEHOUSE_OPTION_KEYS.magicLink).toMatchObject({ perAddress: { window: true, max: true }, sendMagicLink: true });
    expect(GATEHOUSE_OPTION_KEYS.webhooks).toMatchObject({ endpoints: new ListOf({ url: true, events: new ListOf(true), secret: true }) });
    expect(GATEHOUSE_OPTION_KEYS.apiKey).toMatchObject({ defaultPermissions: new RecordOf(new ListOf(true)) });
  });

  it('suggests only a close key', () => {
    expect(closestKey('otpLenght', ['enabled', 'otpLength', 'expiresIn'])).toBe('otpLength');
    expect(closestKey('ENABLED', ['enabled', 'otpLength'])).toBe('enabled');
    expect(closestKey('foo', ['enabled', 'otpLength'])).toBeUndefined();
    expect(closestKey('sso', ['session', 'secret'])).toBeUndefined();
  });
});
