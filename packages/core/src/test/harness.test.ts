import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../context.js';
import { useTestClients } from './harness.js';

describe('useTestClients', () => {
  const clients = useTestClients();
  let contexts: AuthContext[] = [];

  it('opens working clients; one closed early is closed again after the test without harm', async () => {
    const first = await clients.open();
    const second = await clients.openWithMail();
    for (const t of [first, second.t]) {
      expect((await t.json('/ok')).data).toEqual({ ok: true });
      expect(await (await t.auth.context()).adapter.count('user')).toBe(0);
    }
    contexts = [await first.auth.context(), await second.t.auth.context()];
    await first.auth.close();
  });

  it('closed every client of the previous test', async () => {
    expect(contexts).toHaveLength(2);
    for (const ctx of contexts) await expect(ctx.adapter.count('user')).rejects.toThrow();
  });
});
