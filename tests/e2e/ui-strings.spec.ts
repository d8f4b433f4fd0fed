import { expect, test, type Page } from './fixtures.ts';
import { LoginPage } from './pages/login-page.ts';
import { shotsIn } from './pages/shots.ts';

/**
 * The UI strings come as one static file per language (web/README.md "First load"): only the
 * user's language is fetched, a failing read is retried (SPEC.md §9), a file that cannot be read
 * comes from com/translate instead (docs/home.md), and a language that neither gives falls back to
 * English; no raw key is ever shown.
 */
const localeFile = /\/assets\/locales\/(en|ja)-[0-9a-f]+\.json$/;
const translateCall = /\/api\/com\/translate$/;
const shot = shotsIn('/tmp/shots/ui-strings');

/** The languages asked of com/translate, in order. */
function translateCalls(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (translateCall.test(new URL(request.url()).pathname)) asked.push((request.postDataJSON() as { language: string }).language);
  });
  return asked;
}

async function openLogin(page: Page, language: 'en' | 'ja') {
  await page.addInitScript({ content: `localStorage.setItem('language', '${language}')` });
  const fetched: string[] = [];
  page.on('request', (request) => {
    const match = localeFile.exec(new URL(request.url()).pathname);
    if (match) fetched.push(match[1]!);
  });
  await page.goto('/login');
  return fetched;
}

test('only the chosen language is fetched, once, and then read from the cache', async ({ page }) => {
  const fetched = await openLogin(page, 'ja');
  await expect(new LoginPage(page).submitButton()).toHaveText('ログイン');
  expect(fetched).toEqual(['ja']);
  await page.reload();
  await expect(new LoginPage(page).submitButton()).toHaveText('ログイン');
  expect(fetched).toEqual(['ja']);
});

test('a failing read is retried, and the page waits for it instead of showing keys', async ({ page }) => {
  let failures = 0;
  await page.route(localeFile, async (route) => {
    if (failures < 2) {
      failures += 1;
      await route.fulfill({ status: 503, body: 'busy' });
    } else {
      await route.continue();
    }
  });
  // com/translate down too: each try asks it once after the file failed, and the third try's file answers.
  await page.route(translateCall, (route) => route.fulfill({ status: 503, body: 'busy' }));
  const asked = translateCalls(page);
  await openLogin(page, 'ja');
  await expect(new LoginPage(page).submitButton()).toHaveText('ログイン');
  expect(failures).toBe(2);
  expect(asked).toEqual(['ja', 'ja']);
  await expect(page.getByText(/\b(login|nav|app)\.\w+/)).toHaveCount(0);
});

test('a language whose file is missing comes from com/translate, and its file is not asked for again', async ({ page }) => {
  await page.route(/\/assets\/locales\/ja-[0-9a-f]+\.json$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  const asked = translateCalls(page);
  const fetched = await openLogin(page, 'ja');
  await expect(new LoginPage(page).submitButton()).toHaveText('ログイン');
  expect(fetched).toEqual(['ja']);
  expect(asked).toEqual(['ja']);
});

test('a language that neither the file nor com/translate gives falls back to English, after every retry of both', async ({ page }) => {
  await page.route(/\/assets\/locales\/ja-[0-9a-f]+\.json$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.route(translateCall, (route) => route.fulfill({ status: 503, body: 'busy' }));
  const asked = translateCalls(page);
  const fetched = await openLogin(page, 'ja');
  // SPEC.md §9: the first try and 5 retries, 350 ms doubling (about 11 s), then English.
  await expect(new LoginPage(page).submitButton()).toHaveText('Sign in', { timeout: 30_000 });
  expect(fetched).toEqual(['ja', 'en']);
  expect(asked).toEqual(Array(6).fill('ja'));
});

test('with every static file failing, the page shows its strings through com/translate, in English and in Japanese', async ({ page }) => {
  const failed: string[] = [];
  await page.route(localeFile, async (route) => {
    failed.push(localeFile.exec(new URL(route.request().url()).pathname)![1]!);
    await route.fulfill({ status: 500, body: 'down' });
  });
  const asked = translateCalls(page);
  const login = new LoginPage(page);
  await openLogin(page, 'en');
  await expect(login.submitButton()).toHaveText('Sign in');
  await expect(page.getByText('Contract ID', { exact: true })).toBeVisible();
  await expect(page.getByText(/\b(login|nav|app)\.\w+/)).toHaveCount(0);
  await shot(page, 'translate-fallback-en');

  await login.switchLanguage('ja');
  await expect(login.submitButton()).toHaveText('ログイン');
  await expect(page.getByText('契約ID', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByText(/\b(login|nav|app)\.\w+/)).toHaveCount(0);
  await shot(page, 'translate-fallback-ja');

  expect(failed).toEqual(['en', 'ja']);
  expect(asked).toEqual(['en', 'ja']);

  // What com/translate answered is the build's own file: the static file, read past the routing.
  for (const language of ['en', 'ja'] as const) {
    const url = await page.evaluate(() => [...performance.getEntriesByType('resource')].map((entry) => entry.name));
    const fileUrl = url.find((name) => new RegExp(`/assets/locales/${language}-[0-9a-f]+\\.json$`).test(name))!;
    const file = (await (await page.request.get(fileUrl)).json()) as unknown;
    const answered = (await (await page.request.post('/api/com/translate', { data: { language } })).json()) as { code: number; data: unknown };
    expect(answered.code).toBe(0);
    expect(answered.data).toEqual(file);
  }
});
