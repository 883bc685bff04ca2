import { afterEach, describe, expect, it } from 'vitest';
import { lookUpBreach, rangeHolds, rangeKey } from './breached.js';
import { type RangeStandIn, startRangeStandIn } from './test-kit.js';

function recordingLogger() {
  const warnings: { obj: unknown; msg?: string }[] = [];
  const logger = { debug() {}, info() {}, error() {}, warn: (obj: object | string, msg?: string) => void warnings.push({ obj, msg }) };
  return { logger, warnings };
}

const open: RangeStandIn[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});
async function standIn(breached: string[], behaviour?: 'answer' | 'hang' | 'fail' | 'redirect') {
  const s = await startRangeStandIn(breached, behaviour);
  open.push(s);
  return s;
}

describe('breached-password lookup by k-anonymity', () => {
  it('splits the SHA-1 into the 5 characters sent and the 35 kept (the API documentation example)', () => {
    // SHA-1("P@ssw0rd") = 21BD12DC183F740EE76F27B78EB39C8AD972A757
    expect(rangeKey('P@ssw0rd')).toEqual({ prefix: '21BD1', suffix: '2DC183F740EE76F27B78EB39C8AD972A757' });
  });

  it('reads a range answer: a listed suffix counts, a padding row of count 0 does not', () => {
    const { suffix } = rangeKey('P@ssw0rd');
    expect(rangeHolds(`0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n${suffix}:123\r\n`, suffix)).toBe(true);
    expect(rangeHolds(`${suffix.toLowerCase()}:3`, suffix)).toBe(true);
    expect(rangeHolds(`${suffix}:0`, suffix)).toBe(false);
    expect(rangeHolds('0018A45C4D1DEF81644B54AB7F969B88D65:1', suffix)).toBe(false);
  });

  it('hit: a password in the corpus is "breached"', async () => {
    const s = await standIn(['hunter2-but-longer']);
    const { logger, warnings } = recordingLogger();
    expect(await lookUpBreach('hunter2-but-longer', { endpoint: s.endpoint, timeoutMs: 2000 }, logger)).toBe('breached');
    expect(warnings).toEqual([]);
  });

  it('miss: a password outside it is "not-found"', async () => {
    const s = await standIn(['hunter2-but-longer']);
    const { logger, warnings } = recordingLogger();
    expect(await lookUpBreach('a-password-no-one-has-used', { endpoint: s.endpoint, timeoutMs: 2000 }, logger)).toBe('not-found');
    expect(warnings).toEqual([]);
  });

  it('only the first 5 hex characters of the hash leave the process (GET, no body, padding asked for)', async () => {
    const s = await standIn([]);
    const { logger } = recordingLogger();
    const password = 'my secret passphrase 123';
    const { prefix, suffix } = rangeKey(password);
    await lookUpBreach(password, { endpoint: s.endpoint, timeoutMs: 2000 }, logger);
    expect(s.requests).toHaveLength(1);
    const [request] = s.requests;
    expect(request!.method).toBe('GET');
    expect(request!.url).toBe(`/range/${prefix}`);
    expect(request!.body).toBe('');
    expect(request!.headers['add-padding']).toBe('true');
    const everything = JSON.stringify(request).toUpperCase();
    expect(everything).not.toContain(suffix);
    expect(everything).not.toContain(suffix.slice(0, 8));
    expect(JSON.stringify(request)).not.toContain(password);
  });

  it('unreachable (connection refused): "unavailable" with a logged warning, so the caller fails open', async () => {
    const s = await startRangeStandIn([]);
    const endpoint = s.endpoint;
    await s.close();
    const { logger, warnings } = recordingLogger();
    expect(await lookUpBreach('whatever password', { endpoint, timeoutMs: 2000 }, logger)).toBe('unavailable');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/breached-password check unavailable/);
  });

  it('no answer within the timeout: "unavailable" with a warning', async () => {
    const s = await standIn([], 'hang');
    const { logger, warnings } = recordingLogger();
    const started = Date.now();
    expect(await lookUpBreach('whatever password', { endpoint: s.endpoint, timeoutMs: 150 }, logger)).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(warnings).toHaveLength(1);
  });

  it('a redirect is not followed: "unavailable" with a warning', async () => {
    const s = await standIn([], 'redirect');
    const { logger, warnings } = recordingLogger();
    expect(await lookUpBreach('whatever password', { endpoint: s.endpoint, timeoutMs: 2000 }, logger)).toBe('unavailable');
    expect(s.requests).toHaveLength(1);
    expect(warnings).toHaveLength(1);
  });

  it('an error status: "unavailable" with a warning naming it', async () => {
    const s = await standIn([], 'fail');
    const { logger, warnings } = recordingLogger();
    expect(await lookUpBreach('whatever password', { endpoint: s.endpoint, timeoutMs: 2000 }, logger)).toBe('unavailable');
    expect(warnings).toEqual([{ obj: { endpoint: s.endpoint, status: 503 }, msg: expect.stringMatching(/unavailable/) }]);
  });
});
