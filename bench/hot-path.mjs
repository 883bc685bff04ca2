#!/usr/bin/env node
// CPU time per call of the fetch handler, without HTTP: node bench/hot-path.mjs [--cpu-prof]
// A steadier signal than req/s on a shared machine, for working on the hot path.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { createAuth } = await import(pathToFileURL(join(ROOT, 'packages/core/dist/index.js')).href);

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-hot-'));
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const base = 'http://localhost:3000';

async function session(options) {
  const auth = createAuth({ database: `file:${join(dir, `${Math.random()}.db`)}`, baseURL: base, logger: silent, secret: 'hot-path-secret-0123456789abcdef', ...options });
  await auth.ready();
  const res = await auth.handler(
    new Request(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hot', email: 'hot@example.com', password: 'correct horse battery' }),
    }),
    { ip: '127.0.0.1' },
  );
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { auth, cookie };
}

async function time(label, auth, path, headers, n = 20000) {
  const call = () => auth.handler(new Request(`${base}${path}`, { headers }), { ip: '127.0.0.1' }).then((r) => r.text());
  for (let i = 0; i < 2000; i++) await call();
  const start = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await call();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(start);
  console.log(`${label.padEnd(36)} ${((wall * 1000) / n).toFixed(1).padStart(7)} µs/call wall, ${((cpu.user + cpu.system) / n).toFixed(1).padStart(7)} µs CPU`);
}

const plain = await session({});
await time('get-session (cookie, cache off)', plain.auth, '/api/auth/get-session', { cookie: plain.cookie });
await time('get-session (no cookie)', plain.auth, '/api/auth/get-session', {});
await time('list-sessions', plain.auth, '/api/auth/list-sessions', { cookie: plain.cookie });
const cached = await session({ session: { cookieCache: { enabled: true } } });
await time('get-session (cookie cache on)', cached.auth, '/api/auth/get-session', { cookie: cached.cookie });
await plain.auth.close();
await cached.auth.close();
rmSync(dir, { recursive: true, force: true });
