#!/usr/bin/env node
// CPU per passkey sign-in (POST /passkey/verify-authentication), in process (no HTTP):
//   node bench/passkey-cpu.mjs [--cpu-prof FILE] [--n 3000] [--inflight 50] [--sql-times] [--database URL]
// Sign-ins are made ready beforehand (options asked, assertions signed); only their verification is timed, 50 in flight
// unless --inflight says otherwise.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { createAuth } = await import(pathToFileURL(join(ROOT, 'packages/core/dist/index.js')).href);
const { softPasskey } = await import('./passkey.mjs');
const { values: opt } = parseArgs({ options: { 'cpu-prof': { type: 'string' }, n: { type: 'string', default: '3000' }, database: { type: 'string' }, 'sql-times': { type: 'boolean' }, inflight: { type: 'string' } } });
const dir = mkdtempSync(join(tmpdir(), 'gatehouse-passkey-'));
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const base = 'http://localhost:3000';
const auth = createAuth({
  database: opt.database ?? `file:${join(dir, 'pk.db')}`,
  baseURL: base,
  logger: silent,
  secret: 'passkey-cpu-secret-0123456789abcdef',
  passkey: { enabled: true },
  rateLimit: { enabled: false },
});
await auth.ready();
const call = (path, init = {}) => auth.handler(new Request(`${base}/api/auth${path}`, init), { ip: '127.0.0.1' });
const cookiesOf = (res) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const json = { 'content-type': 'application/json', origin: base };
const up = await call('/sign-up/email', { method: 'POST', headers: json, body: JSON.stringify({ name: 'P', email: `p${Date.now()}@example.com`, password: 'correct horse battery' }) });
const owner = cookiesOf(up);
const passkey = softPasskey(base);
const asked = await call('/passkey/generate-register-options', { headers: { cookie: owner } });
const reg = await call('/passkey/verify-registration', { method: 'POST', headers: { ...json, cookie: `${owner}; ${cookiesOf(asked)}` }, body: JSON.stringify({ response: passkey.register(await asked.json()) }) });
if (!reg.ok) throw new Error(`registration ${reg.status} ${await reg.text()}`);
async function ready(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = await call('/passkey/generate-authenticate-options');
    out.push({ cookie: cookiesOf(r), body: JSON.stringify({ response: passkey.authenticate(await r.json()) }) });
  }
  return out;
}
async function run(list) {
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const { cookie, body } = list[next++];
      const r = await call('/passkey/verify-authentication', { method: 'POST', headers: { ...json, cookie }, body });
      if (r.status !== 200) throw new Error(`sign-in ${r.status} ${await r.text()}`);
      await r.text();
    }
  };
  await Promise.all(Array.from({ length: Number(opt.inflight ?? 50) }, worker));
}
const n = Number(opt.n);
const sqlTimes = new Map();
if (opt['sql-times']) {
  const { createRequire } = await import('node:module');
  const Sqlite = createRequire(join(ROOT, 'packages/core/package.json'))('better-sqlite3');
  const probe = new Sqlite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  for (const m of ['run', 'all', 'get', 'iterate']) {
    const orig = proto[m];
    proto[m] = function (...args) {
      const t = process.hrtime.bigint();
      try { return orig.apply(this, args); } finally {
        const k = `${m} ${this.source.slice(0, 110)}`;
        const e = sqlTimes.get(k) ?? [0, 0];
        e[0]++; e[1] += Number(process.hrtime.bigint() - t);
        sqlTimes.set(k, e);
      }
    };
  }
}
await run(await ready(1000));
const list = await ready(n);
sqlTimes.clear();
const session = opt['cpu-prof'] ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
}
const start = process.cpuUsage();
const t0 = performance.now();
await run(list);
const wall = performance.now() - t0;
const cpu = process.cpuUsage(start);
if (session) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(opt['cpu-prof'], JSON.stringify(profile));
}
if (opt['sql-times']) for (const [k, [c, ns]] of [...sqlTimes].sort((a, b) => b[1][1] - a[1][1])) console.log(`${(ns / 1000 / n).toFixed(1).padStart(6)} µs/sign-in  ${String(c).padStart(6)}×  ${k}`);
console.log(`passkey sign-in: ${((wall * 1000) / n).toFixed(0)} µs/call wall, ${((cpu.user + cpu.system) / n).toFixed(0)} µs CPU (${n} calls)`);
await auth.close();
rmSync(dir, { recursive: true, force: true });
