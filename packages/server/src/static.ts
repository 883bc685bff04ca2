import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

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
  body: Buffer;
  type: string;
  immutable: boolean;
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

/**
 * The built React app, read into memory once at start-up (it is small).
 * Unknown paths get index.html so that client-side routes survive a reload.
 */
export function createStaticSite(root: string): ((request: Request) => Response | null) | null {
  if (!existsSync(join(root, 'index.html'))) return null;
  const assets = new Map<string, Asset>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const path = `/${relative(root, full).split('\\').join('/')}`;
        assets.set(path, { body: readFileSync(full), type: TYPES[extname(name)] ?? 'application/octet-stream', immutable: path.startsWith('/assets/') });
      }
    }
  };
  walk(root);
  const index = assets.get('/index.html')!;
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const path = new URL(request.url).pathname;
    const asset = assets.get(path) ?? (extname(path) ? undefined : index);
    if (!asset) return null;
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(asset.body), {
      headers: {
        'content-type': asset.type,
        'cache-control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...SECURITY_HEADERS,
      },
    });
  };
}
