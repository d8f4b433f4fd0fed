import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { AdminApi } from './pages/admin-api.ts';
import { createAdministrator, DriveApi } from './pages/drive-api.ts';
import { DrivePage } from './pages/drive-page.ts';
import { SearchPage } from './pages/search-page.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * The drive search (docs/drive.md "Search"): from the drive page's search field into a folder's
 * subtree, then a combined e-bookkeeping search (transaction date range + amount range + partner) over
 * the whole drive, each result with its place and opened in its folder; a reversed range answers the
 * server's message under its field. English and Japanese screens are captured.
 */
const shot = shotsIn('/tmp/shots-search');

async function invoice(admin: AdminApi, request: APIRequestContext, folderId: string, name: string, fields: { transaction_date: string; transaction_amount: number; provider: string }) {
  const bytes = Buffer.from(`${name}\n`);
  const { item, upload } = await admin.ok('com_drive/file_reg_btn', { folder_id: folderId, name, size: bytes.byteLength, content_type: 'application/pdf', document_style: 'e_trading', ...fields });
  if (upload.method !== 'PUT') throw new Error('small files go up in one PUT');
  expect((await request.put(upload.url, { headers: upload.headers, data: bytes })).status()).toBe(200);
  await expect.poll(async () => (await admin.ok('com_drive/file_info', { id: item.id })).item.status, { timeout: 15_000 }).toBe('ready');
  return item;
}

test('a name search from the drive page, then a combined search (date range, amount range, partner) with places', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  const accounts = await drive.folder(`経理 ${run}`);
  const year = await drive.folder('2024', accounts.id);
  const partner = `ACME ${run} 株式会社`;
  await invoice(admin, request, year.id, `請求書_${run}_001.pdf`, { transaction_date: '2024-03-15', transaction_amount: 1_500_000, provider: partner });
  await invoice(admin, request, year.id, `請求書_${run}_002.pdf`, { transaction_date: '2024-11-30', transaction_amount: 5_000_000, provider: partner });
  await invoice(admin, request, accounts.id, `領収書_${run}_003.pdf`, { transaction_date: '2024-06-01', transaction_amount: 2_000_000, provider: partner });
  await invoice(admin, request, 'root', `請求書_${run}_other.pdf`, { transaction_date: '2024-05-01', transaction_amount: 1_800_000, provider: `Globex ${run}` });

  const userId = uniqueUserId('srch');
  await signInInBrowser(page, request, userId, await createAdministrator(admin, userId));
  const storage = new DrivePage(page);
  await storage.expectLoaded();

  // The drive page's field searches the folder shown and below.
  await storage.openFolder(accounts.name);
  const search = new SearchPage(page);
  await page.getByTestId('drive-search-field').locator('input').fill('請求');
  await shot(page, 'drive-search-field-en');
  await search.searchFromDrive('請求');
  await expect(page).toHaveURL(/\/search-result\?/);
  await expect(search.names()).toHaveCount(2);
  await expect(search.names().nth(0)).toHaveAttribute('data-item-name', `請求書_${run}_001.pdf`);
  await expect(search.place(`請求書_${run}_001.pdf`)).toHaveText(`Drive / ${accounts.name} / 2024`);
  await shot(page, 'search-name-en');

  // The combined e-bookkeeping search over the whole drive, by transaction date.
  await search.fill('search-name', '');
  await search.scope('The whole drive');
  await search.date('search-date-from', '2024/01/01');
  await search.date('search-date-to', '2024/12/31');
  await search.fill('search-amount-min', '1000000');
  await search.fill('search-amount-max', '3000000');
  await search.fill('search-partner', `acme ${run}`);
  await search.sortBy('Transaction date');
  await search.submit();
  await expect(search.names()).toHaveCount(2);
  await expect(search.names().nth(0)).toHaveAttribute('data-item-name', `請求書_${run}_001.pdf`);
  await expect(search.names().nth(1)).toHaveAttribute('data-item-name', `領収書_${run}_003.pdf`);
  await expect(search.row(`請求書_${run}_001.pdf`)).toContainText('¥1,500,000');
  await expect(search.row(`領収書_${run}_003.pdf`)).toContainText(partner);
  await expect(search.place(`領収書_${run}_003.pdf`)).toHaveText(`Drive / ${accounts.name}`);
  await shot(page, 'search-combined-en');
  await expectAccessible(page, '/search-result');

  // A reversed range: the server's message under the field, nothing listed.
  await search.fill('search-amount-min', '5000000');
  await search.submit();
  await expect(page.getByText('The maximum must not be less than the minimum.')).toBeVisible();
  await shot(page, 'search-reversed-en');
  await search.fill('search-amount-min', '1000000');
  await search.submit();
  await expect(search.names()).toHaveCount(2);

  // Open in folder: a file opens its folder with the file selected.
  await search.names().nth(0).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/storage\\?folder=${year.id}&select=`));
  await page.goBack();
  await expect(search.names()).toHaveCount(2);

  // Japanese.
  await search.switchLanguage('ja');
  await expect(page.getByText('検索条件')).toBeVisible();
  await expect(search.place(`領収書_${run}_003.pdf`)).toHaveText(`ドライブ / ${accounts.name}`);
  await expect(search.row(`請求書_${run}_001.pdf`)).toContainText('2024/03/15');
  await shot(page, 'search-combined-ja');
  await search.fill('search-amount-min', '5000000');
  await search.submit();
  await expect(page.getByText('上限金額は下限金額以上を指定してください。')).toBeVisible();
  await shot(page, 'search-reversed-ja');
});
