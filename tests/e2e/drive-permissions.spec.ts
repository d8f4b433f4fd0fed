import { expect, test } from './fixtures.ts';
import { AdminApi } from './pages/admin-api.ts';
import { createAdministrator, DriveApi } from './pages/drive-api.ts';
import { closeMenu, DrivePage, driveAction } from './pages/drive-page.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { PermissionsDialog } from './pages/permissions-dialog.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';

/**
 * Folder permissions in the SPA (docs/drive.md "Folder permissions"): an administrator gives a
 * folder an allow list in the permissions dialog (users picked with the user-or-group picker, a
 * refusal shown under its side); a user on the view side sees the folder without create or upload,
 * and a user on neither side does not see it at all. English and Japanese screens are captured.
 */
const shot = shotsIn('/tmp/shots-permissions');


test('an allow list set in the permissions dialog: the view side reads, an outsider does not see the folder', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  const board = await drive.folder(`Board ${run}`);
  await drive.file(`minutes ${run}.txt`, board.id);
  const reader = uniqueUserId('prd');
  const outsider = uniqueUserId('pout');
  const readerPassword = (await admin.createUser(reader, { drive: 3 })).temporary_password!;
  const outsiderPassword = (await admin.createUser(outsider, { drive: 3 })).temporary_password!;
  const adminId = uniqueUserId('padm');
  await signInInBrowser(page, request, adminId, await createAdministrator(admin, adminId));

  const storage = new DrivePage(page);
  await storage.expectLoaded();
  await storage.toggle(board.name);
  await (await driveAction(page, 'permissions')).click();
  const dialog = new PermissionsDialog(page);
  await dialog.expectOpen(board.name);
  await dialog.chooseMode('own');
  await dialog.choosePolicy('allow');
  await dialog.addUsers('view', [reader]);
  // Nobody on the update side: the server's refusal is shown under it, and nothing is saved.
  await dialog.save();
  await expect(dialog.error('update')).toHaveText('Give at least one user or group update permission.');
  await dialog.addUsers('update', [adminId]);
  await expect(dialog.side('view')).toContainText(reader);
  await shot(page, 'permissions-dialog-en');
  await dialog.save();
  await expect(page.getByText(`The permissions of "${board.name}" were saved.`)).toBeVisible();
  await expect(dialog.root()).toHaveCount(0);

  // In Japanese, the dialog as it is now.
  await storage.switchLanguage('ja');
  await storage.toggle(board.name);
  await (await driveAction(page, 'permissions')).click();
  await expect(dialog.root()).toContainText('許可リスト');
  await expect(dialog.side('update')).toContainText('更新可');
  await shot(page, 'permissions-dialog-ja');

  // The reader: the folder is there, read only (no create or upload inside it).
  const readerContext = await browser.newContext();
  const readerPage = await readerContext.newPage();
  await signInInBrowser(readerPage, request, reader, readerPassword);
  const readerDrive = new DrivePage(readerPage);
  await readerDrive.expectLoaded();
  await readerDrive.openFolder(board.name);
  await expect(readerDrive.row(`minutes ${run}.txt`)).toBeVisible();
  await expect(readerDrive.createFolderButton()).toHaveCount(0);
  await expect(readerDrive.uploadButtons().header).toHaveCount(0);
  // Read only here, but a copy can go where the reader may add.
  await readerDrive.select(`minutes ${run}.txt`);
  await expect(await driveAction(readerPage, 'copy')).not.toHaveAttribute('aria-disabled', 'true');
  await expect(await driveAction(readerPage, 'rename')).toHaveCount(0);
  await closeMenu(readerPage);
  await shot(readerPage, 'permissions-reader-en');
  await readerContext.close();

  // The outsider: no such folder.
  const outsiderContext = await browser.newContext();
  const outsiderPage = await outsiderContext.newPage();
  await signInInBrowser(outsiderPage, request, outsider, outsiderPassword);
  const outsiderDrive = new DrivePage(outsiderPage);
  await outsiderDrive.expectLoaded();
  await expect(outsiderDrive.row(board.name)).toHaveCount(0);
  await outsiderContext.close();
});
