import { once } from 'node:events';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { Readable } from 'node:stream';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

interface Asset {
  /** The file's bytes when it is small enough to keep; a larger one is read from `file` on each request. */
  body: Buffer | null;
  file: string;
  size: number;
  type: string;
  immutable: boolean;
}

/**
 * Files up to this size are kept in memory; larger ones (the app's big chunks: 0.4 to 1.2 MB,
 * fetched once per browser and cached for a year) are streamed from disk, so that the server's
 * resident memory does not carry the whole app.
 */
const KEPT_BYTES = 64 * 1024;

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * The built React app: its files are listed once at start-up (only those are ever served; a
 * request's path is looked up, never joined to the root). Unknown paths without an extension
 * get index.html so that client-side routes survive a reload.
 */
export function createStaticSite(root: string): ((request: Request) => Promise<Response | null>) | null {
  if (!existsSync(join(root, 'index.html'))) return null;
  const assets = new Map<string, Asset>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else {
        const path = `/${relative(root, full).split('\\').join('/')}`;
        const { size } = stat;
        const type = TYPES[extname(name)] ?? 'application/octet-stream';
        assets.set(path, { body: size <= KEPT_BYTES ? readFileSync(full) : null, file: full, size, type, immutable: path.startsWith('/assets/') });
      }
    }
  };
  walk(root);
  const index = assets.get('/index.html')!;
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const path = new URL(request.url).pathname;
    const asset = assets.get(path) ?? (extname(path) ? undefined : index);
    if (!asset) return null;
    const headers = {
      'content-type': asset.type,
      'cache-control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...SECURITY_HEADERS,
    };
    if (request.method === 'HEAD') return new Response(null, { headers });
    if (asset.body) return new Response(new Uint8Array(asset.body), { headers });
    // Opened before answering: a file gone since start-up (a rebuild under a running server) is a 404, not a broken answer.
    const stream = createReadStream(asset.file);
    try {
      await once(stream, 'open');
    } catch {
      return null;
    }
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { headers: { ...headers, 'content-length': String(asset.size) } });
  };
}
