import { scrypt, timingSafeEqual, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';

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

async function derive(password: string, salt: string): Promise<Buffer> {
  // A freed slot passes straight to the next waiter, so `running` never exceeds SLOTS.
  if (running < SLOTS) running++;
  else await new Promise<void>((go) => waiting.push(go));
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEM }, (err, key) => (err ? reject(err) : resolve(key)));
    });
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Hashes off the event loop (libuv thread pool); stored as `salt:key` in hex. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  const key = await derive(password, salt);
  return `${salt}:${key.toString('hex')}`;
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const [salt, keyHex] = hash.split(':');
  if (!salt || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

// A real hash of a throwaway password, so that a sign-in for an unknown user
// does the same scrypt work as one for a known user.
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummy, password);
}
