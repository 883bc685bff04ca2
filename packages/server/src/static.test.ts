import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaticSite } from './static.js';

describe('the React app, served from its build', () => {
  const root = mkdtempSync(join(tmpdir(), 'gatehouse-static-'));
  const big = randomBytes(300 * 1024);
  const small = 'body { color: black }';
  let site: NonNullable<ReturnType<typeof createStaticSite>>;
  const get = (path: string, method = 'GET') => site(new Request(`http://localhost:3000${path}`, { method }));

  beforeAll(() => {
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<div id="root"></div>');
    writeFileSync(join(root, 'assets', 'app-1.css'), small);
    writeFileSync(join(root, 'assets', 'big-1.js'), big);
    writeFileSync(join(root, 'assets', 'gone-1.js'), big);
    site = createStaticSite(root)!;
  });

  it('answers a small file from memory and a large one streamed from disk, byte for byte, with its length and type', async () => {
    const css = (await get('/assets/app-1.css'))!;
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toBe(small);
    const js = (await get('/assets/big-1.js'))!;
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('content-length')).toBe(String(big.length));
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await js.arrayBuffer()).equals(big)).toBe(true);
  });

  it('answers HEAD without a body, client routes with index.html, and nothing for an unknown file', async () => {
    const head = (await get('/assets/big-1.js', 'HEAD'))!;
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const route = (await get('/account/sessions'))!;
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toBe('<div id="root"></div>');
    expect(await get('/assets/missing.js')).toBeNull();
    expect(await get('/assets/../index.html.bak')).toBeNull();
    expect(await get('/assets/big-1.js', 'POST')).toBeNull();
  });

  it('answers nothing (a 404) for a large file deleted since start-up, rather than a broken answer', async () => {
    rmSync(join(root, 'assets', 'gone-1.js'));
    expect(await get('/assets/gone-1.js')).toBeNull();
  });

  it('is absent when the app is not built', () => {
    expect(createStaticSite(join(root, 'assets'))).toBeNull();
  });
});
