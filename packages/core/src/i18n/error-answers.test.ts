import { afterEach, describe, expect, it } from 'vitest';
import { BASE_ERRORS } from '../errors.js';
import { createTestClient, type TestClient, uniqueEmail } from '../test/harness.js';

/** Error answers in the language of Accept-Language: codes unchanged, English exactly as before. */
describe('error messages by Accept-Language', () => {
  let t: TestClient;
  afterEach(async () => t?.auth.close());

  const wrongPassword = (headers: Record<string, string>) =>
    t.request('/sign-in/email', { body: { email: 'nobody@example.com', password: 'quiet-meadow-4821' }, headers });

  it('answers de, fr and es, regional tags and weights included; the code never changes', async () => {
    t = await createTestClient();
    const cases: [string, string][] = [
      ['de', 'Ungültige E-Mail-Adresse oder ungültiges Passwort'],
      ['de-CH', 'Ungültige E-Mail-Adresse oder ungültiges Passwort'],
      ['fr-FR,fr;q=0.9,en;q=0.8', 'Adresse e-mail ou mot de passe invalide'],
      ['it;q=1, es;q=0.7, de;q=0.5', 'Correo electrónico o contraseña no válidos'],
      ['en;q=0.2, de;q=0.9', 'Ungültige E-Mail-Adresse oder ungültiges Passwort'],
    ];
    for (const [header, message] of cases) {
      const res = await wrongPassword({ 'accept-language': header });
      expect(res.status, header).toBe(401);
      expect(await res.json(), header).toEqual({ message, code: 'INVALID_EMAIL_OR_PASSWORD' });
    }
  });

  it('gives exactly the English bytes without the header, with *, English first or nothing supported', async () => {
    t = await createTestClient();
    const english = JSON.stringify({ message: BASE_ERRORS.INVALID_EMAIL_OR_PASSWORD, code: 'INVALID_EMAIL_OR_PASSWORD' });
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-language': '*' },
      { 'accept-language': 'en-US,de;q=0.9' },
      { 'accept-language': 'it, ja;q=0.5' },
      { 'accept-language': 'de;q=0' },
    ]) {
      const res = await wrongPassword(headers);
      expect(await res.text(), JSON.stringify(headers)).toBe(english);
    }
  });

  it('translates the refusals of every stage: unauthorized, a bad origin, bad JSON', async () => {
    t = await createTestClient();
    const unauthorized = await t.json('/update-user', { body: { name: 'x' }, headers: { 'accept-language': 'fr' } });
    expect(unauthorized.data).toEqual({ message: 'Non autorisé', code: 'UNAUTHORIZED' });
    const origin = await t.json('/sign-up/email', {
      body: { email: uniqueEmail(), password: 'quiet-meadow-4821', name: 'A' },
      headers: { origin: 'https://evil.example', 'accept-language': 'es' },
    });
    expect(origin.data).toEqual({ message: 'Origen no válido', code: 'INVALID_ORIGIN' });
    const json = await t.json('/sign-in/email', { body: '{"email":', headers: { 'accept-language': 'de' } });
    expect(json.data).toEqual({ message: 'Ungültiger JSON-Inhalt', code: 'INVALID_JSON' });
  });

  it("says a plugin's refusal in the request's language (its translations live in its folder)", async () => {
    t = await createTestClient();
    const res = await t.json('/sign-in/username', { body: { username: 'nobody_here', password: 'quiet-meadow-4821' }, headers: { 'accept-language': 'de' } });
    expect(res.data.code).toBe('INVALID_USERNAME_OR_PASSWORD');
    expect(res.data.message).toBe('Ungültiger Benutzername oder ungültiges Passwort');
  });
});

describe('validation issues by Accept-Language', () => {
  let t: TestClient;
  afterEach(async () => t?.auth.close());

  it("says a user field's own refusal (too long, wrong type) in the request's language, English as before", async () => {
    t = await createTestClient();
    const body = { name: 'N'.repeat(10_001), email: uniqueEmail('long'), password: 'quiet-meadow-4821' };
    const english = await t.json('/sign-up/email', { body });
    expect(english.status).toBe(400);
    expect(english.data).toMatchObject({ code: 'VALIDATION_ERROR', message: 'name is too long', issues: [{ field: 'name', message: 'name is too long' }] });
    const german = await t.json('/sign-up/email', { body: { ...body, email: uniqueEmail('lang') }, headers: { 'accept-language': 'de' } });
    expect(german.data).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ field: 'name', message: 'name ist zu lang' }] });
    const typed = await t.json('/sign-up/email', { body: { ...body, name: 42, email: uniqueEmail('typed') }, headers: { 'accept-language': 'es' } });
    const refused = typed.data as { code: string; issues: { field: string; message: string }[] };
    expect(refused.code).toBe('VALIDATION_ERROR');
    expect(refused.issues[0]?.field).toBe('name');
    expect(refused.issues[0]?.message).not.toMatch(/must be/);
  });

  it("keeps zod's English issues as they were and says them in German with zod's German locale", async () => {
    t = await createTestClient();
    const body = { email: 42, name: 'A' };
    const en = await t.json('/sign-up/email', { body });
    expect(en.status).toBe(400);
    expect(en.data).toEqual({
      message: '[email] Invalid input: expected string, received number; password is required',
      code: 'VALIDATION_ERROR',
      issues: [
        { field: 'email', message: 'Invalid input: expected string, received number' },
        { field: 'password', message: 'password is required' },
      ],
    });
    const de = await t.json('/sign-up/email', { body, headers: { 'accept-language': 'de-DE' } });
    expect(de.status).toBe(400);
    expect(de.data.code).toBe('VALIDATION_ERROR');
    expect(de.data.issues).toEqual([
      { field: 'email', message: 'Ungültige Eingabe: erwartet string, erhalten Zahl' },
      { field: 'password', message: 'password ist erforderlich' },
    ]);
    expect(de.data.message).toBe('[email] Ungültige Eingabe: erwartet string, erhalten Zahl; password ist erforderlich');
  });
});
