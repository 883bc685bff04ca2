#!/usr/bin/env node
// Summarises a V8 .cpuprofile: self time by function and by package/file.
// node bench/profile-summary.mjs file.cpuprofile [top] [--timeline | --window FROM-TO]
//   --timeline       busy and idle milliseconds in each second of the profile, to find a case's measured window
//                    (a server's profile also holds the bench's preparation: sign-ins made ready, calibration)
//   --window 67-75   only the samples from second 67 to second 75 of the profile
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: opt, positionals } = parseArgs({ allowPositionals: true, options: { timeline: { type: 'boolean' }, window: { type: 'string' } } });
const [file, topArg] = positionals;
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
const [from, to] = opt.window ? opt.window.split('-').map(Number) : [-Infinity, Infinity];
const seconds = new Map();
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  at += dt[i] ?? 0;
  const second = (at - profile.startTime) / 1e6;
  if (opt.timeline) {
    const bin = seconds.get(Math.floor(second)) ?? { busy: 0, idle: 0 };
    bin[byId.get(id).callFrame.functionName === '(idle)' ? 'idle' : 'busy'] += (dt[i] ?? 0) / 1000;
    seconds.set(Math.floor(second), bin);
  }
  if (second >= from && second < to) self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0));
}
if (opt.timeline) {
  for (const [second, { busy, idle }] of seconds) console.log(`${String(second).padStart(4)} s  busy ${busy.toFixed(0).padStart(4)} ms  idle ${idle.toFixed(0).padStart(4)} ms`);
  process.exit(0);
}
// Percentages of busy time: samples of an idle event loop are left out.
for (const [id] of self) if (byId.get(id).callFrame.functionName === '(idle)') self.delete(id);
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (url) => {
  if (!url) return '(native/V8)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  const g = /packages\/([^/]+)\/(?:dist|src)\/(.*)$/.exec(url);
  if (g) return `@gatehouse/${g[1]}/${g[2]}`;
  if (url.startsWith('node:')) return url;
  return url.replace(/^.*\//, '');
};
const fnTotals = new Map();
const fileTotals = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anonymous)'}  ${where(cf.url)}:${cf.lineNumber + 1}`;
  fnTotals.set(key, (fnTotals.get(key) ?? 0) + t);
  const f = where(cf.url);
  fileTotals.set(f, (fileTotals.get(f) ?? 0) + t);
}
const pct = (t) => `${((t / total) * 100).toFixed(1).padStart(5)}%`;
/** Coarse layers, to see where a request's time goes. */
const layer = (n) => {
  const { url, functionName } = n.callFrame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === 'writev' || functionName === 'read' || /node:(_http|net|internal\/stream|internal\/streams|events|internal\/http)/.test(url ?? '')) return 'Node HTTP and sockets';
  if (/undici|@hono\/node-server|node_modules\/hono\//.test(url ?? '')) return 'Fetch API objects and Hono';
  if (/better-sqlite3|dialect\.js|kysely|db\/adapter/.test(url ?? '')) return 'database (SQLite statement, Kysely, row conversion)';
  if (/packages\/core/.test(url ?? '')) return 'Gatehouse (pipeline, session, route)';
  if (/zod/.test(url ?? '')) return 'zod';
  return 'other (V8, crypto, microtasks…)';
};
const layers = new Map();
for (const [id, t] of self) {
  const k = layer(byId.get(id));
  layers.set(k, (layers.get(k) ?? 0) + t);
}
console.log(`busy time sampled: ${(total / 1000).toFixed(0)} ms\n\nby layer:`);
for (const [k, t] of [...layers].sort((a, b) => b[1] - a[1])) console.log(`${pct(t)}  ${k}`);
console.log('\nself time by file/package:');
for (const [k, t] of [...fileTotals].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(t)}  ${k}`);
console.log('\nself time by function:');
for (const [k, t] of [...fnTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${k}`);
