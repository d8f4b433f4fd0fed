import { expect, test } from './fixtures.ts';
import { AdminApi } from './pages/admin-api.ts';
import { createAdministrator, DriveApi } from './pages/drive-api.ts';
import { DrivePage } from './pages/drive-page.ts';
import { FileActivityPanel } from './pages/file-activity.ts';
import { DriveListsPanel } from './pages/lists-pages.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * One file's activity in the details panel (docs/drive.md "Activity of one entry"): closed at first,
 * opened it lists the file's version, another user's download, the share link made and an
 * anonymous download through it (the link's), newest first, in words; the same in Japanese, and the
 * access log names the link too. Set up through the API.
 */
const shot = shotsIn('/tmp/shots-activity');

test("a file's activity in the details panel, in English and Japanese", async ({ page, request }) => {
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  const folder = await drive.folder(`Activity ${run}`);
  const file = await drive.file(`offer ${run}.txt`, folder.id);
  await admin.ok('com_drive/download', { id: file.id });
  const link = await admin.ok('com_drive/share_link_create_btn', { id: file.id });
  // An anonymous download through the link (no token): the link's, not its creator's.
  const [, , kykId, token] = link.url_path.split('/');
  await new AdminApi(request).ok('share/download', { kyk_id: decodeURIComponent(kykId!), token: token! });

  const userId = uniqueUserId('act');
  await signInInBrowser(page, request, userId, await createAdministrator(admin, userId));
  const storage = new DrivePage(page);
  await storage.expectLoaded();
  await storage.openFolder(folder.name);
  await storage.select(file.name);
  await new DriveListsPanel(page).openDetails();
  const activity = new FileActivityPanel(page);
  // Nothing is asked for until the section opens.
  const asked: string[] = [];
  page.on('request', (sent) => { if (sent.url().endsWith('/com_drive/file_activity')) asked.push(sent.url()); });
  await expect(page.getByTestId('details-panel')).toBeVisible();
  expect(asked).toEqual([]);
  await activity.open();
  await expect(activity.entries()).toHaveCount(4);
  expect(asked).toHaveLength(1);
  await expect(activity.entries().nth(0)).toHaveAttribute('data-action', 'share_download');
  await expect(activity.entries().nth(0)).toContainText(`Anonymous, through link ${link.link.link_id}`);
  await expect(activity.entries().nth(1)).toContainText(`Share link ${link.link.link_id} created`);
  await expect(activity.entries().nth(2)).toHaveAttribute('data-action', 'download');
  await expect(activity.entries().nth(2)).toContainText('Downloaded');
  await expect(activity.entries().nth(3)).toContainText('Version 1 uploaded');
  await activity.entries().last().scrollIntoViewIfNeeded();
  await shot(page, 'activity-en');
  await expectAccessible(page, '/storage (activity)');

  await storage.switchLanguage('ja');
  await expect(activity.entries().nth(3)).toContainText('バージョン 1 をアップロード');
  await expect(activity.entries().nth(0)).toContainText(`匿名（リンク ${link.link.link_id} 経由）`);
  await activity.entries().last().scrollIntoViewIfNeeded();
  await shot(page, 'activity-ja');
  // The access log names the link, not its creator, too.
  await page.goto('/access-log');
  await expect(page.getByText(`匿名（リンク ${link.link.link_id} 経由）`)).toBeVisible();
  await shot(page, 'access-log-link-ja');
});
