import { scrypt, timingSafeEqual, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ClientGoneError } from '../errors.js';

// Parameters fixed by the specification (section 9).
const N = 16384;
const r = 16;
const p = 1;
const KEY_LENGTH = 64;
const MAX_MEM = 128 * N * r * 2;

/**
 * The threads of libuv's pool, as libuv reads UV_THREADPOOL_SIZE when the pool starts: 4 when
 * unset, 1 when it reads no number (`atoi` gives 0), at most 1 024 (a negative number, held
 * unsigned, is more).
 */
export function poolThreads(env: string | undefined): number {
  if (env === undefined) return 4;
  const n = Number.parseInt(env, 10);
  if (Number.isNaN(n) || n === 0) return 1;
  return n < 0 ? 1024 : Math.min(n, 1024);
}

/**
 * How many hashes run at once. Each takes 32 MiB (128·N·r) and one core for ~0.1 s: more at
 * once than cores only add memory. And one thread of libuv's pool is always left to its other
 * work (the JWT signatures and passkey verifications, WebCrypto, file reads, DNS look-ups):
 * the pool has one queue, and a job behind hashes on every thread waits for one to end.
 * With the default 4 threads that is 3 hashes at once on 4 cores or more; a larger machine
 * raises UV_THREADPOOL_SIZE to use them all (docs/deploy.md).
 */
export function hashSlots(cores: number, threads: number): number {
  return Math.max(1, Math.min(cores, threads - 1));
}

/** This process's hashes at once; the rest wait their turn here. */
export const PASSWORD_HASH_SLOTS = hashSlots(availableParallelism(), poolThreads(process.env.UV_THREADPOOL_SIZE));
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
  // A freed slot passes straight to the next waiter, so `running` never exceeds PASSWORD_HASH_SLOTS.
  if (running < PASSWORD_HASH_SLOTS) running++;
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
