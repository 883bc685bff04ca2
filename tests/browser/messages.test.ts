import { type TOTP, URI } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiSignUp, describeBrowser, JOURNEY_TIMEOUT, shows, signInOnPage, type Stack, startStack, uniqueEmail } from './kit.js';

/**
 * One message system, checked on the main pages at 1280 and 390 px: no page scrolls sideways, no
 * visible text outside a "Details" line is a raw error code (`INVALID_TOKEN`, `invalid_token`),
 * and every message starts with a capital letter. Then the two screens the review showed with
 * raw words: a wrong two-factor code and a used verification link.
 *
 * `MESSAGES_WEB_ROOT` serves another build of the app (to see this check fail on an older one).
 */
let stack: Stack;

const WIDTHS = [1280, 390] as const;

interface PageReport {
  overflow: number;
  codes: string[];
  lowerCaseMessages: string[];
}

/** What a person sees that the message system forbids, read from the rendered page. */
function inspect(page: Page): Promise<PageReport> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    const shown = (el: Element) => (el as HTMLElement).checkVisibility?.({ checkOpacity: true, checkVisibilityCSS: true }) ?? true;
    // Outside a "Details" line (the app's `[data-details]`, or a <details> element).
    const exempt = (el: Element) => Boolean(el.closest('[data-details], details'));
    const codes: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || exempt(el) || !shown(el) || el.closest('script, style')) continue;
      const text = node.textContent ?? '';
      // UPPER_SNAKE codes, and snake_case words such as invalid_token (email addresses aside).
      for (const word of text.split(/\s+/)) {
        if (word.includes('@')) continue;
        const hit = /\b[A-Z]+_[A-Z_]+\b/.exec(word) ?? /\b[a-z]+_[a-z]+(?:_[a-z]+)*\b/.exec(word);
        if (hit) codes.push(`${hit[0]} in "${text.trim().slice(0, 80)}"`);
      }
    }
    const lowerCaseMessages = [...document.querySelectorAll('[role="alert"], [role="status"], .message, .field-error')]
      .filter((el) => shown(el) && !exempt(el))
      .map((el) => (el as HTMLElement).innerText.trim())
      .filter((text) => text && /^\p{Ll}/u.test(text));
    return { overflow: scroller.scrollWidth - window.innerWidth, codes, lowerCaseMessages };
  });
}

/** Loads `path` at both widths and expects a page without sideways scrolling or raw codes. */
async function checkPage(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${stack.url}${path}`);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const report = await inspect(page);
    expect({ path, width, ...report }).toEqual({ path, width, overflow: expect.any(Number), codes: [], lowerCaseMessages: [] });
    expect(report.overflow, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  }
}

const heading = (name: string | RegExp) => (page: Page) => shows(page.getByRole('heading', { name, level: 1 }).first());

describeBrowser('one message system in Chromium', () => {
  beforeAll(async () => {
    const webRoot = process.env.MESSAGES_WEB_ROOT;
    stack = await startStack('messages', webRoot ? { webRoot } : {});
  });
  afterAll(async () => {
    await stack?.close();
  });

  it(
    'the main pages at 1280 and 390 px: no sideways scrolling, no raw code outside Details, messages capitalised',
    async () => {
      const signedOut = await stack.page();
      await checkPage(signedOut, '/sign-in', heading('Sign in'));
      await checkPage(signedOut, '/sign-up', heading('Sign up'));
      // The server's redirect codes land on pages that say them in words.
      await checkPage(signedOut, '/error?error=please_restart_the_process', heading('Something went wrong'));
      await checkPage(signedOut, '/magic-link/error?error=INVALID_TOKEN', (p) => shows(p.getByRole('alert')));

      const adminEmail = uniqueEmail('admin');
      const made = await stack.cli(['create-user', '--role', 'admin', '--email', adminEmail, '--password', 'admin-password-1', '--name', 'Ada Admin']);
      expect(made.code, made.out).toBe(0);
      const admin = await stack.page({ width: 1280, height: 900 });
      await signInOnPage(stack, admin, adminEmail, 'admin-password-1');
      await checkPage(admin, '/account', heading('Profile'));
      await checkPage(admin, '/account/security', heading('Security'));
      await checkPage(admin, '/account/sign-in-methods', heading('Sign-in methods'));
      await checkPage(admin, '/account/danger-zone', heading('Danger zone'));
      await checkPage(admin, '/sessions', heading('Sessions'));
      await checkPage(admin, '/two-factor', heading(/Two-factor/));
      await checkPage(admin, '/organizations', heading('Organizations'));
      await checkPage(admin, '/admin', heading(/Users|Admin/));
      await checkPage(admin, '/admin/audit', heading(/Audit/));
      for (const width of WIDTHS) {
        await admin.setViewportSize({ width, height: 900 });
        await admin.screenshot({ path: `/tmp/shots/msg-admin-audit-${width}.png`, fullPage: true });
      }
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT * 2,
  );

  it(
    'a wrong two-factor code and a used verification link are said in capitalised plain sentences',
    async () => {
      const email = uniqueEmail('turing');
      const password = 'enigma-machine-1';
      await apiSignUp(stack, { name: 'Alan Turing', email, password });
      const page = await stack.page({ width: 1280, height: 900 });
      await signInOnPage(stack, page, email, password);
      const uri = await page.evaluate(
        async (pw) =>
          (
            await (
              await fetch('/api/auth/two-factor/enable', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ password: pw }),
              })
            ).json()
          ).totpURI as string,
        password,
      );
      const totp = URI.parse(uri) as TOTP;
      const verified = await page.evaluate(
        async (code) =>
          (await fetch('/api/auth/two-factor/verify-totp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) }))
            .status,
        totp.generate(),
      );
      expect(verified).toBe(200);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await shows(page.getByRole('link', { name: 'Sign in' }).first());

      await page.goto(`${stack.url}/sign-in`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await shows(page.getByRole('heading', { name: 'Two-factor verification' }));
      // A code that is not the current one (nor its neighbours).
      const near = new Set([-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })));
      const wrong = ['000000', '111111', '222222', '333333'].find((c) => !near.has(c)) ?? '444444';
      await page.getByLabel('Code').fill(wrong);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      const alert = page.getByRole('alert');
      await shows(alert);
      const said = (await alert.innerText()).trim();
      expect(said).toMatch(/^\p{Lu}[^_]*[.!?]$/u);
      expect(said).not.toMatch(/invalid two factor authentication/i);
      // Said under Code, which is marked invalid and focused.
      expect(await page.getByLabel('Code').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Code').evaluate((el) => el === document.activeElement)).toBe(true);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const report = await inspect(page);
        expect(report).toEqual({ overflow: expect.any(Number), codes: [], lowerCaseMessages: [] });
        expect(report.overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `/tmp/shots/msg-two-factor-wrong-code-${width}.png`, fullPage: true });
      }

      // A used verification link lands on /verify-email?error=invalid_token.
      const stranger = await stack.page({ width: 1280, height: 900 });
      await stranger.goto(`${stack.url}/verify-email?error=invalid_token`);
      const problem = stranger.getByRole('alert');
      await shows(problem);
      const text = (await problem.innerText()).trim();
      expect(text).toMatch(/^\p{Lu}[^_()]*[.!?]$/u);
      for (const width of WIDTHS) {
        await stranger.setViewportSize({ width, height: 900 });
        const report = await inspect(stranger);
        expect(report).toEqual({ overflow: expect.any(Number), codes: [], lowerCaseMessages: [] });
        await stranger.screenshot({ path: `/tmp/shots/msg-verify-reused-link-${width}.png`, fullPage: true });
      }
      // The code is still there for a support request, in the small Details line.
      await shows(stranger.locator('[data-details]', { hasText: 'invalid_token' }));
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );

  it(
    'errors under the wrong field: an address with an account on sign-up (with the ways on), a wrong current password',
    async () => {
      const email = uniqueEmail('lovelace');
      const password = 'analytical-engine-1';
      await apiSignUp(stack, { name: 'Ada Lovelace', email, password });
      const page = await stack.page({ width: 1280, height: 900 });
      await page.goto(`${stack.url}/sign-up`);
      await page.getByLabel('Name', { exact: true }).fill('Ada Again');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('another-password-2');
      await page.getByRole('button', { name: 'Sign up' }).click();
      const field = page.locator('.field', { has: page.getByLabel('Email') });
      await shows(field.getByText('User already exists'));
      expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Email').evaluate((el) => el === document.activeElement)).toBe(true);
      await shows(field.getByRole('link', { name: 'Sign in' }));
      await shows(field.getByRole('link', { name: 'Reset your password' }));
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        expect(await inspect(page)).toEqual({ overflow: expect.any(Number), codes: [], lowerCaseMessages: [] });
        await page.screenshot({ path: `/tmp/shots/msg-sign-up-email-taken-${width}.png`, fullPage: true });
      }

      await signInOnPage(stack, page, email, password);
      await page.goto(`${stack.url}/account/security`);
      // The row's "Change password" opens the dialog with Current password / New password.
      await page.getByRole('region', { name: 'Security' }).getByRole('button', { name: 'Change password' }).click();
      const change = page.getByRole('dialog', { name: 'Change password' });
      await change.getByLabel('Current password').fill('not-my-password-9');
      await change.getByLabel('New password').fill('second-password-2');
      await change.getByRole('button', { name: 'Change password' }).click();
      const current = change.getByLabel('Current password');
      await expect.poll(() => current.getAttribute('aria-invalid')).toBe('true');
      await shows(change.locator('.field', { has: page.getByLabel('Current password') }).getByText('Invalid password'));
      await expect.poll(() => change.getByRole('alert').count()).toBe(0);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await change.scrollIntoViewIfNeeded();
        await change.screenshot({ path: `/tmp/shots/msg-change-password-wrong-${width}.png` });
      }
      expect(stack.pageErrors).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
