import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rangeKey } from './breached.js';

/** A stand-in of the range API on loopback: the passwords in `breached` are found (count 42); every answer is padded with zero-count rows. */
export interface RangeStandIn {
  endpoint: string;
  requests: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

export async function startRangeStandIn(breached: string[], behaviour: 'answer' | 'hang' | 'fail' | 'redirect' = 'answer'): Promise<RangeStandIn> {
  const requests: RangeStandIn['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (behaviour === 'hang') return;
      if (behaviour === 'redirect') {
        res.writeHead(302, { location: `http://127.0.0.1:9${req.url}` }).end();
        return;
      }
      if (behaviour === 'fail') {
        res.writeHead(503).end('unavailable');
        return;
      }
      const prefix = /^\/range\/([0-9A-F]{5})$/.exec(req.url ?? '')?.[1];
      if (!prefix) {
        res.writeHead(400).end();
        return;
      }
      const rows = breached
        .map(rangeKey)
        .filter((k) => k.prefix === prefix)
        .map((k) => `${k.suffix}:42`);
      // Padding as the real API adds it: rows of count 0 that match nothing real.
      for (let i = 0; i < 3; i++) rows.push(`${'0'.repeat(34)}${i}:0`);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(rows.join('\r\n'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
