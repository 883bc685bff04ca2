#!/usr/bin/env node
/**
 * A bounded soak of a Gatehouse server on loopback (issue 9, item 10).
 *
 *   node tests/security/soak.mjs                 # starts `gatehouse start` itself, 180 s
 *   SOAK_DURATION=600 node tests/security/soak.mjs
 *   node tests/security/soak.mjs --url http://127.0.0.1:3000   # an already running server
 *
 * A fixed request rate (open loop, so a slow answer does not slow the load down and hide
 * itself), mixed: sign-in (a new session), get-session, list-sessions, revoke-session.
 * Reports p50/p95/p99/max per operation and the server's resident memory (Linux, when
 * this script started the server). Exits 1 on any error response or when memory grew
 * more than SOAK_RSS_GROWTH_MB between the first and the last quarter of the run.
 *
 * Environment: SOAK_DURATION (s, 180), SOAK_RATE (requests/s, 50), SOAK_USERS (20),
 * SOAK_MAX_IN_FLIGHT (64), SOAK_RSS_GROWTH_MB (96). The last line of stdout is JSON.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const DURATION = Number(env.SOAK_DURATION ?? 180);
const RATE = Number(env.SOAK_RATE ?? 50);
const USERS = Number(env.SOAK_USERS ?? 20);
const MAX_IN_FLIGHT = Number(env.SOAK_MAX_IN_FLIGHT ?? 64);
const RSS_GROWTH_MB = Number(env.SOAK_RSS_GROWTH_MB ?? 96);
const PASSWORD = 'soak password 1';
const say = (...a) => console.error('[soak]', ...a);

const urlArg = process.argv.indexOf('--url');
let base = urlArg > 0 ? process.argv[urlArg + 1] : undefined;
let child;

/** Starts `gatehouse start` in a fresh directory (SQLite file) and waits for /ok. */
async function startServer() {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const childEnv = { ...env, PORT: String(port), LOG_LEVEL: 'warn', AUTH_SECRET: randomBytes(32).toString('hex') };
  delete childEnv.BASE_URL;
  delete childEnv.NODE_ENV;
  delete childEnv.RATE_LIMIT;
  child = spawn(process.execPath, [join(ROOT, 'packages/server/dist/gatehouse.mjs'), 'start'], {
    cwd: mkdtempSync(join(tmpdir(), 'gatehouse-soak-')),
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/auth/ok`)).ok) return url;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server not ready in 30 s');
}

function rssMB() {
  if (!child?.pid) return null;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

async function call(path, { body, cookie } = {}) {
  const headers = { origin: base };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${base}/api/auth${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  const setCookie = r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: r.status, data: text ? JSON.parse(text) : null, cookie: setCookie };
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null);
const round = (x) => (x === null ? null : Math.round(x * 10) / 10);

async function main() {
  if (!base) base = await startServer();
  say(`target ${base}, ${DURATION} s at ${RATE} req/s, ${USERS} users`);

  const users = [];
  for (let i = 0; i < USERS; i++) {
    const email = `soak-${randomBytes(6).toString('hex')}@example.com`;
    const up = await call('/sign-up/email', { body: { name: `Soak ${i}`, email, password: PASSWORD } });
    if (up.status !== 200) throw new Error(`sign-up failed: ${up.status} ${JSON.stringify(up.data)}`);
    users.push({ email, cookie: up.cookie, extra: [] });
  }

  const latencies = { 'sign-in': [], 'get-session': [], 'list-sessions': [], 'revoke-session': [] };
  const errors = [];
  const rss = [];
  let inFlight = 0;
  let dropped = 0;
  let sent = 0;

  const ops = {
    async 'sign-in'(u) {
      const r = await call('/sign-in/email', { body: { email: u.email, password: PASSWORD } });
      if (r.status === 200) u.extra.push(r.data.token);
      return r.status;
    },
    async 'get-session'(u) {
      const r = await call('/get-session', { cookie: u.cookie });
      return r.status === 200 && r.data?.user ? 200 : r.status === 200 ? 'no session' : r.status;
    },
    async 'list-sessions'(u) {
      return (await call('/list-sessions', { cookie: u.cookie })).status;
    },
    async 'revoke-session'(u) {
      const token = u.extra.shift();
      return (await call('/revoke-session', { body: { token }, cookie: u.cookie })).status;
    },
  };
  /** 10 % sign-in, 50 % get-session, 25 % list-sessions, 15 % revoke (when there is a session to revoke). */
  function pick(u) {
    const x = Math.random();
    if (u.extra.length > 4 || (x >= 0.85 && u.extra.length > 0)) return 'revoke-session';
    if (x < 0.1) return 'sign-in';
    if (x < 0.6) return 'get-session';
    return 'list-sessions';
  }

  const start = Date.now();
  const end = start + DURATION * 1000;
  const sampler = setInterval(() => {
    const mb = rssMB();
    if (mb !== null) rss.push({ t: (Date.now() - start) / 1000, mb });
  }, 500);
  const fire = () => {
    if (inFlight >= MAX_IN_FLIGHT) {
      dropped++;
      return;
    }
    const u = users[Math.floor(Math.random() * users.length)];
    const op = pick(u);
    inFlight++;
    sent++;
    const t0 = performance.now();
    ops[op](u)
      .then((status) => {
        latencies[op].push(performance.now() - t0);
        if (status !== 200) errors.push({ op, status });
      })
      .catch((e) => errors.push({ op, status: String(e?.cause?.code ?? e?.message ?? e) }))
      .finally(() => inFlight--);
  };
  // Open loop: the schedule is fixed in advance; every tick fires what is due.
  let due = 0;
  await new Promise((done) => {
    const tick = setInterval(() => {
      const now = Date.now();
      if (now >= end) {
        clearInterval(tick);
        done();
        return;
      }
      const target = Math.floor(((now - start) / 1000) * RATE);
      while (due < target) {
        fire();
        due++;
      }
    }, 5);
  });
  for (const deadline = Date.now() + 30_000; inFlight > 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
  clearInterval(sampler);

  const per = {};
  const all = [];
  for (const [op, xs] of Object.entries(latencies)) {
    const s = [...xs].sort((a, b) => a - b);
    all.push(...s);
    per[op] = { count: s.length, p50: round(pct(s, 50)), p95: round(pct(s, 95)), p99: round(pct(s, 99)), max: round(s.at(-1) ?? null) };
  }
  all.sort((a, b) => a - b);
  const q = DURATION / 4;
  const early = rss.filter((r) => r.t <= q).map((r) => r.mb);
  const late = rss.filter((r) => r.t >= DURATION - q).map((r) => r.mb);
  const memory = rss.length
    ? {
        startMB: round(early.length ? Math.max(...early) : rss[0].mb),
        endMB: round(late.length ? Math.max(...late) : rss.at(-1).mb),
        peakMB: round(Math.max(...rss.map((r) => r.mb))),
      }
    : null;
  const growth = memory ? memory.endMB - memory.startMB : 0;
  const summary = {
    durationS: DURATION,
    rate: RATE,
    sent,
    dropped,
    errors: errors.length,
    errorSample: errors.slice(0, 10),
    latencyMs: {
      all: { count: all.length, p50: round(pct(all, 50)), p95: round(pct(all, 95)), p99: round(pct(all, 99)), max: round(all.at(-1) ?? null) },
      ...per,
    },
    memory: memory ? { ...memory, growthMB: round(growth), limitMB: RSS_GROWTH_MB } : 'not measured (external server)',
    ok: errors.length === 0 && dropped === 0 && growth <= RSS_GROWTH_MB,
  };
  say(`p99 ${summary.latencyMs.all.p99} ms over ${all.length} requests, ${errors.length} errors, ${dropped} dropped, memory ${JSON.stringify(summary.memory)}`);
  console.log(JSON.stringify(summary));
  return summary.ok;
}

main()
  .then((ok) => {
    child?.kill('SIGTERM');
    process.exitCode = ok ? 0 : 1;
  })
  .catch((e) => {
    say(e?.stack ?? String(e));
    child?.kill('SIGKILL');
    process.exitCode = 1;
  });
