import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** One message as the sink received it. */
export interface CapturedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO), lowercased. */
  to: string[];
  /** The message source exactly as sent after DATA (headers and body, CRLF line ends). */
  raw: string;
  /** Top-level headers, names lowercased, folded lines joined, encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  /** The decoded text/plain part ('' when none). */
  text: string;
  /** The decoded text/html part, when there is one. */
  html?: string;
  /** Every http(s) URL of the plain-text part, in order. */
  links: string[];
}

export interface SmtpSink {
  port: number;
  /** `smtp://127.0.0.1:{port}`: what to put in `email.smtp`. */
  url: string;
  /** Every message received so far, oldest first. */
  readonly messages: readonly CapturedMail[];
  /**
   * The oldest message to `to` (envelope recipient, any case) matching `predicate`
   * that no earlier `waitFor` returned; waits for it up to `timeoutMs` (default 5000).
   * Each message is handed out once, so consecutive calls walk through a mailbox.
   */
  waitFor(to: string, predicate?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Refuse the next `count` messages with a 550 after DATA (a failing server that still answers). */
  failNext(count?: number): void;
  /** Forget every message received so far. */
  clear(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps every message, for tests that go
 * through nodemailer and the network. No TLS (STARTTLS is not offered, so the
 * `smtp://` URL works without options) and no authentication required.
 *
 * @example
 * const sink = await startSmtpSink();
 * const t = await createTestClient({ email: { smtp: sink.url } });
 * const mail = await sink.waitFor('alice@example.com', (m) => m.subject.includes('Verify'));
 * await sink.close();
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: CapturedMail[] = [];
  const handedOut = new Set<CapturedMail>();
  const waiters = new Set<() => void>();
  let failures = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (err: Error) => callback(err));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const err = new Error('Mailbox unavailable (test sink)') as Error & { responseCode: number };
          err.responseCode = 550;
          callback(err);
          return;
        }
        const { envelope } = session;
        messages.push(
          parseMessage(
            Buffer.concat(chunks).toString('utf8'),
            envelope.mailFrom ? envelope.mailFrom.address : '',
            envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ),
        );
        for (const wake of [...waiters]) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Errors after start-up (a client dropping mid-session) must not crash the test run.
  server.on('error', () => {});
  const port = (server.server.address() as AddressInfo).port;

  const take = (to: string, predicate?: (m: CapturedMail) => boolean): CapturedMail | undefined => {
    const want = to.toLowerCase();
    const found = messages.find((m) => !handedOut.has(m) && m.to.includes(want) && (!predicate || predicate(m)));
    if (found) handedOut.add(found);
    return found;
  };

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, predicate, timeoutMs = 5000) {
      const now = take(to, predicate);
      if (now) return Promise.resolve(now);
      return new Promise<CapturedMail>((resolve, reject) => {
        const wake = () => {
          const found = take(to, predicate);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    failNext(count = 1) {
      failures += count;
    },
    clear() {
      messages.length = 0;
      handedOut.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

/** Splits a message (or a MIME part) into unfolded headers and its body. */
function splitPart(source: string): Part {
  const normalized = source.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** A header parameter such as `boundary` or `charset`. */
function param(header: string | undefined, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}

function decodeBytes(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

function quotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = param(part.headers['content-type'], 'charset');
  if (encoding === 'base64') return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeBytes(quotedPrintable(part.body), charset);
  return part.body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? decodeBytes(Buffer.from(text, 'base64'), charset) : decodeBytes(quotedPrintable(text.replace(/_/g, ' ')), charset),
    );
}

/** Collects the first text/plain and text/html leaves of a (possibly nested multipart) part. */
function collect(part: Part, out: { text?: string; html?: string }): void {
  const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(part.headers['content-type'], 'boundary');
    if (!boundary) return;
    const sections = part.body.split(new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*$`, 'm'));
    for (const section of sections.slice(1, -1)) collect(splitPart(section.replace(/^\n/, '')), out);
    return;
  }
  if (type.startsWith('text/html')) out.html ??= decodeBody(part);
  else if (type.startsWith('text/plain')) out.text ??= decodeBody(part);
}

export function parseMessage(raw: string, from: string, to: string[]): CapturedMail {
  const top = splitPart(raw);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(top.headers)) headers[k] = decodeWords(v);
  const found: { text?: string; html?: string } = {};
  collect(top, found);
  const text = (found.text ?? '').replace(/\r\n/g, '\n');
  return {
    from,
    to,
    raw,
    headers,
    subject: headers.subject ?? '',
    text,
    html: found.html,
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  };
}
