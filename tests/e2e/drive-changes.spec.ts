import { expect, test } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { shot, uniqueUserId } from './pages/shots.ts';

/**
 * Issue 10, changing what is in the drive: rename a file (a name held in the folder answered under
 * the field), select several entries and move them to the trash; both dialogs in English and
 * Japanese.
 */
test('renames a file, moves one into another folder and a selection to the trash', async ({ page, request }) => {
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId('editor');
  const { temporary_password } = await admin.createUser(userId, { drive: 3 });
  await admin.signOut();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, temporary_password!);
  await new ChangePasswordPage(page).change(`Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`);

  const drive = new DrivePage(page);
  await drive.expectLoaded();
  await drive.switchLanguage('en');
  const folder = `Changes ${Date.now()}`;
  const target = `Target ${Date.now()}`;
  await drive.createFolder(target);
  await drive.createFolder(folder);
  await drive.openFolder(folder);
  await drive.createFolder('Archive');
  await drive.createFolder('Old');
  await drive.upload({ name: 'draft.txt', mimeType: 'text/plain', buffer: Buffer.from('draft') });
  await drive.upload({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
  await expect(drive.row('draft.txt', 'ready')).toBeVisible();
  await expect(drive.row('notes.txt', 'ready')).toBeVisible();

  // Nothing selected: rename and delete wait for a selection.
  await expect(await drive.action('rename')).toBeDisabled();
  await drive.closeMenu();
  await expect(drive.trashButton()).toBeDisabled();

  await drive.select('draft.txt');
  await drive.rename('NOTES.txt');
  // File names are unique in a folder, ignoring case.
  await expect(drive.renameModal()).toContainText('An item with the same name already exists. Please rename it.');
  await shot(page, 'rename-taken-en');
  await drive.cancelRename();
  await drive.rename('報告書 final.txt');
  await expect(drive.flash('"draft.txt" was renamed to "報告書 final.txt".')).toBeVisible();
  await expect(drive.row('報告書 final.txt', 'ready')).toBeVisible();
  await expect(drive.row('draft.txt')).toHaveCount(0);

  // Move: a file into another folder of the drive's top level, picked in the dialog's tree.
  await drive.select('notes.txt');
  await drive.moveTo(target);
  await expect(drive.flash(`"notes.txt" was moved to ${target}.`)).toBeVisible();
  await expect(drive.row('notes.txt')).toHaveCount(0);
  await shot(page, 'moved-en');

  await drive.select('報告書 final.txt');
  await drive.toggle('Old');
  await drive.moveToTrash({ confirm: false });
  await expect(drive.trashModal()).toContainText('Move 2 items to the trash?');
  await shot(page, 'trash-confirm-en');
  await drive.confirmTrash();
  await expect(drive.flash('2 items were moved to the trash.')).toBeVisible();
  await expect(drive.row('報告書 final.txt')).toHaveCount(0);
  await expect(drive.row('Old')).toHaveCount(0);
  await expect(drive.row('Archive')).toBeVisible();

  await drive.switchLanguage('ja');
  await drive.toggle('Archive');
  await drive.moveToTrash({ confirm: false });
  await expect(drive.trashModal()).toContainText('「Archive」をごみ箱に移動しますか?');
  await shot(page, 'trash-confirm-ja');
  await drive.confirmTrash();
  await expect(drive.flash('「Archive」をごみ箱に移動しました。')).toBeVisible();
  await shot(page, 'trashed-ja');
  await drive.switchLanguage('en');
});
