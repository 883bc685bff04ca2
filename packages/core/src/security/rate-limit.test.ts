import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalIp, clientKey } from '../rate-limit.js';
import { useTestClients, uniqueEmail, type TestClient } from '../test/harness.js';

/**
 * Issue 9, item 4, beyond routes/edge.test.ts (which has the basic /64 and mapped cases):
 * every spelling of one address is one client, and X-Forwarded-For chains are read from
 * the right, through trusted proxies only. A locked identity's 429 + Retry-After is in
 * security/lockout.test.ts.
 */

const hex4 = fc.integer({ min: 0, max: 0xffff });
const groups8 = fc.array(hex4, { minLength: 8, maxLength: 8 });

/** Ways of writing the same IPv6 address. */
function spellings(g: number[]): string[] {
  const full = g.map((x) => x.toString(16).padStart(4, '0')).join(':');
  const short = g.map((x) => x.toString(16)).join(':');
  // The longest run of zero groups (if any) as '::'.
  let best = [-1, 0];
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > best[1]!) best = [i, j - i];
  }
  const parts = g.map((x) => x.toString(16));
  const compressed = best[0]! < 0 ? short : `${parts.slice(0, best[0]).join(':')}::${parts.slice(best[0]! + best[1]!).join(':')}`;
  return [full, short, compressed, full.toUpperCase(), ` ${compressed} `, `[${compressed}]`, `[${short}]:8443`, `${compressed}%eth0`];
}

const isMapped = (g: number[]) => g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;

describe('the client key', () => {
  it('is the same for every spelling of one IPv4 address, mapped or not', () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
        const hi = ((a << 8) | b).toString(16);
        const lo = ((c << 8) | d).toString(16);
        const forms = [
          v4,
          `::ffff:${v4}`,
          `::FFFF:${v4}`,
          `0:0:0:0:0:ffff:${v4}`,
          `::ffff:${hi}:${lo}`,
          `0000:0000:0000:0000:0000:FFFF:${hi}:${lo}`,
          `[::ffff:${v4}]:443`,
          `${v4}:51234`,
          ` ${v4}`,
        ];
        for (const f of forms) expect(clientKey(f), f).toBe(v4);
      }),
      { numRuns: 300 },
    );
  });

  it('is the same for every address of one /64, however written, and differs between /64s', () => {
    fc.assert(
      fc.property(groups8, fc.array(hex4, { minLength: 4, maxLength: 4 }), (g, other) => {
        fc.pre(!isMapped(g));
        const sibling = [...g.slice(0, 4), ...other];
        fc.pre(!isMapped(sibling));
        const key = clientKey(spellings(g)[0]!);
        for (const s of [...spellings(g), ...spellings(sibling)]) expect(clientKey(s), s).toBe(key);
        const neighbour = [...g];
        neighbour[3] = (neighbour[3]! + 1) & 0xffff;
        if (!isMapped(neighbour)) expect(clientKey(spellings(neighbour)[1]!)).not.toBe(key);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps what is not an address apart from every address', () => {
    expect(clientKey(null)).toBe('unknown');
    expect(canonicalIp('  Not-An-Address ')).toBe('not-an-address');
  });
});

describe('X-Forwarded-For behind trusted proxies', () => {
  let t: TestClient;
  const clients = useTestClients();

  it('takes the right-most untrusted hop: a client cannot rotate the left of the header to escape its count', async () => {
    t = await clients.open({ rateLimit: { enabled: true }, advanced: { trustedProxies: ['10.0.0.1', '10.0.0.2'] } });
    const body = { email: uniqueEmail(), password: 'quiet-meadow-4821' };
    for (let i = 0; i < 3; i++) {
      const xff = `203.0.113.${i}, 198.51.100.7, 10.0.0.1`;
      expect((await t.json('/sign-in/email', { body, jar: null, ip: '10.0.0.2', headers: { 'x-forwarded-for': xff } })).status).toBe(401);
    }
    const spoofed = await t.json('/sign-in/email', { body, jar: null, ip: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.99, 198.51.100.7, 10.0.0.1' } });
    expect(spoofed.status).toBe(429);
    // The same client written as a mapped address, through the other proxy: still the same count.
    const respelled = await t.json('/sign-in/email', { body, jar: null, ip: '10.0.0.1', headers: { 'x-forwarded-for': '::ffff:198.51.100.7' } });
    expect(respelled.status).toBe(429);
    // Someone else behind the same proxies has a count of their own.
    expect((await t.json('/sign-in/email', { body, jar: null, ip: '10.0.0.2', headers: { 'x-forwarded-for': '198.51.100.8, 10.0.0.1' } })).status).toBe(401);
  });

  it('recognises a trusted proxy that a dual-stack socket reports as ::ffff:a.b.c.d', async () => {
    t = await clients.open({ rateLimit: { enabled: true }, advanced: { trustedProxies: ['10.0.0.1'] } });
    const body = { email: uniqueEmail(), password: 'quiet-meadow-4821' };
    for (let i = 0; i < 3; i++) await t.json('/sign-in/email', { body, jar: null, ip: '::ffff:10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect((await t.json('/sign-in/email', { body, jar: null, ip: '::ffff:10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(429);
    // Were the proxy not recognised, every client behind it would share this count.
    expect((await t.json('/sign-in/email', { body, jar: null, ip: '::ffff:10.0.0.1', headers: { 'x-forwarded-for': '198.51.100.2' } })).status).toBe(401);
  });
});
