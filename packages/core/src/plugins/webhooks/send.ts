import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isPrivateAddress, publicOnlyLookup } from '../../kit.js';

export interface SendResult {
  /** The receiver's status code; absent when no answer came. */
  status?: number;
  /** Why the attempt failed (no answer, or an answer outside 2xx). */
  error?: string;
  /** The start of the answer's body (up to EXCERPT bytes, as UTF-8 text), when an answer came. */
  excerpt?: string;
  ok: boolean;
}

/** How much of an answer's body is kept for the delivery log. */
export const EXCERPT = 1024;

const MAX_ANSWER = 64 * 1024;

/**
 * One POST with `body` to `url`, answered within `timeoutMs` (the answer's body is read, up to
 * 64 KiB; its first KiB is kept as `excerpt`). Redirects are not followed: a 3xx is a failure. Never throws.
 */
export function send(url: string, headers: Record<string, string>, body: string, opts: { timeoutMs: number; allowPrivate: boolean }): Promise<SendResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ ok: false, error: 'Invalid URL' });
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host)) return resolve({ ok: false, error: `${host} is not a public address` });
    let settled = false;
    const finish = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const make = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = make(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Gatehouse-Webhooks/1' },
        ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let seen = 0;
        const kept: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (seen < EXCERPT) kept.push(chunk.subarray(0, EXCERPT - seen));
          seen += chunk.length;
          if (seen > MAX_ANSWER) res.destroy();
        });
        const done = () => {
          // A character cut at the limit becomes U+FFFD, never an error.
          const excerpt = Buffer.concat(kept).toString('utf8');
          finish(status >= 200 && status < 300 ? { ok: true, status, excerpt } : { ok: false, status, error: `HTTP ${status}`, excerpt });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ ok: false, error: `Timed out after ${opts.timeoutMs / 1000} s` });
      req.destroy();
    }, opts.timeoutMs);
    req.on('error', (e) => finish({ ok: false, error: e.message || String(e) }));
    req.end(body);
  });
}
