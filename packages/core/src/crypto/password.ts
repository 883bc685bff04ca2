import { scrypt, timingSafeEqual, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ClientGoneError } from '../errors.js';

// Parameters fixed by the specification (section 9).
const N = 16384;
const r = 16;
const p = 1;
const KEY_LENGTH = 64;
const MAX_MEM = 128 * N * r * 2;

// Each hash takes 32 MiB (128·N·r) and one core for ~0.1 s. More hashes at once than
// cores only add memory (and queue behind each other in the libuv pool, ahead of its
// other work), so at most one per core runs; the rest wait their turn here.
const SLOTS = Math.max(1, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

/**
 * Who a hash is for: the request's client, which may hang up while its hash waits for a slot
 * (`RequestScope.clientGone`). Without one, the hash is always made.
 */
export interface HashFor {
  clientGone(): boolean;
}

/** This process's password hashes now: running (at most one per core) and waiting for a slot (metrics, tests). */
export function passwordHashQueue(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

/** Hands a slot that is done with to the next waiter, or frees it. */
function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

async function derive(password: string, salt: string, owner?: HashFor): Promise<Buffer> {
  // A freed slot passes straight to the next waiter, so `running` never exceeds SLOTS.
  if (running < SLOTS) running++;
  else await new Promise<void>((go) => waiting.push(go));
  // A hash for a client that has hung up is not begun: under a queue longer than clients
  // wait, the cores would otherwise go to answers no one reads, while those who stayed wait
  // behind them. Nothing has been written before a hash anywhere, so the request just ends.
  if (owner?.clientGone()) {
    release();
    throw new ClientGoneError();
  }
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEM }, (err, key) => (err ? reject(err) : resolve(key)));
    });
  } finally {
    release();
  }
}

/**
 * Hashes off the event loop (libuv thread pool); stored as `salt:key` in hex. Throws
 * ClientGoneError, before any work, when `owner`'s client hung up while the hash waited.
 */
export async function hashPassword(password: string, owner?: HashFor): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = await derive(password, salt, owner);
  return `${salt}:${key.toString('hex')}`;
}

export async function verifyPassword(hash: string, password: string, owner?: HashFor): Promise<boolean> {
  const [salt, keyHex] = hash.split(':');
  if (!salt || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const actual = await derive(password, salt, owner);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

// A real hash of a throwaway password, so that a sign-in for an unknown user
// does the same scrypt work as one for a known user.
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string, owner?: HashFor): Promise<void> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummy, password, owner);
}
