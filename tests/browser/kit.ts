/**
 * The browser journeys' bench: the real server started as `npm start` does (tests/server/process.ts),
 * a real SMTP sink for its mail, Debian's Chromium driven by playwright-core, and small helpers
 * that read mail and save screenshots. One stack per test file.
 *
 * Run: `npm run build` once, then `npx vitest run tests/browser`. Screenshots land in ./screenshots
 * (git-ignored); BROWSER_CONSOLE=1 prints the pages' console errors when a file ends.
 * BROWSER_CPU_THROTTLE=4 slows every page's CPU fourfold (Chromium's own emulation), which brings out
 * the races a busy CI machine meets now and then: a step that acts before the page it meant is shown.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { describe, expect, onTestFailed } from 'vitest';
import { type CapturedMail, type SmtpSink, startSmtpSink } from '../../packages/core/src/test/smtp-sink.js';
import { ROOT, runCli, type Started, startGatehouse } from '../server/process.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CI = Boolean(process.env.CI) && !['false', '0'].includes(String(process.env.CI).toLowerCase());
const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);
const CPU_THROTTLE = Number(process.env.BROWSER_CPU_THROTTLE ?? 0);

/**
 * `describe` for a browser journey. Outside CI, a machine without Chromium skips with a message;
 * under CI the suite runs anyway, so a missing Chromium fails at launch instead of passing silently.
 */
export const describeBrowser = describe.skipIf(!HAS_CHROMIUM && !CI);
if (!HAS_CHROMIUM && !CI) {
  console.warn(`browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
}

export const SCREENSHOTS = join(ROOT, 'screenshots');
/** `shots` also in the dark theme (SCREENSHOTS_DARK=1). */
const DARK_SHOTS = ['1', 'true'].includes(String(process.env.SCREENSHOTS_DARK ?? '').toLowerCase());

/** A free TCP port on loopback (the OpenID provider must know the server's redirect URI before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface Stack {
  /** http://localhost:{port}, the base URL the server mails and redirects to. */
  url: string;
  port: number;
  cwd: string;
  /** The server's environment, for the CLI against the same database. */
  env: Record<string, string>;
  sink: SmtpSink;
  server: Started;
  browser: Browser;
  /** A fresh browser context (its own cookies): one per person in a journey. */
  context(options?: { width?: number; height?: number }): Promise<BrowserContext>;
  /** A page in a fresh context; a failing test saves it as screenshots/{prefix}-FAILED-….png. */
  page(options?: { width?: number; height?: number }): Promise<Page>;
  /** Saves a full-page screenshot as screenshots/{prefix}-{name}.png. */
  shot(page: Page, name: string): Promise<void>;
  /**
   * `shot` at phone (390 px) and desktop (1280 px) width, as {name}-390 and {name}-1280; the page's size is then
   * restored. With SCREENSHOTS_DARK=1 in the environment, also in the dark theme, as {name}-dark-390 and
   * {name}-dark-1280 (off by default: twice the screenshots for every journey).
   */
  shots(page: Page, name: string): Promise<void>;
  /** `gatehouse create-user …` (or any command) against the server's database and config. */
  cli(args: string[]): Promise<{ code: number | null; out: string }>;
  /** Uncaught page errors seen so far (a journey asserts there are none). */
  pageErrors: string[];
  /** Console errors (failed requests the app handles, such as a refused sign-in, show up here too). */
  consoleErrors: string[];
  close(): Promise<void>;
}

/**
 * Starts the sink, the server (with `config` as its gatehouse.config.json, SMTP_URL at the sink,
 * a SQLite file in a fresh working directory) and Chromium.
 */
export async function startStack(prefix: string, config: Record<string, unknown> = {}, port?: number): Promise<Stack> {
  const sink = await startSmtpSink();
  const cwd = mkdtempSync(join(tmpdir(), `gatehouse-browser-${prefix}-`));
  writeFileSync(join(cwd, 'gatehouse.config.json'), JSON.stringify(config, null, 2));
  const chosen = port ?? (await freePort());
  const env = {
    PORT: String(chosen),
    SMTP_URL: sink.url,
    DATABASE_URL: `file:${join(cwd, 'data/gatehouse.db')}`,
    AUTH_SECRET: `browser-tests-${prefix}-secret-at-least-32-characters-long`,
  };
  let server: Started | undefined;
  let browser: Browser | undefined;
  try {
    server = await startGatehouse(env, cwd);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  } catch (e) {
    await server?.stop();
    await sink.close();
    throw e;
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const started = server;
  const launched = browser;

  const shot = async (page: Page, name: string) => {
    await page.screenshot({ path: join(SCREENSHOTS, `${prefix}-${name}.png`), fullPage: true });
  };
  const shots = async (page: Page, name: string) => {
    const size = page.viewportSize();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await shot(page, `${name}-${width}`);
    }
    // A journey that shoots the dark theme itself already has these; the pass would copy them and turn its page light.
    if (DARK_SHOTS && !(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches))) {
      await page.emulateMedia({ colorScheme: 'dark' });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await shot(page, `${name}-dark-${width}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    if (size) await page.setViewportSize(size);
  };
  const context = async (options: { width?: number; height?: number } = {}) => {
    const ctx = await launched.newContext({
      viewport: { width: options.width ?? 1024, height: options.height ?? 768 },
      // Screenshots in the light theme; the app follows the system setting.
      colorScheme: 'light',
    });
    ctx.setDefaultTimeout(10_000);
    ctx.on('page', (p) => watch(p));
    contexts.push(ctx);
    return ctx;
  };
  const watch = (p: Page) => {
    if (CPU_THROTTLE > 1) {
      void p
        .context()
        .newCDPSession(p)
        .then((cdp) => cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE }))
        .catch(() => {});
    }
    p.on('pageerror', (err) => pageErrors.push(`${p.url()}: ${err.message}`));
    p.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${p.url()}: ${m.text()}`);
    });
  };
  // A failed journey prints what the server logged (warnings and errors: LOG_LEVEL=warn), once a test.
  const logged = new WeakSet<object>();
  const page = async (options: { width?: number; height?: number } = {}) => {
    const p = await (await context(options)).newPage();
    onTestFailed(async ({ task }) => {
      if (!logged.has(task)) {
        logged.add(task);
        const log = started.output().trim();
        if (log) console.warn(`${prefix}: the server's log\n${log.slice(-6000)}`);
      }
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      await p.screenshot({ path: join(SCREENSHOTS, `${prefix}-FAILED-${name}.png`), fullPage: true }).catch(() => {});
    });
    return p;
  };

  return {
    url: started.url,
    port: chosen,
    cwd,
    env,
    sink,
    server: started,
    browser: launched,
    context,
    page,
    shot,
    shots,
    cli: (args) => runCli(args, env, cwd),
    pageErrors,
    consoleErrors,
    async close() {
      if (process.env.BROWSER_CONSOLE && consoleErrors.length) console.warn(`${prefix} console errors:\n${consoleErrors.join('\n')}`);
      for (const ctx of contexts) await ctx.close().catch(() => {});
      await launched.close().catch(() => {});
      await started.stop();
      await sink.close();
    },
  };
}

/** The one action URL of a mail's plain-text body (it stands on a line of its own). */
export function actionLink(mail: CapturedMail): string {
  const line = mail.text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /^https?:\/\/\S+$/.test(l));
  if (!line) throw new Error(`no action URL in mail "${mail.subject}":\n${mail.text}`);
  return line;
}

/** The one-time code of a mail: six digits on a line of their own. */
export function mailedCode(mail: CapturedMail): string {
  const m = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!m) throw new Error(`no code in mail "${mail.subject}":\n${mail.text}`);
  return m[1]!;
}

let counter = 0;
/** A unique address per run, so a journey never meets an earlier run's user. */
export function uniqueEmail(who: string): string {
  counter += 1;
  return `${who}-${Date.now().toString(36)}${counter}@example.com`;
}

/** Signs up over the API (setup that is not itself the journey under test). */
export async function apiSignUp(stack: Stack, user: { name: string; email: string; password: string }): Promise<void> {
  const r = await fetch(`${stack.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.url },
    body: JSON.stringify(user),
  });
  if (!r.ok) throw new Error(`sign-up of ${user.email} failed: ${r.status} ${await r.text()}`);
}

// playwright-core has no web-first assertions (those live in @playwright/test): these wait like them.
const WAIT = 10_000;

/** Waits until the element is visible (and is the only match: locators are strict). */
export async function shows(locator: Locator): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout: WAIT });
}

/** Waits until the matched elements' visible text contains `text` (or matches the pattern). */
export async function showsText(locator: Locator, text: string | RegExp): Promise<void> {
  const pattern = typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text;
  await expect.poll(async () => (await locator.allInnerTexts()).join('\n'), { timeout: WAIT, interval: 100 }).toMatch(pattern);
}

/** Waits until nothing matches. */
export async function absent(locator: Locator): Promise<void> {
  await expect.poll(() => locator.count(), { timeout: WAIT, interval: 100 }).toBe(0);
}

/** A whole journey, with room for a loaded 2-core CI machine (the config's default is 30 s). */
/** Signs in on the app's sign-in page with email and password, and waits until the page shows the signed-in header. */
export async function signInOnPage(stack: Stack, page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${stack.url}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await shows(page.getByRole('button', { name: 'Sign out' }));
  // And landed: the session shows a moment before the landing page opens, which closes the phone's menu.
  await page.waitForURL((url) => url.pathname !== '/sign-in');
}

export const JOURNEY_TIMEOUT = 60_000;
