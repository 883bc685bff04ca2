#!/usr/bin/env node
// CPU per fast-lane answer, in process (no HTTP): node bench/lane-cpu.mjs
// A quick A/B for the lane's own work: SQLite with and without the change-stamp trust, and the cookie cache.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { createAuth, openDatabase } = await import(pathToFileURL(join(ROOT, 'packages/core/dist/index.js')).href);
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-lane-'));
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const base = 'http://localhost:3000';
const app = 'https://app.example.com';

async function lane(label, withTrust, options = {}) {
  const database = await openDatabase(`file:${join(dir, `${Math.random()}.db`)}`);
  if (!withTrust) delete database.changes;
  const auth = createAuth({ database, baseURL: base, logger: silent, secret: 'lane-cpu-secret-0123456789abcdef', trustedOrigins: [app], ...options });
  await auth.ready();
  const res = await auth.handler(
    new Request(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ name: 'Lane', email: 'lane@example.com', password: 'correct horse battery' }),
    }),
    { ip: '127.0.0.1' },
  );
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const l = await auth.fastLane();
  for (const [name, target, headers] of [
    ['get-session', '/api/auth/get-session', { cookie }],
    ['get-session, trusted Origin', '/api/auth/get-session', { cookie, origin: app }],
    ['list-sessions', '/api/auth/list-sessions', { cookie }],
  ]) {
    // Each request's header is a string of its own, as Node's parser makes one per request (a
    // string used again keeps its hash, and a map lookup by it would cost less than it does).
    const req = { target, header: (n) => (headers[n] === undefined ? undefined : Buffer.from(headers[n]).toString()), ip: '127.0.0.1' };
    const n = 100_000;
    for (let i = 0; i < 10_000; i++) l.answer(req);
    const before = process.cpuUsage();
    for (let i = 0; i < n; i++) if (l.answer(req)?.status !== 200) throw new Error(`${name}: not answered`);
    const used = process.cpuUsage(before);
    console.log(`${label.padEnd(14)} ${name.padEnd(30)} ${((used.user + used.system) / n).toFixed(2)} µs/answer`);
  }
  await auth.close();
  await database.close();
}

await lane('no trust', false);
await lane('stamp trust', true);
await lane('cookie cache', true, { session: { cookieCache: { enabled: true } } });
rmSync(dir, { recursive: true, force: true });
