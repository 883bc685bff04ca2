import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { CommonPasswords, listForm, shippedCommonPasswords, shippedListFile } from './common-passwords.js';

describe('the shipped list of common passwords', () => {
  it('holds more than 100,000 distinct passwords, most frequent first, read once per process', async () => {
    // Some lines of the file end in CR (lists merged from CRLF files): the password is what precedes it.
    const lines = gunzipSync(readFileSync(shippedListFile())).toString('utf8').split('\n').map((line) => line.replace(/\r$/, ''));
    const distinct = new Set(lines.filter(Boolean).map(listForm));
    expect(distinct.size).toBeGreaterThan(400_000);
    expect(lines.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    const list = await shippedCommonPasswords();
    // Each distinct entry has its own fingerprint: no two entries collide.
    expect(list.size).toBe(distinct.size);
    expect(await shippedCommonPasswords()).toBe(list);
  });

  it('finds common passwords whatever their case, and full-width forms of them', async () => {
    const list = await shippedCommonPasswords();
    for (const common of ['password', 'Password123', 'QWERTYUIOP', 'iloveyou', 'letmein', 'trustno1', 'ｐａｓｓｗｏｒｄ']) {
      expect(list.has(common), common).toBe(true);
    }
    for (const rare of ['quiet-meadow-4821', 'correct horse battery', 'vY7#kq-Lw2!rZp', 'a brand new password']) {
      expect(list.has(rare), rare).toBe(false);
    }
  });

  it('read from bytes as from strings: CRLF, blank lines, case and non-ASCII lines alike', async () => {
    // Chunk boundaries fall inside lines, inside a CRLF and inside a multi-byte character.
    const text = Buffer.from('Alpha\r\n\nALPHA\nÄrger123\nｐａｓｓ１\nbeta', 'utf8');
    const chunks = async function* () {
      for (const cut of [[0, 3], [3, 6], [6, 15], [15, 17], [17, 30], [30, text.length]]) yield Uint8Array.from(text.subarray(cut[0], cut[1]));
    };
    const fromBytes = await CommonPasswords.fromChunks(chunks());
    expect(fromBytes.size).toBe(4);
    for (const word of ['alpha', 'AlPhA', 'ärger123', 'ÄRGER123', 'pass1', 'PASS1', 'beta']) expect(fromBytes.has(word), word).toBe(true);
    for (const word of ['alpha\r', 'ärger', '', 'gamma']) expect(fromBytes.has(word), word).toBe(false);
  });

  it('a set of given entries: blank lines skipped, duplicates by case counted once', () => {
    const list = CommonPasswords.of(['Alpha', 'alpha', '', 'beta']);
    expect(list.size).toBe(2);
    expect(list.has('ALPHA')).toBe(true);
    expect(list.has('gamma')).toBe(false);
  });

  it('answers exactly as a Set of the entries would, for any entries and candidates', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 200 }), fc.array(fc.string({ maxLength: 12 }), { maxLength: 50 }), (entries, others) => {
        const list = CommonPasswords.of(entries);
        const plain = new Set(entries.map(listForm));
        expect(list.size).toBe(plain.size);
        for (const candidate of [...entries, ...others]) expect(list.has(candidate), candidate).toBe(plain.has(listForm(candidate)));
      }),
    );
  });

  it('finds the listed ones among 100,000 made-up candidates (the time a lookup takes is printed: a benchmark note, not asserted)', async () => {
    const list = await shippedCommonPasswords();
    const rounds = 100_000;
    const start = performance.now();
    let found = 0;
    for (let i = 0; i < rounds; i++) if (list.has(`password${i}`)) found++;
    const perLookupMicros = ((performance.now() - start) * 1000) / rounds;
    // Typically 0.3 to 1 µs a lookup on the project's machine; printed, not asserted, so a busy machine cannot fail it.
    console.info(`common-password lookup: ${perLookupMicros.toFixed(2)} µs each over ${rounds} lookups`);
    expect(found).toBeGreaterThan(50);
  });
});
