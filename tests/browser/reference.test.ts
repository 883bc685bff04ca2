import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, JOURNEY_TIMEOUT, shows, showsText, type Stack, startStack } from './kit.js';

/**
 * The API reference (`/api/auth/reference`) in Chromium: the page renders the OpenAPI document
 * with the renderer this server serves (no CDN), lists every route by its path, opens one to
 * show its body schema, and breaks none of its own Content-Security-Policy.
 */
let stack: Stack;

describeBrowser('the API reference in Chromium', () => {
  beforeAll(async () => {
    stack = await startStack('reference', { passkey: { enabled: true } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const shots = async (page: Page, name: string) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await stack.shot(page, `${name}-${width}`);
      if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${width}-top.png` });
    }
    await page.setViewportSize({ width: 1024, height: 768 });
  };

  it(
    'shows every route of the document by path, from this server alone',
    async () => {
      const page = await stack.page();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(`${stack.url}/api/auth/reference`);
      await shows(page.getByRole('heading', { name: /Gatehouse/ }));
      const doc = (await (await fetch(`${stack.url}/api/auth/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
      const paths = Object.keys(doc.paths);
      expect(paths.length).toBeGreaterThan(50);
      // Each path is shown (as the operation's path), the plugins' included.
      const shown = await page.locator('.opblock-summary-path').allInnerTexts();
      const normalise = (p: string) => p.replace(/\u200b/g, '').trim();
      expect(new Set(shown.map(normalise))).toEqual(new Set(paths));
      await showsText(page.locator('body'), '/api/auth/passkey/verify-authentication');
      // The renderer takes the document as it is (no warning about it).
      expect(await page.locator('body').innerText()).not.toMatch(/Warning|not supported|Errors/);

      // Opening sign-up shows its body's fields, from the zod schema.
      const signUp = page.locator('#operations-core-signUpEmail');
      await shots(page, 'reference-list');
      await signUp.locator('.opblock-summary').click();
      await showsText(signUp, 'rememberMe');
      await showsText(signUp, 'VALIDATION_ERROR');
      await shots(page, 'reference');

      // Nothing came from elsewhere; nothing was refused by the page's policy.
      expect(requests.filter((u) => !u.startsWith(stack.url) && !u.startsWith('data:'))).toEqual([]);
      expect(stack.pageErrors).toEqual([]);
      expect(stack.consoleErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
