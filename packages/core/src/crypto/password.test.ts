import { describe, expect, it } from 'vitest';
import { createAuth } from '../auth.js';
import { ClientGoneError } from '../errors.js';
import { silentLogger } from '../test/harness.js';
import { burnPasswordCheck, hashPassword, hashSlots, PASSWORD_HASH_SLOTS, passwordHashQueue, poolThreads, verifyPassword } from './password.js';

/**
 * Password hashes run one per core (leaving a thread of libuv's pool free); the rest wait for a
 * slot in turn. A hash whose client hung up while it waited is not begun: it throws
 * ClientGoneError and hands its slot on, so those who stayed are not kept waiting behind answers
 * no one will read.
 */
const SLOTS = PASSWORD_HASH_SLOTS;
const here = { clientGone: () => false };
const gone = { clientGone: () => true };

/** Settles the promise, capturing a rejection instead of leaving it unhandled meanwhile. */
const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe('how many hashes run at once', () => {
  it('one per core, always leaving one thread of the pool to its other work', () => {
    expect(hashSlots(2, 4)).toBe(2);
    expect(hashSlots(4, 4)).toBe(3);
    expect(hashSlots(16, 4)).toBe(3);
    expect(hashSlots(16, 18)).toBe(16);
    expect(hashSlots(1, 4)).toBe(1);
    // A pool of one thread: the hash still runs (a slot of one), nothing is left free.
    expect(hashSlots(4, 1)).toBe(1);
  });

  it('reads UV_THREADPOOL_SIZE as libuv does', () => {
    expect(poolThreads(undefined)).toBe(4);
    expect(poolThreads('8')).toBe(8);
    expect(poolThreads(' 12x')).toBe(12);
    expect(poolThreads('')).toBe(1);
    expect(poolThreads('many')).toBe(1);
    expect(poolThreads('0')).toBe(1);
    expect(poolThreads('5000')).toBe(1024);
    expect(poolThreads('-2')).toBe(1024);
  });
});

describe('password hashes and the clients they are for', () => {
  it('hashes and verifies for a client that stays, with or without an owner', async () => {
    const hash = await hashPassword('quiet meadow 4821', here);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword(hash, 'quiet meadow 4821', here)).toBe(true);
    expect(await verifyPassword(hash, 'quiet meadow 4822')).toBe(false);
  });

  it('begins no hash for a client already gone, even with a slot free', async () => {
    expect(passwordHashQueue()).toEqual({ running: 0, waiting: 0 });
    await expect(hashPassword('quiet meadow 4821', gone)).rejects.toBeInstanceOf(ClientGoneError);
    await expect(burnPasswordCheck('quiet meadow 4821', gone)).rejects.toBeInstanceOf(ClientGoneError);
    expect(passwordHashQueue()).toEqual({ running: 0, waiting: 0 });
  });

  it('skips a queued hash whose client hangs up while it waits, and hands its slot on in turn', async () => {
    // Every slot busy; behind them: a client that stays, one that leaves while waiting, one that stays.
    const busy = Array.from({ length: SLOTS }, () => hashPassword('busy slot'));
    let leftAfterQueuing = false;
    const first = settle(hashPassword('first in line', here));
    const leaver = settle(hashPassword('leaves while waiting', { clientGone: () => leftAfterQueuing }));
    const last = settle(hashPassword('last in line', here));
    expect(passwordHashQueue()).toEqual({ running: SLOTS, waiting: 3 });
    leftAfterQueuing = true;

    await Promise.all(busy);
    const [a, b, c] = await Promise.all([first, leaver, last]);
    expect('error' in b && b.error).toBeInstanceOf(ClientGoneError);
    expect('value' in a && (await verifyPassword(a.value, 'first in line'))).toBe(true);
    expect('value' in c && (await verifyPassword(c.value, 'last in line'))).toBe(true);
    // No slot kept by the one that left: all free, nothing waiting.
    expect(passwordHashQueue()).toEqual({ running: 0, waiting: 0 });
  });

  it('keeps at most one hash per core running however many wait, and frees every slot after', async () => {
    const many = Array.from({ length: SLOTS * 2 + 1 }, (_, i) => hashPassword(`password ${i}`, i % 2 ? gone : here).catch((e: unknown) => e));
    expect(passwordHashQueue().running).toBe(SLOTS);
    const results = await Promise.all(many);
    expect(results.filter((r) => r instanceof ClientGoneError)).toHaveLength(SLOTS);
    expect(results.filter((r) => typeof r === 'string')).toHaveLength(SLOTS + 1);
    expect(passwordHashQueue()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('a host that tells of a hung-up client by its Request signal', () => {
  it('answers 499 without hashing or writing, for a sign-in and a sign-up', async () => {
    const auth = createAuth({ database: ':memory:', baseURL: 'http://localhost:3000', logger: silentLogger });
    await auth.ready();
    try {
      const post = (path: string, body: unknown, signal?: AbortSignal) =>
        auth.handler(
          new Request(`http://localhost:3000/api/auth${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
            ...(signal ? { signal } : {}),
          }),
        );
      const left = AbortSignal.abort();
      const account = { name: 'Left', email: 'left-early@example.com', password: 'quiet-meadow-4821' };
      const up = await post('/sign-up/email', account, left);
      expect(up.status).toBe(499);
      expect(await up.json()).toEqual({ message: 'Client closed request', code: 'CLIENT_CLOSED_REQUEST' });
      // Nothing was written: the address is free, and the same sign-up by a client who waits succeeds.
      expect((await post('/sign-up/email', account)).status).toBe(200);
      const signIn = await post('/sign-in/email', { email: account.email, password: account.password }, left);
      expect(signIn.status).toBe(499);
      expect(signIn.headers.get('set-cookie')).toBeNull();
      expect((await post('/sign-in/email', { email: account.email, password: account.password })).status).toBe(200);
      // A server-side call has no client to lose.
      expect(await auth.api.signInEmail({ body: { email: account.email, password: account.password } })).toMatchObject({ user: { email: account.email } });
    } finally {
      await auth.close();
    }
  });
});
