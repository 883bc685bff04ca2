import { describe, expect, it } from 'vitest';
import { healthOf } from './health';

const ok = { status: 'succeeded', attempts: 1, lastStatusCode: 200, lastError: null };
const refused = { status: 'failed', attempts: 6, lastStatusCode: 500, lastError: 'HTTP 500' };
const retrying = { status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' };
const queued = { status: 'pending', attempts: 0, lastStatusCode: null, lastError: null };

describe('healthOf', () => {
  it('an endpoint answering 500 to everything is failing, never healthy', () => {
    expect(healthOf([retrying, refused, refused])).toEqual({ health: 'failing', failed: 3, tried: 3 });
  });
  it('all delivered: healthy; a mix: degraded; nothing tried yet: unknown', () => {
    expect(healthOf([ok, ok]).health).toBe('healthy');
    expect(healthOf([ok, retrying, ok])).toEqual({ health: 'degraded', failed: 1, tried: 3 });
    expect(healthOf([queued]).health).toBe('unknown');
    expect(healthOf([]).health).toBe('unknown');
  });
  it('weighs only the ten newest tried deliveries', () => {
    expect(healthOf([...Array(10).fill(ok), ...Array(5).fill(refused)]).health).toBe('healthy');
  });
});
