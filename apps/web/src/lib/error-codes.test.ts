import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { resources } from '../i18n/resources';
import { asSentence, detailsCode, explainError, isKnownError } from './error-codes';

const CORE = join(import.meta.dirname, '../../../../packages/core/src');

/** Every `.ts` file of the core that is not a test. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !path.includes(`${join('src', 'test')}`) ? [path] : [];
  });
}

/**
 * The codes of every catalogue the server declares: `BASE_ERRORS` in errors.ts and each
 * `defineErrors({…})` (the plugins' errors.ts, the account and social catalogues), read from the
 * source so a new plugin's catalogue is checked without being listed here.
 */
function serverCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of sources(CORE)) {
    const text = readFileSync(file, 'utf8');
    for (const block of text.matchAll(/(?:BASE_ERRORS = |defineErrors\()\{([\s\S]*?)\n\}/g)) {
      for (const key of block[1]!.matchAll(/^\s+([A-Z][A-Z0-9_]*):/gm)) codes.add(key[1]!);
    }
  }
  return codes;
}

/** The `?error=` codes of redirects: spec section 8's, the sign-in link's, and the SSO callback's and ACS's. */
const REDIRECT_CODES = [
  'invalid_callback_request',
  'state_not_found',
  'no_code',
  'oauth_provider_not_found',
  'please_restart_the_process',
  'unable_to_get_user_info',
  'email_not_found',
  "email_doesn't_match",
  'account_already_linked',
  'account_already_linked_to_different_user',
  'unable_to_link_account',
  'account_not_linked',
  'unable_to_create_user',
  'unable_to_create_session',
  'internal_server_error',
  'invalid_token',
  'token_expired',
  'user_not_found',
  'unauthorized',
  'couldnt_update_your_email',
  'access_denied',
  'new_user_signup_disabled',
  'failed_to_create_user',
];

/** The SSO flow's codes as sso/errors.ts declares them (`SSOFlowCode`), read from its source. */
function ssoFlowCodes(): string[] {
  const text = readFileSync(join(CORE, 'plugins/sso/errors.ts'), 'utf8');
  const union = /export type SSOFlowCode =([\s\S]*?);/.exec(text)?.[1] ?? '';
  return [...union.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
}

const LANGUAGES = Object.keys(resources) as Array<keyof typeof resources>;

describe('every code the app can receive has copy', () => {
  const api = serverCodes();
  const sso = ssoFlowCodes();

  it('finds the catalogues (the reading above still works)', () => {
    for (const code of [
      'INVALID_TOKEN',
      'INVALID_TWO_FACTOR_AUTHENTICATION',
      'USER_ALREADY_EXISTS',
      'INVALID_WEBHOOK_URL',
      'TOKEN_EXPIRED',
      'ACCOUNT_NOT_LINKED',
    ]) {
      expect(api.has(code), code).toBe(true);
    }
    expect(api.size).toBeGreaterThan(150);
    expect(sso).toEqual(
      expect.arrayContaining(['saml_error', 'invalid_saml_response', 'unsolicited_response', 'replay_detected', 'account_not_linked', 'invalid_state']),
    );
  });

  for (const language of LANGUAGES) {
    it(`${language}: a sentence for every server code, redirect code and SSO code`, () => {
      const copy = resources[language].codes as Readonly<Record<string, string>>;
      const missing = [...api, ...REDIRECT_CODES, ...sso].filter((code) => !copy[code]?.trim());
      expect(missing).toEqual([]);
    });

    it(`${language}: each sentence starts with a capital letter, ends like a sentence and shows no code`, () => {
      for (const [code, text] of Object.entries(resources[language].codes as Readonly<Record<string, string>>)) {
        expect(text, code).toMatch(/^[\p{Lu}"«¡¿]/u);
        expect(text, code).toMatch(/[.!?…]$/);
        expect(text, code).not.toMatch(/\b[A-Z]+_[A-Z_]+\b|\b[a-z]+_[a-z_]+\b|[a-z][A-Z][a-z]+[A-Z]?/);
      }
    });
  }
});

describe('explainError', () => {
  it('explains a code in the chosen language, and falls back to a generic sentence', async () => {
    await i18n.changeLanguage('en');
    expect(isKnownError('INVALID_TWO_FACTOR_AUTHENTICATION')).toBe(true);
    expect(explainError('invalid_token')).toBe('The link is invalid. It may have been altered or already used.');
    expect(explainError('something_else')).toBe('An unexpected error occurred.');
    await i18n.changeLanguage('de');
    expect(explainError('INVALID_TWO_FACTOR_AUTHENTICATION')).toMatch(/^Dieser Code ist nicht richtig/);
    await i18n.changeLanguage('en');
  });

  it('keeps the raw code for the Details line only when it is the server’s', () => {
    expect(detailsCode('INVALID_TOKEN')).toBe('INVALID_TOKEN');
    expect(detailsCode('FETCH_ERROR')).toBeNull();
    expect(detailsCode('CLIENT_VALIDATION')).toBeNull();
    expect(detailsCode('')).toBeNull();
  });

  it('makes a sentence of words the app has no copy for', () => {
    expect(asSentence('invalid thing')).toBe('Invalid thing.');
    expect(asSentence('Done!')).toBe('Done!');
  });
});
