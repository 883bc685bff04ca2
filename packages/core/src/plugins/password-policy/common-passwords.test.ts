import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CommonPasswords, CommonPasswordsFile, listForm, readShippedList, shippedCommonPasswords, shippedListFile } from './common-passwords.js';

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-cpw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
/** The index of `list`, written to a file of its own and opened. */
async function indexOf(list: CommonPasswords): Promise<CommonPasswordsFile> {
  const path = join(dir, `list-${files++}.idx`);
  writeFileSync(path, list.toBytes());
  const opened = await CommonPasswordsFile.open(path);
  if (!opened) throw new Error('the index did not open');
  return opened;
}

describe('the shipped list of common passwords', () => {
  it('holds more than 100,000 distinct passwords, most frequent first, read once per process', async () => {
    // Some lines of the file end in CR (lists merged from CRLF files): the password is what precedes it.
    const lines = gunzipSync(readFileSync(shippedListFile()))
      .toString('utf8')
      .split('\n')
      .map((line) => line.replace(/\r$/, ''));
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
      for (const cut of [
        [0, 3],
        [3, 6],
        [6, 15],
        [15, 17],
        [17, 30],
        [30, text.length],
      ])
        yield Uint8Array.from(text.subarray(cut[0], cut[1]));
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
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 200 }),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 50 }),
        (entries, others) => {
          const list = CommonPasswords.of(entries);
          const plain = new Set(entries.map(listForm));
          expect(list.size).toBe(plain.size);
          for (const candidate of [...entries, ...others]) expect(list.has(candidate), candidate).toBe(plain.has(listForm(candidate)));
        },
      ),
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

describe('the index file of a list (what the server reads, a bucket at a time)', () => {
  it('answers for the shipped list as the list in memory does, holding none of it', async () => {
    const inMemory = await readShippedList();
    const file = await indexOf(inMemory);
    expect(file.size).toBe(inMemory.size);
    for (const word of [
      '123456',
      'password',
      'Password123',
      'QWERTYUIOP',
      'trustno1',
      'ｐａｓｓｗｏｒｄ',
      'quiet-meadow-4821',
      'correct horse battery',
      'vY7#kq-Lw2!rZp',
    ]) {
      expect(await file.has(word), word).toBe(inMemory.has(word));
    }
    await file.close();
  });

  it('answers exactly as the set in memory, for any entries and candidates', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 100 }),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 30 }),
        async (entries, others) => {
          const list = CommonPasswords.of(entries);
          const file = await indexOf(list);
          try {
            expect(file.size).toBe(list.size);
            for (const candidate of [...entries, ...others]) expect(await file.has(candidate), candidate).toBe(list.has(candidate));
          } finally {
            await file.close();
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('answers on the spot, on the calling thread, not through the thread pool beside the hashes', async () => {
    const file = await indexOf(CommonPasswords.of(['alpha', 'beta']));
    // A boolean, not a promise: no read waits for a libuv thread.
    expect(file.has('alpha')).toBe(true);
    expect(file.has('gamma')).toBe(false);
    await file.close();
  });

  it('refuses to answer from an index cut short after it was opened, naming what it read', async () => {
    const path = join(dir, 'cut.idx');
    writeFileSync(path, CommonPasswords.of(['alpha', 'beta', 'gamma']).toBytes());
    const file = await CommonPasswordsFile.open(path);
    if (!file) throw new Error('the index did not open');
    truncateSync(path, 16);
    expect(() => file.has('alpha')).toThrow(/common-password index: 0 of 8 bytes read/);
    await file.close();
  });

  it('is not opened when missing, cut short, grown, or not an index: the list is then read from its text', async () => {
    expect(await CommonPasswordsFile.open(join(dir, 'none.idx'))).toBeNull();
    const whole = CommonPasswords.of(['alpha', 'beta']).toBytes();
    const cases: Record<string, Uint8Array> = {
      short: whole.subarray(0, whole.length - 1),
      grown: Buffer.concat([whole, Buffer.alloc(4)]),
      header: Buffer.concat([Buffer.from('not an index 1\n\n', 'latin1'), whole.subarray(16)]),
      empty: new Uint8Array(0),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const path = join(dir, `${name}.idx`);
      writeFileSync(path, bytes);
      expect(await CommonPasswordsFile.open(path), name).toBeNull();
    }
    const good = await indexOf(CommonPasswords.of(['alpha', 'beta']));
    expect([await good.has('ALPHA'), await good.has('gamma')]).toEqual([true, false]);
    await good.close();
  });
});
