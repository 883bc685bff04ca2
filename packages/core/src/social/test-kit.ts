/**
 * Test support for the social plugin's tests (not used by the plugin itself):
 * a loopback stand-in for a provider's HTTP API that records every call, and
 * keys to sign ID tokens whose key set the stand-in serves.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload, type CryptoKey } from 'jose';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  form: URLSearchParams;
}

export interface StandInAnswer {
  status?: number;
  json?: unknown;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

export type StandInHandler = (call: RecordedCall) => StandInAnswer | Promise<StandInAnswer>;

export interface StandIn {
  url: string;
  calls: RecordedCall[];
  /** Answers `METHOD /path` (query ignored); a later `on` for the same route replaces it. */
  on(method: string, path: string, handler: StandInHandler | StandInAnswer): void;
  callsTo(path: string): RecordedCall[];
  close(): Promise<void>;
}

/** A node:http server on 127.0.0.1:0; unknown routes answer 404. */
export async function startStandIn(): Promise<StandIn> {
  const routes = new Map<string, StandInHandler>();
  const calls: RecordedCall[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      const call: RecordedCall = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        form: new URLSearchParams(body),
      };
      calls.push(call);
      const handler = routes.get(`${call.method} ${call.path}`);
      try {
        const answer = handler ? await handler(call) : { status: 404, json: { error: 'not_found' } };
        const headers: Record<string, string> = { ...answer.headers };
        let payload: string | Buffer = '';
        if (answer.json !== undefined) {
          payload = JSON.stringify(answer.json);
          headers['content-type'] ??= 'application/json';
        } else if (answer.body !== undefined) payload = answer.body;
        res.writeHead(answer.status ?? 200, headers);
        res.end(payload);
      } catch (e) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(e));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    on(method, path, handler) {
      routes.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
    },
    callsTo: (path) => calls.filter((c) => c.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  jwks: { keys: JWK[] };
}

export async function makeKeys(kid = 'test-key'): Promise<SigningKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  return { kid, privateKey, jwks: { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] } };
}

/** An ID token: iat at `nowMs`, valid an hour unless the claims say otherwise. */
export async function signIdToken(
  keys: SigningKeys,
  claims: JWTPayload,
  opts: { issuer: string; audience: string; nowMs: number; expiresInSeconds?: number },
): Promise<string> {
  const iat = Math.floor(opts.nowMs / 1000);
  return new SignJWT({ iat, exp: iat + (opts.expiresInSeconds ?? 3600), ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: keys.kid })
    .setIssuer(opts.issuer)
    .setAudience(opts.audience)
    .sign(keys.privateKey);
}

/** Decodes an HTTP Basic header into [id, secret] (form-decoded, RFC 6749 2.3.1). */
export function decodeBasic(header: string | undefined): [string, string] | null {
  if (!header?.startsWith('Basic ')) return null;
  const raw = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const at = raw.indexOf(':');
  const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  return [dec(raw.slice(0, at)), dec(raw.slice(at + 1))];
}
