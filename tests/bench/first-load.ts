/**
 * First load of the SPA in Debian's Chromium: what `/login` and a signed-in `/storage` fetch with an
 * empty cache (JS and CSS summed as gzip sizes: the local server does not compress, so each body is
 * gzipped here, level 9 like Vite's report), and their Largest Contentful Paint. Fonts and the
 * translation files are reported beside them (fonts are already compressed; JSON as gzip).
 * Needs a built SPA (`npm run build:web`) served at baseUrl.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';

export interface FirstLoadOptions {
  baseUrl: string;
  kykId: string;
  userId: string;
  password: string;
  /** UI language of the measured pages (default en). */
  language?: 'en' | 'ja';
  /** Loads of each page; sizes come from the first, LCP is the median (default 3). */
  runs?: number;
}

export interface PageLoad {
  js_kib: number;
  css_kib: number;
  font_kib: number;
  json_kib: number;
  requests: { js: number; css: number; font: number; json: number };
  lcp_ms: number;
}

const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));

type Kind = 'js' | 'css' | 'font' | 'json';
const kindOf = (contentType: string, url: string): Kind | undefined => {
  if (/javascript/.test(contentType)) return 'js';
  if (/text\/css/.test(contentType)) return 'css';
  if (/^font\/|woff/.test(contentType) || /\.woff2?$/.test(url)) return 'font';
  if (/json/.test(contentType) && !url.includes('/api/')) return 'json';
  return undefined;
};

/** Counts what the page fetches from now on (same origin, no API calls). */
function recordTransfers(page: Page, origin: string) {
  const bytes: Record<Kind, number> = { js: 0, css: 0, font: 0, json: 0 };
  const counts: Record<Kind, number> = { js: 0, css: 0, font: 0, json: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (!url.startsWith(origin) || response.status() !== 200) return;
    const kind = kindOf(response.headers()['content-type'] ?? '', new URL(url).pathname);
    if (!kind) return;
    pending.push(response.body().then((body) => {
      // Fonts (woff2) are compressed already: count them as sent.
      const size = kind === 'font' ? body.length : gzipSync(body, { level: 9 }).length;
      bytes[kind] += size;
      counts[kind] += 1;
      // FIRST_LOAD_LIST=1: what each fetched file weighs, to see what a page pulls in.
      if (process.env.FIRST_LOAD_LIST) console.error(`${kind} ${(size / 1024).toFixed(1)} KiB ${new URL(url).pathname}`);
    }, () => {}));
  });
  return async () => {
    await Promise.all(pending);
    return { js_kib: kib(bytes.js), css_kib: kib(bytes.css), font_kib: kib(bytes.font), json_kib: kib(bytes.json), requests: counts };
  };
}

/**
 * The last largest-contentful-paint entry so far (buffered), in ms since navigation start. A string:
 * this file is type-checked with Node's types, not the DOM's.
 */
const readLcp = (page: Page) => page.evaluate<number>(`new Promise((resolve) => {
  let last = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) last = entry.startTime;
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => {
    observer.disconnect();
    resolve(last);
  }, 100);
})`);

async function measurePage(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-GB', ...(storageState ? { storageState } : {}) });
  try {
    const page = await context.newPage();
    const done = recordTransfers(page, new URL(url).origin);
    const response = await page.goto(url);
    if (!response?.ok()) throw new Error(`${url}: HTTP ${response?.status()} (is the SPA built? npm run build:web)`);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const lcp = await readLcp(page);
    return { ...(await done()), lcp_ms: Math.round(lcp) };
  } finally {
    await context.close();
  }
}

/** Sizes of the first load (they do not vary), LCP as the median of every load. */
async function repeat(runs: number, load: () => Promise<PageLoad>): Promise<PageLoad & { lcp_samples_ms: number[] }> {
  const loads: PageLoad[] = [];
  for (let i = 0; i < runs; i++) loads.push(await load());
  const samples = loads.map((one) => one.lcp_ms);
  const sorted = [...samples].sort((a, b) => a - b);
  return { ...loads[0]!, lcp_ms: sorted[Math.floor((sorted.length - 1) / 2)]!, lcp_samples_ms: samples };
}

export async function measureFirstLoad(opts: FirstLoadOptions): Promise<Record<string, unknown>> {
  const base = opts.baseUrl.replace(/\/$/, '');
  const language = opts.language ?? 'en';
  const runs = Math.max(1, opts.runs ?? 3);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: launchArgs });
  try {
    // The UI language is remembered in localStorage.language: set it before the first script runs.
    const withLanguage = { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'language', value: language }] }] };
    const login = await repeat(runs, () => measurePage(browser, `${base}/login`, async (page) => {
      await page.getByTestId('login-form').waitFor();
    }, withLanguage));

    // Sign in through the form, then keep only the session (token cookie, cached user, language):
    // /storage then loads in a new context with an empty HTTP cache and no cached translations.
    const context = await browser.newContext();
    let state;
    try {
      await context.addInitScript({ content: `localStorage.setItem('language', ${JSON.stringify(language)})` });
      const page = await context.newPage();
      await page.goto(`${base}/login`);
      await page.getByTestId('login-kyk-id').fill(opts.kykId);
      await page.getByTestId('login-user-id').fill(opts.userId);
      await page.getByTestId('login-password').fill(opts.password);
      await page.getByTestId('login-submit').click();
      // An account that still holds a session is asked whether to end it.
      const confirm = page.getByTestId('error-modal-confirm');
      const outcome = await Promise.race([
        page.waitForURL(/\/storage/, { timeout: 30_000 }).then(() => 'signed-in' as const),
        confirm.waitFor({ timeout: 30_000 }).then(() => 'asked' as const),
      ]);
      if (outcome === 'asked') {
        await confirm.click();
        await page.waitForURL(/\/storage/, { timeout: 30_000 });
      }
      await page.getByTestId('drive-table').waitFor();
      state = await context.storageState();
    } finally {
      await context.close();
    }
    state.origins = state.origins.map((origin) => ({
      ...origin,
      localStorage: [...origin.localStorage.filter((item) => item.name === 'user_info'), { name: 'language', value: language }],
    }));
    const storage = await repeat(runs, () => measurePage(browser, `${base}/storage`, async (page) => {
      await page.getByTestId('drive-table').waitFor();
    }, state));
    return { language, login, storage };
  } finally {
    await browser.close();
  }
}
