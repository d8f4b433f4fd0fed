import { expect, test, type Page } from './fixtures.ts';
import { LoginPage } from './pages/login-page.ts';

/**
 * The UI strings come as one static file per language (web/README.md "First load"): only the
 * user's language is fetched, a failing read is retried (SPEC.md §9), and a language that cannot be
 * loaded falls back to English; no raw key is ever shown.
 */
const localeFile = /\/assets\/locales\/(en|ja)-[0-9a-f]+\.json$/;

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
  await openLogin(page, 'ja');
  await expect(new LoginPage(page).submitButton()).toHaveText('ログイン');
  expect(failures).toBe(2);
  await expect(page.getByText(/\b(login|nav|app)\.\w+/)).toHaveCount(0);
});

test('a language whose file is missing falls back to English', async ({ page }) => {
  await page.route(/\/assets\/locales\/ja-[0-9a-f]+\.json$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  const fetched = await openLogin(page, 'ja');
  await expect(new LoginPage(page).submitButton()).toHaveText('Sign in');
  expect(fetched).toEqual(['ja', 'en']);
});
