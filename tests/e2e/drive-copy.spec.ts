import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { expect, test } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { DriveCopyPage } from './pages/drive-copy-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';

/** Screenshots of the copy and ZIP screens, looked at by hand. */
const shot = shotsIn('/tmp/shots-copy');

/**
 * Issue item 1, copy and ZIP download: a folder copied into another through the location dialog
 * appears there with what it holds; a folder downloaded as one ZIP arrives with its structure and
 * Japanese names. English and Japanese.
 */
test('copies a folder through the dialog and downloads a folder as ZIP', async ({ page, request }) => {
  // Two jobs and a dozen uploads: longer than one page's walk on a shared machine.
  test.setTimeout(180_000);
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId('copier');
  const { temporary_password } = await admin.createUser(userId, { drive: 3 });
  await admin.signOut();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, temporary_password!);
  await new ChangePasswordPage(page).change(`Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`);

  const drive = new DriveCopyPage(page);
  await drive.expectLoaded();
  await drive.switchLanguage('en');
  const stamp = Date.now();
  const source = `資料 ${stamp}`;
  const target = `Target ${stamp}`;
  await drive.createFolder(target);
  await drive.createFolder(source);
  await drive.openFolder(source);
  await drive.createFolder('見積');
  await drive.upload({ name: '請求書.txt', mimeType: 'text/plain', buffer: Buffer.from('請求') });
  await expect(drive.row('請求書.txt', 'ready')).toBeVisible();
  await drive.openFolder('見積');
  await drive.upload({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('note') });
  await expect(drive.row('note.txt', 'ready')).toBeVisible();
  const home = async () => {
    await page.goto('/storage');
    await drive.expectLoaded();
    await expect(drive.row(source)).toBeVisible();
  };
  await home();

  // Nothing selected: copy and ZIP wait for a selection.
  await expect(await drive.copyAction()).toBeDisabled();
  await drive.closeMenu();
  await expect(await drive.zipAction()).toBeDisabled();
  await drive.closeMenu();

  await drive.toggle(source);
  await drive.openCopyDialog();
  await expect(drive.copyDialog()).toContainText(`Choose the folder to copy "${source}" into.`);
  await shot(page, 'copy-dialog-en', { fullPage: false });
  await drive.copyTo(target);
  await expect(drive.flash(`"${source}" was copied to ${target}.`)).toBeVisible();
  await shot(page, 'copied-en', { fullPage: false });
  await drive.openFolder(target);
  await expect(drive.row(source)).toBeVisible();
  await drive.openFolder(source);
  await expect(drive.row('見積')).toBeVisible();
  await expect(drive.row('請求書.txt', 'ready')).toBeVisible();

  // The copy (a folder) as one ZIP: the progress flash, then the browser's download.
  await home();
  await drive.openFolder(target);
  await drive.toggle(source);
  const downloaded = page.waitForEvent('download');
  await (await drive.zipAction()).click();
  await expect(drive.jobProgress('zip')).toBeVisible();
  await shot(page, 'zip-progress-en', { fullPage: false });
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`${source}.zip`);
  const entries = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  expect(Object.keys(entries).sort()).toEqual([`${source}/`, `${source}/見積/`, `${source}/見積/note.txt`, `${source}/請求書.txt`].sort());
  expect(Buffer.from(entries[`${source}/請求書.txt`]!).toString('utf8')).toBe('請求');

  // Japanese: the dialog, its refusal of a name held at the destination, the copy's flash.
  await drive.switchLanguage('ja');
  await home();
  await drive.toggle(source);
  await drive.openCopyDialog();
  await expect(drive.copyDialog()).toContainText(`「${source}」のコピー先フォルダーを選択してください。`);
  await drive.copyTo(target);
  await expect(drive.copyDialog()).toContainText('移動先・コピー先に同じ名前のフォルダーが既に存在します。');
  await shot(page, 'copy-refused-ja', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(drive.copyDialog()).toHaveCount(0);
  await drive.toggle(source);
  await drive.toggle(target);
  await expect(await drive.zipAction()).toBeEnabled();
  await shot(page, 'selection-ja', { fullPage: false });
});
