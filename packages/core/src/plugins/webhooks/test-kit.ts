import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got, with its signature checked by `verify` below. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed body. */
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

/**
 * Standard Webhooks verification written from the scheme's text, apart from the plugin's code:
 * key = base64-decoded secret after `whsec_`; expected = base64(HMAC-SHA256(key, `${id}.${ts}.${body}`));
 * the header holds space-separated `v1,<sig>` entries, one must match (constant time).
 */
export function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'];
  const ts = headers['webhook-timestamp'];
  const sigs = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof ts !== 'string' || typeof sigs !== 'string' || !secret.startsWith('whsec_')) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest();
  return sigs.split(' ').some((entry) => {
    const [version, sig] = entry.split(',');
    if (version !== 'v1' || !sig) return false;
    const given = Buffer.from(sig, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export interface Receiver {
  url: string;
  received: Received[];
  /** What the next requests get: a status code, or 'hang' (never answers). */
  answer: number | 'hang';
  /** The body of those answers (text/plain). */
  answerBody: string;
  /** Resolves once `n` requests have arrived in all. */
  waitFor(n: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** An HTTP receiver on loopback that keeps every request and answers as `answer` says. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, json: JSON.parse(body) });
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
      if (receiver.answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(receiver.answer, { 'content-type': 'text/plain' }).end(receiver.answerBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer: 200,
    answerBody: 'ok',
    waitFor(n, ms = 5000) {
      if (received.length >= n) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver: ${received.length} of ${n} requests after ${ms} ms`)), ms);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}
