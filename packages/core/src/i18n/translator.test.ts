import { describe, expect, it } from 'vitest';
import { createAuth } from '../auth.js';
import { BASE_ERRORS } from '../errors.js';
import { createMailTestClient, createTestClient, silentLogger, uniqueEmail } from '../test/harness.js';
import { CORE_MESSAGES } from './core-messages.js';
import { negotiateLocale } from './negotiate.js';
import { Translator } from './translator.js';

const supported = new Set(['en', 'de', 'fr', 'es', 'pt-br']);

describe('negotiateLocale', () => {
  it.each([
    [null, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['DE-at', 'de'],
    ['pt-BR', 'pt-br'],
    ['pt-PT', 'en'],
    ['*', 'en'],
    ['it, fr;q=0.4', 'fr'],
    ['fr;q=0.4, es;q=0.8', 'es'],
    ['es;q=0.8, fr;q=0.8', 'es'],
    ['de;q=0, fr;q=0.1', 'fr'],
    ['de;q=2', 'en'],
    ['en-GB,de;q=0.9', 'en'],
    [' ;q=1,,de', 'de'],
  ])('%j → %s', (header, want) => expect(negotiateLocale(header, supported, 'en')).toBe(want));

  it('falls back to the given default', () => expect(negotiateLocale('ja', supported, 'fr')).toBe('fr'));
  it('reads a bounded header', () => expect(negotiateLocale(`${'x,'.repeat(10_000)}de`, supported, 'en')).toBe('en'));
});

describe('Translator options', () => {
  it('refuses an unknown option, an unknown message key, a bad locale tag or an unsupported default, naming it', () => {
    expect(() => new Translator([CORE_MESSAGES], JSON.parse('{"locale":"de"}'))).toThrow('i18n: unknown option "locale"');
    expect(() => new Translator([CORE_MESSAGES], { messages: { de: { NO_SUCH_CODE: 'x' } } })).toThrow('i18n.messages.de: unknown message "NO_SUCH_CODE"');
    expect(() => new Translator([CORE_MESSAGES], { messages: { 'not a tag': {} } })).toThrow('i18n.messages: "not a tag" is not a language tag');
    expect(() => new Translator([CORE_MESSAGES], { defaultLocale: 'it' })).toThrow('i18n.defaultLocale: "it" is not a supported locale');
  });

  it('takes a new locale from the messages: what it leaves out is said in English', () => {
    const t = new Translator([CORE_MESSAGES], { messages: { it: { INVALID_EMAIL: 'Email non valida' } }, defaultLocale: 'it' });
    expect(t.negotiate('it-IT')).toBe('it');
    expect(t.errorMessage('it', 'INVALID_EMAIL', BASE_ERRORS.INVALID_EMAIL)).toBe('Email non valida');
    expect(t.errorMessage('it', 'INVALID_PASSWORD', BASE_ERRORS.INVALID_PASSWORD)).toBe('Invalid password');
    expect(t.text('it', 'mail.helloNoName')).toBe('Hello,');
  });

  it('leaves a message made for the occasion as it is', () => {
    const t = new Translator([CORE_MESSAGES]);
    expect(t.errorMessage('de', 'INVALID_EMAIL', 'Something else')).toBe('Something else');
  });
});

describe('i18n option of createAuth', () => {
  it('operators replace messages and mail texts per locale; English stays unless replaced', async () => {
    const { t, mails } = await createMailTestClient({
      emailVerification: { sendOnSignUp: true },
      i18n: {
        messages: {
          de: { INVALID_EMAIL_OR_PASSWORD: 'Anmeldung fehlgeschlagen', 'mail.verification.subject': 'Willkommen! Bitte bestätigen' },
          en: { USER_ALREADY_EXISTS: 'That address already has an account' },
        },
      },
    });
    try {
      const wrong = (headers: Record<string, string>) => t.json('/sign-in/email', { body: { email: 'x@example.com', password: 'quiet-meadow-4821' }, headers });
      expect((await wrong({ 'accept-language': 'de' })).data).toEqual({ message: 'Anmeldung fehlgeschlagen', code: 'INVALID_EMAIL_OR_PASSWORD' });
      expect((await wrong({ 'accept-language': 'fr' })).data.message).toBe('Adresse e-mail ou mot de passe invalide');
      expect((await wrong({})).data.message).toBe(BASE_ERRORS.INVALID_EMAIL_OR_PASSWORD);
      const email = uniqueEmail();
      await t.json('/sign-up/email', { body: { name: 'A', email, password: 'quiet-meadow-4821' }, headers: { 'accept-language': 'de' }, jar: null });
      expect(mails.at(-1)!.subject).toBe('Willkommen! Bitte bestätigen');
      const again = await t.json('/sign-up/email', { body: { name: 'A', email, password: 'quiet-meadow-4821' }, jar: null });
      expect(again.data).toEqual({ message: 'That address already has an account', code: 'USER_ALREADY_EXISTS' });
    } finally {
      await t.auth.close();
    }
  });

  it('a defaultLocale answers requests without a supported language', async () => {
    const t = await createTestClient({ i18n: { defaultLocale: 'es' } });
    try {
      const r = await t.json('/update-user', { body: { name: 'x' } });
      expect(r.data).toEqual({ message: 'No autorizado', code: 'UNAUTHORIZED' });
      expect((await t.json('/update-user', { body: { name: 'x' }, headers: { 'accept-language': 'en' } })).data.message).toBe('Unauthorized');
    } finally {
      await t.auth.close();
    }
  });

  it('refuses a wrong i18n option at start, before anything is opened', async () => {
    const auth = createAuth({ database: ':memory:', logger: silentLogger, i18n: { messages: { fr: { NOPE: 'x' } } } });
    await expect(auth.ready()).rejects.toThrow('i18n.messages.fr: unknown message "NOPE"');
  });
});
