import { connect, type Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricSample, startGatehouse, type Started } from './process.js';

/**
 * `npm start` under more password traffic than its cores hash: sign-ins and sign-ups wait for a
 * slot (one hash per core). A client that hangs up while its request waits gets no hash made for
 * it and nothing written: the request ends as 499 (counted in /metrics), and those who stayed
 * are answered, the slots going to them. Raw HTTP on loopback, both ways a body arrives (of
 * declared length, read by serve.ts; chunked, streamed through the Fetch request).
 */
const TOKEN = 'scrape-token-client-gone-0123456789';
// The server runs on this machine: it hashes as many at once as this process sees cores.
const SLOTS = Math.max(1, availableParallelism());
let server: Started;
let host: string;
let port: number;

beforeAll(async () => {
  server = await startGatehouse({ RATE_LIMIT: 'off', METRICS_TOKEN: TOKEN });
  const url = new URL(server.url);
  host = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname;
  port = Number(url.port);
});

afterAll(async () => {
  await server?.stop();
});

async function metrics(): Promise<string> {
  const r = await fetch(`${server.url}/api/auth/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.status).toBe(200);
  return r.text();
}

const queued = (text: string) => metricSample(text, 'gatehouse_password_hashes_running') + metricSample(text, 'gatehouse_password_hashes_waiting');
const gone = (text: string, route: string) => metricSample(text, `gatehouse_http_requests_total{method="POST",route="${route}",status="499"}`);

/** One request on its own connection; `status` settles with the answer's status (0 if the connection closed first). */
function send(path: string, body: unknown, framing: 'length' | 'chunked'): { socket: Socket; status: Promise<number> } {
  const bytes = Buffer.from(JSON.stringify(body));
  const socket = connect(port, host);
  const head = [`POST /api/auth${path} HTTP/1.1`, `Host: ${host}:${port}`, 'Content-Type: application/json'];
  if (framing === 'length') socket.write(`${[...head, `Content-Length: ${bytes.length}`, '', ''].join('\r\n')}${bytes.toString('latin1')}`);
  else
    socket.write(
      Buffer.concat([
        Buffer.from([...head, 'Transfer-Encoding: chunked', '', ''].join('\r\n')),
        Buffer.from(`${bytes.length.toString(16)}\r\n`),
        bytes,
        Buffer.from('\r\n0\r\n\r\n'),
      ]),
    );
  const status = new Promise<number>((ok) => {
    let data = '';
    socket.on('data', (d: Buffer) => {
      data += d.toString('latin1');
      const line = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (line) {
        ok(Number(line[1]));
        socket.destroy();
      }
    });
    socket.on('close', () => ok(0));
    socket.on('error', () => {});
  });
  return { socket, status };
}

/** Polls /metrics until `done` holds of it (or fails after 60 s, saying what it saw). */
async function until(done: (text: string) => boolean, what: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const text = await metrics();
    if (done(text)) return text;
    if (Date.now() > deadline)
      throw new Error(
        `not reached in 60 s: ${what}; running ${metricSample(text, 'gatehouse_password_hashes_running')}, waiting ${metricSample(text, 'gatehouse_password_hashes_waiting')}`,
      );
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('clients that hang up while their password hash waits', () => {
  it('get no hash and no account; those who stay are answered; the queue empties', async () => {
    const password = 'quiet-meadow-4821';
    const email = `stays-${Date.now()}@example.com`;
    const up = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Stays', email, password }),
    });
    expect(up.status).toBe(200);
    const before = await until((t) => queued(t) === 0, 'an idle queue');

    // Ten rounds of sign-ins for every core, by clients who wait: the slots stay taken while the rest arrive.
    const keepers = Array.from({ length: SLOTS * 10 }, () => send('/sign-in/email', { email, password }, 'length'));
    let answered = 0;
    for (const k of keepers) void k.status.then(() => answered++);
    await until((t) => queued(t) + answered >= keepers.length, 'every waiting sign-in queued');

    // Behind them, clients who will hang up: sign-ins both ways a body comes, sign-ups with fresh addresses.
    const leaverEmails = [1, 2, 3].map((i) => `leaves-${i}-${Date.now()}@example.com`);
    const leavers = [
      ...Array.from({ length: 3 }, () => send('/sign-in/email', { email, password }, 'length')),
      ...Array.from({ length: 2 }, () => send('/sign-in/email', { email, password }, 'chunked')),
      send('/sign-in/email', { email: `nobody-${Date.now()}@example.com`, password }, 'length'),
      ...leaverEmails.map((e) => send('/sign-up/email', { name: 'Leaves', email: e, password }, 'length')),
    ];
    await until((t) => queued(t) + answered >= keepers.length + leavers.length, 'every leaving request queued');
    for (const l of leavers) l.socket.destroy();

    // Everyone who waited is answered, as they would have been.
    expect(await Promise.all(keepers.map((k) => k.status))).toEqual(keepers.map(() => 200));
    const after = await until((t) => queued(t) === 0, 'the queue emptied');
    // Each one that left ended as 499 without its hash: none of them was answered before it left.
    expect(gone(after, '/sign-in/email') - gone(before, '/sign-in/email')).toBe(6);
    expect(gone(after, '/sign-up/email') - gone(before, '/sign-up/email')).toBe(3);
    const signedIn = (t: string) => metricSample(t, 'gatehouse_http_requests_total{method="POST",route="/sign-in/email",status="200"}');
    expect(signedIn(after) - signedIn(before)).toBe(keepers.length);
    // Nothing was written for the sign-ups that left: their addresses are still free.
    for (const e of leaverEmails) {
      const again = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Back', email: e, password }),
      });
      expect(again.status).toBe(200);
    }
    // And nothing of it was an error in the server's log.
    expect(server.output()).not.toMatch(/unhandled error|"level":50/);
  });
});
