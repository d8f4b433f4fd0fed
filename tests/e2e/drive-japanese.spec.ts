import { expect, test } from './fixtures.ts';
import { AdminApi } from './pages/admin-api.ts';
import { createAdministrator, DriveApi } from './pages/drive-api.ts';
import { DriveInteraction } from './pages/drive-interaction.ts';
import { DriveViews } from './pages/drive-views.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { uniqueUserId } from './pages/shots.ts';

/**
 * Issue 28's Japanese walk, over the same page objects as the English ones: the commands a user
 * meets on the drive (the context menu, the shortcut help, the undo of a trash, the grid of the same
 * selection) say what they do in Japanese.
 */
test('the drive in Japanese: context menu, shortcuts, undo and grid', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  const folder = await drive.folder(`日本語 ${run}`);
  for (const name of ['請求書.txt', '見積書.txt']) await drive.file(name, folder.id);

  const userId = uniqueUserId('jawk');
  await signInInBrowser(page, request, userId, await createAdministrator(admin, userId));
  await page.goto(`/storage?folder=${folder.id}`);
  const storage = new DriveInteraction(page);
  await storage.switchLanguage('ja');
  await expect(storage.row('見積書.txt', 'ready')).toBeVisible();

  // The context menu names the commands in Japanese.
  await storage.rightClick('見積書.txt');
  await expect(storage.menuItem('rename')).toContainText('名前の変更');
  await expect(storage.menuItem('move')).toContainText('移動…');
  await page.keyboard.press('Escape');
  await expect(storage.contextMenu()).toHaveCount(0);

  // ? opens the shortcut help in Japanese.
  await page.keyboard.press('?');
  await expect(storage.shortcutHelp()).toContainText('キーボードショートカット');
  await expect(storage.shortcutHelp()).toContainText('選択したアイテムをごみ箱に移動');
  await page.keyboard.press('Escape');
  await expect(storage.shortcutHelp()).toHaveCount(0);

  // Delete trashes the file; the flash's 元に戻す restores it.
  await storage.select('請求書.txt');
  await page.keyboard.press('Delete');
  await storage.confirmTrash();
  await expect(storage.row('請求書.txt')).toHaveCount(0);
  await expect(storage.undoButton()).toHaveText('元に戻す');
  await storage.undoButton().click();
  await expect(storage.undone()).toContainText('元に戻しました。');
  await expect(storage.row('請求書.txt', 'ready')).toBeVisible();

  // The grid renders the same entries, with the Japanese labels.
  const views = new DriveViews(page);
  await views.showGrid();
  await expect(views.tile('請求書.txt')).toBeVisible();
  await expect(views.tile('見積書.txt')).toBeVisible();
});
