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
 * opened it lists the file's version, another user's download and the share link made, newest
 * first, in words; the same in Japanese. Set up through the API.
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
  await admin.ok('com_drive/share_link_create_btn', { id: file.id });

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
  await expect(activity.entries()).toHaveCount(3);
  expect(asked).toHaveLength(1);
  await expect(activity.entries().nth(0)).toContainText('Share link');
  await expect(activity.entries().nth(1)).toHaveAttribute('data-action', 'download');
  await expect(activity.entries().nth(1)).toContainText('Downloaded');
  await expect(activity.entries().nth(2)).toContainText('Version 1 uploaded');
  await activity.entries().last().scrollIntoViewIfNeeded();
  await shot(page, 'activity-en');
  await expectAccessible(page, '/storage (activity)');

  await storage.switchLanguage('ja');
  await expect(activity.entries().nth(2)).toContainText('バージョン 1 をアップロード');
  await expect(activity.entries().nth(1)).toContainText('ダウンロード');
  await activity.entries().last().scrollIntoViewIfNeeded();
  await shot(page, 'activity-ja');
});
