import { expect, test } from './fixtures.ts';
import { AdminApi } from './pages/admin-api.ts';
import { createAdministrator, DriveApi } from './pages/drive-api.ts';
import { UserListPage } from './pages/admin-pages.ts';
import { DriveViews, registerFile, scanPng } from './pages/drive-views.ts';
import { byTestId, cloudscape, locate } from './pages/cloudscape.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';

const shot = shotsIn('/tmp/shots/drive-phone');
const shooting = process.env.E2E_SHOTS === '1' || process.env.SHOTS_DIR !== undefined;

/**
 * Issue 28 item 11: on a phone (390 × 844) the drive is one column of entries (icon or thumbnail,
 * name, size and date), the first one visible without scrolling, the page's actions in one menu
 * that follows the selection; the accounts list is one column too (no headers a letter per line).
 */
test('phone layout of the drive and the accounts list', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  const folder = await drive.folder(`Phone ${run}`);
  const notes = await drive.file(`notes ${run}.txt`, folder.id);
  const scan = await registerFile(admin, request, folder.id, `receipt ${run}.png`, await scanPng(120), { document_style: 'scanner' }, (item) => item.scanner_check !== undefined);

  const userId = uniqueUserId('phone');
  await signInInBrowser(page, request, userId, await createAdministrator(admin, userId));
  await page.goto(`/storage?folder=${folder.id}`);
  const views = new DriveViews(page);

  // One column of entries, the first in view without scrolling, with its size and date and markers.
  await expect(views.phoneList()).toBeVisible();
  await expect(views.phoneItems()).toHaveCount(2);
  await expect(views.phoneItems().first()).toBeInViewport({ ratio: 1 });
  await expect(views.phoneItem(notes.name)).toContainText(/\d+ B · \d{2}\/\d{2}\/\d{4}/);
  await expect(views.marker(views.phoneItem(scan.name), 'scanner_check')).toBeVisible();
  await expect(views.viewToggle()).toHaveCount(0);
  await shot(page, 'drive-phone-en', { fullPage: false });

  // The actions are one menu, enabled by the selection made with an entry's checkbox.
  await expect(await views.phoneAction('rename')).toHaveAttribute('aria-disabled', 'true');
  await views.closeMenu();
  await views.phoneItem(notes.name).getByRole('checkbox').check();
  await expect(await views.phoneAction('rename')).not.toHaveAttribute('aria-disabled', 'true');
  await expect(await views.phoneAction('download')).not.toHaveAttribute('aria-disabled', 'true');
  await shot(page, 'drive-phone-menu-en', { fullPage: false });
  await views.closeMenu();

  // A tap on a name opens it: the file's preview.
  await views.phoneItem(notes.name).getByRole('button', { name: notes.name }).click();
  await expect(page.getByTestId('preview-pane')).toBeVisible();
  await page.keyboard.press('Escape');

  // The accounts list: one column, each user's ID, status, name and e-mail in one item.
  const users = new UserListPage(page);
  await users.open();
  await expect(users.rowCell(userId)).toBeVisible();
  // The selection's checkbox column, then one column.
  const headers = locate(page, cloudscape.findTable(byTestId('user-table')).findColumnHeaders());
  await expect(headers).toHaveCount(2);
  await expect(headers.last()).toHaveText('User');
  // The first user in view without scrolling (the walk's own user may list further down in a shared contract).
  await expect(users.table().locator('[data-testid="user-row"]').first()).toBeInViewport();
  await shot(page, 'accounts-phone-en', { fullPage: false });

  // Japanese, for the screenshots (npm run test:e2e:shots): the walk itself stays in English.
  if (!shooting) return;
  await views.switchLanguage('ja');
  await expect(headers.last()).toHaveText('ユーザー');
  await shot(page, 'accounts-phone-ja', { fullPage: false });
  await page.goto(`/storage?folder=${folder.id}`);
  await expect(views.phoneItem(scan.name)).toBeVisible();
  await shot(page, 'drive-phone-ja', { fullPage: false });
  await views.switchLanguage('en');
});
