import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatehouse, type Started } from './process.js';

/**
 * `npm start` reads a small body of declared length off Node's request itself and hands it
 * to the routes as bytes (serve.ts `bodyFirst`, `CallInfo.body`); a chunked or larger body
 * still streams through the Fetch `Request`. Here, as raw HTTP on loopback: both ways give
 * the same answer for the same bytes; a body that arrives in pieces, a character split
 * between them included, is read whole; a kept-alive connection goes on serving after such
 * requests; a graceful stop answers a request whose body is still coming; and a client that
 * leaves halfway through its body leaves nothing behind.
 */
let server: Started;
let host: string;
let port: number;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One connection, kept alive: requests written in pieces, answers read one at a time. */
class Connection {
  private readonly socket: Socket;
  private data = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  closed = false;

  constructor(to = port) {
    this.socket = connect(to, host);
    this.socket.on('data', (d: Buffer) => {
      this.data = Buffer.concat([this.data, d]);
      this.wake?.();
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.wake?.();
    });
    this.socket.on('error', () => {});
  }

  async send(head: string, pieces: Buffer[], pauseMs = 0): Promise<void> {
    if (head) this.socket.write(head);
    for (const piece of pieces) {
      if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      this.socket.write(piece);
    }
  }

  async answer(): Promise<Answer> {
    for (;;) {
      const parsed = parseAnswer(this.data);
      if (parsed) {
        this.data = this.data.subarray(parsed.used);
        return parsed.answer;
      }
      if (this.closed) throw new Error(`connection closed before a whole answer: ${this.data.toString('latin1')}`);
      await new Promise<void>((r) => (this.wake = r));
    }
  }

  destroy(): void {
    this.socket.destroy();
  }
}

function parseAnswer(data: Buffer): { answer: Answer; used: number } | null {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return null;
  const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine!.split(' ')[1]);
  let at = end + 4;
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = data.indexOf('\r\n', at);
      if (lineEnd === -1) return null;
      const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
      if (data.length < lineEnd + 2 + size + 2) return null;
      parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
      if (size === 0) return { answer: { status, headers, body: Buffer.concat(parts).toString('utf8') }, used: at };
    }
  }
  const length = Number(headers['content-length'] ?? '0');
  if (data.length < at + length) return null;
  return { answer: { status, headers, body: data.subarray(at, at + length).toString('utf8') }, used: at + length };
}

function head(path: string, type: string, framing: string, to = String(port)): string {
  return [`POST /api/auth${path} HTTP/1.1`, `Host: ${host}:${to}`, `Content-Type: ${type}`, framing, '', ''].join('\r\n');
}

/** The body with a declared length (the small-body path), in `pieces` writes. */
async function withLength(path: string, body: Buffer, type = 'application/json', pieces = 1): Promise<Answer> {
  const c = new Connection();
  try {
    const size = Math.ceil(body.length / pieces);
    const parts = Array.from({ length: pieces }, (_, i) => body.subarray(i * size, (i + 1) * size));
    await c.send(head(path, type, `Content-Length: ${body.length}`), parts, pieces > 1 ? 30 : 0);
    return await c.answer();
  } finally {
    c.destroy();
  }
}

/** The same bytes, chunked (the streamed path). */
async function chunked(path: string, body: Buffer, type = 'application/json'): Promise<Answer> {
  const c = new Connection();
  try {
    const frame = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
    await c.send(head(path, type, 'Transfer-Encoding: chunked'), [frame]);
    return await c.answer();
  } finally {
    c.destroy();
  }
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

beforeAll(async () => {
  server = await startGatehouse({ RATE_LIMIT: 'off' });
  const url = new URL(server.url);
  host = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname;
  port = Number(url.port);
});

afterAll(async () => {
  await server?.stop();
});

describe('a small body read off the request answers as the streamed one', () => {
  const unknown = { email: 'nobody-small-body@example.com', password: 'quiet-meadow-4821' };
  const cases: [string, Buffer, string?][] = [
    ['JSON', json(unknown)],
    ['JSON after a UTF-8 byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json(unknown)])],
    ['broken JSON', Buffer.from('{"email": "a@example.com", "pass')],
    ['a form', Buffer.from('email=nobody-small-body%40example.com&password=quiet-meadow-4821'), 'application/x-www-form-urlencoded'],
    ['a NUL in a field', json({ email: 'a\u0000@example.com', password: 'quiet-meadow-4821' })],
    [
      'bytes that are not UTF-8',
      Buffer.concat([Buffer.from('{"email":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('@example.com","password":"quiet-meadow-4821"}')]),
    ],
    ['a body over the small-body size (20 KiB)', json({ ...unknown, padding: 'x'.repeat(20 * 1024) })],
    ['only white space', Buffer.from('   \n ')],
  ];
  for (const [name, body, type] of cases) {
    it(name, async () => {
      const [read, streamed] = await Promise.all([withLength('/sign-in/email', body, type), chunked('/sign-in/email', body, type)]);
      expect(read.status).toBe(streamed.status);
      expect(read.body).toBe(streamed.body);
      expect(read.status).toBeGreaterThanOrEqual(400);
      expect(read.status).toBeLessThan(500);
    });
  }

  it('a declared length over the limit is refused as before (413)', async () => {
    const big = json({ ...unknown, padding: 'x'.repeat(1024 * 1024) });
    const answer = await withLength('/sign-in/email', big);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('a body that arrives in pieces', () => {
  it('is read whole, a character split between two pieces included', async () => {
    const email = `zoe-${Date.now()}@example.com`;
    // "Zoë Ångström" has two-byte characters; 7 pieces cut some of them in half.
    const body = json({ name: 'Zoë Ångström', email, password: 'quiet-meadow-4821' });
    const answer = await withLength('/sign-up/email', body, 'application/json', 7);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).user).toMatchObject({ name: 'Zoë Ångström', email });
  });
});

describe('a kept-alive connection', () => {
  it('goes on serving after small bodies, also after a pause longer than a drain timeout', async () => {
    const c = new Connection();
    try {
      const body = json({ email: 'not-an-email', password: 'x' });
      for (const pause of [0, 0, 800]) {
        if (pause) await new Promise((r) => setTimeout(r, pause));
        expect(c.closed).toBe(false);
        await c.send(head('/sign-in/email', 'application/json', `Content-Length: ${body.length}`), [body]);
        const answer = await c.answer();
        expect(answer.status).toBe(400);
        expect(answer.headers.connection ?? 'keep-alive').not.toBe('close');
      }
    } finally {
      c.destroy();
    }
  });
});

describe('a graceful stop', () => {
  it('answers a request whose body is still coming when it begins, then exits 0', async () => {
    const own = await startGatehouse({ RATE_LIMIT: 'off' });
    const url = new URL(own.url);
    const c = new Connection(Number(url.port));
    try {
      const body = json({ name: 'Late', email: `late-${Date.now()}@example.com`, password: 'quiet-meadow-4821' });
      await c.send(head('/sign-up/email', 'application/json', `Content-Length: ${body.length}`, url.port), [body.subarray(0, 10)]);
      await new Promise((r) => setTimeout(r, 200));
      const code = own.stop('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      await c.send('', [body.subarray(10)]);
      expect((await c.answer()).status).toBe(200);
      expect(await code).toBe(0);
    } finally {
      c.destroy();
      await own.stop();
    }
  });
});

describe('a client that leaves halfway through its body', () => {
  it('leaves the server answering and able to stop at once', async () => {
    // A server of its own: the shared one goes on serving the tests after this.
    const own = await startGatehouse({ RATE_LIMIT: 'off' });
    const ownPort = Number(new URL(own.url).port);
    try {
      for (let i = 0; i < 5; i++) {
        const c = new Connection(ownPort);
        await c.send(head('/sign-in/email', 'application/json', 'Content-Length: 200', String(ownPort)), [Buffer.from('{"email":"half')]);
        await new Promise((r) => setTimeout(r, 20));
        c.destroy();
      }
      const ok = await fetch(`${own.url}/api/auth/ok`);
      expect(ok.status).toBe(200);
      const started = Date.now();
      expect(await own.stop()).toBe(0);
      // Nothing counted in flight: the graceful stop does not wait out its 10 s.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await own.stop();
    }
  });
});
