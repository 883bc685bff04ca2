import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startGatehouse } from './process.js';

// Debian still ships Node 20 (past its end of life) as /usr/bin/node; Gatehouse runs on 22+.
// `npm start` runs on the Node 24 that npm ci installed (node_modules/.bin/node); the bundle
// started by hand with the older Node must run itself again on that one, not crash in SQLite.
const SYSTEM_NODE = '/usr/bin/node';
const systemMajor = existsSync(SYSTEM_NODE) ? Number(spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node.split(".")[0]']).stdout.toString().trim()) : null;

describe('the Node.js it runs on', () => {
  it('runs the tests on Node 22 or newer (npm puts the bundled Node 24 first)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
  });

  it.runIf(systemMajor !== null && systemMajor < 22)('started by an older Node, serves on the bundled one: SQLite works, SIGTERM stops it with 0', async () => {
    const server = await startGatehouse({}, undefined, '/api/auth', SYSTEM_NODE);
    try {
      const r = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }),
      });
      expect(r.status).toBe(200);
      expect(((await r.json()) as { user: { email: string } }).user.email).toBe('ada@example.com');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
