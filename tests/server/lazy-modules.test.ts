import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startGatehouse } from './process.js';

/**
 * Libraries only some deployments need stay unloaded until they are used: a service without
 * passkeys never loads @simplewebauthn/server (700 kB of code, 4 MB resident), one with them
 * loads it at the first ceremony; one without SMTP never loads nodemailer. Every module the server process resolves is recorded through
 * Node's module hooks.
 */
const RECORDER = join(import.meta.dirname, 'fixtures/record-imports.mjs');
const WEBAUTHN = /\/node_modules\/@simplewebauthn\/server\//;
const NODEMAILER = /\/node_modules\/nodemailer\//;

async function loadedBy(config: object, work: (url: string, loaded: () => string[]) => Promise<void>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-lazy-'));
  const log = join(dir, 'imports.log');
  writeFileSync(log, '');
  writeFileSync(join(dir, 'gatehouse.config.json'), JSON.stringify(config));
  const server = await startGatehouse(
    { NODE_OPTIONS: `--import ${RECORDER}`, GATEHOUSE_IMPORT_LOG: log, GATEHOUSE_CONFIG: join(dir, 'gatehouse.config.json'), RATE_LIMIT: 'off' },
    dir,
  );
  const loaded = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
  try {
    await work(server.url, loaded);
  } finally {
    await server.stop();
  }
  return loaded();
}

describe('libraries loaded only when used', () => {
  it('@simplewebauthn/server: not by a service without passkeys, at the first ceremony by one with them', async () => {
    const signUp = (url: string) =>
      fetch(`${url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ name: 'Lazy', email: `lazy-${Date.now()}@example.com`, password: 'quiet-meadow-4821' }),
      }).then((r) => expect(r.status).toBe(200));

    const without = await loadedBy({}, signUp);
    expect(without.some((url) => url.includes('/packages/server/dist/gatehouse.mjs'))).toBe(true);
    expect(without.filter((url) => WEBAUTHN.test(url) || NODEMAILER.test(url))).toEqual([]);

    const withPasskeys = await loadedBy({ passkey: { enabled: true } }, async (url, loaded) => {
      await signUp(url);
      expect(loaded().filter((url) => WEBAUTHN.test(url))).toEqual([]);
      const options = await fetch(`${url}/api/auth/passkey/generate-authenticate-options`);
      expect(options.status).toBe(200);
      expect(typeof (await options.json()).challenge).toBe('string');
    });
    expect(withPasskeys.some((url) => WEBAUTHN.test(url))).toBe(true);
  });
});
