import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { isMissingPackage, MissingPeerError } from '../../kit.js';

/** The renderer's files, served from the swagger-ui-dist package (never a CDN: the page works offline). */
export const RENDERER_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const resolvePackage = createRequire(import.meta.url);
const cache = new Map<string, Promise<Buffer>>();

/** A renderer file's bytes, read once per process. */
export function rendererFile(name: string): Promise<Buffer> {
  let bytes = cache.get(name);
  if (!bytes) {
    let root: string;
    try {
      root = dirname(resolvePackage.resolve('swagger-ui-dist/package.json'));
    } catch (error) {
      // An optional peer: without it the document (/openapi.json) still answers, the page cannot.
      return Promise.reject(isMissingPackage(error, 'swagger-ui-dist') ? new MissingPeerError('swagger-ui-dist') : error);
    }
    bytes = readFile(join(root, name));
    bytes.catch(() => cache.delete(name));
    cache.set(name, bytes);
  }
  return bytes;
}
