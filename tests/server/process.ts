import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CLI = join(ROOT, 'packages/server/dist/gatehouse.mjs');

// Vitest exports Vite's BASE_URL=/ into the environment; a child server must not inherit it.
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  delete env.BASE_URL;
  delete env.NODE_ENV;
  return { ...env, ...extra };
}

export interface Started {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `gatehouse start` as `npm start` does, in its own working directory, and waits for /ok;
 * on this test's Node unless `node` names another.
 */
export async function startGatehouse(
  env: Record<string, string> = {},
  cwd = mkdtempSync(join(tmpdir(), 'gatehouse-')),
  basePath = '/api/auth',
  node = process.execPath,
): Promise<Started> {
  // A port of our choosing is below Linux's ephemeral range (32768–60999), where an outgoing
  // connection of another test could hold it; if it is taken all the same, another one.
  for (let attempt = 1; ; attempt++) {
    const port = env.PORT ?? String(20000 + Math.floor(Math.random() * 12000));
    try {
      return await startOn(port, env, cwd, basePath, node);
    } catch (e) {
      if (env.PORT || attempt === 5 || !String(e).includes('EADDRINUSE')) throw e;
    }
  }
}

async function startOn(port: string, env: Record<string, string>, cwd: string, basePath: string, node: string): Promise<Started> {
  const child = spawn(node, [CLI, 'start'], {
    cwd,
    env: childEnv({ PORT: port, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${out}`);
    // Only once this child says it listens is the port its own: before, another test's server
    // on the same port (one that could not be bound here) could answer, an app's page for any path.
    if (out.includes('Gatehouse listening on')) {
      try {
        const r = await fetch(`${url}${basePath}/ok`);
        if (r.ok) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) throw new Error(`server not ready in 30 s: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => out,
    stop(signal = 'SIGTERM') {
      return new Promise((ok) => {
        if (child.exitCode !== null) return ok(child.exitCode);
        child.once('exit', (code) => ok(code));
        child.kill(signal);
      });
    },
  };
}

export function runCli(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<{ code: number | null; out: string }> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => ok({ code, out }));
  });
}

/** The value of `line` (a metric's name with its labels, as /metrics prints it) in a Prometheus text page: 0 when absent. */
export function metricSample(text: string, line: string): number {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? 0 : Number(found.slice(line.length + 1));
}
