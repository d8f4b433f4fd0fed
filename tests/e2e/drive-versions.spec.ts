import { expect, test } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { fileWithStyle, VersionsDialogs } from './pages/versions-dialogs.ts';

const text = (name: string, content: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(content) });

/**
 * Issue items 2 and 3: uploading a name that exists asks what to do (each choice through the
 * dialog, one choice for a batch, the destructive ones disabled for a legal document style), and
 * the version history dialog downloads an old version and restores it as the newest; the dialogs in
 * English and Japanese.
 */
test('asks what to do with a name that exists, keeps versions, downloads and restores an old one', async ({ page, request }) => {
  // A long walk (eleven uploads, two dialogs, two languages) on a machine shared by several runs.
  test.setTimeout(180_000);
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId('versions');
  const { temporary_password } = await admin.createUser(userId, { drive: 3 });
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, temporary_password!);
  await new ChangePasswordPage(page).change(`Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`);

  const drive = new DrivePage(page);
  const dialogs = new VersionsDialogs(page);
  await drive.expectLoaded();
  await drive.switchLanguage('en');
  const folderName = `Versions ${Date.now()}`;
  await drive.createFolder(folderName);
  await drive.openFolder(folderName);
  const folderId = new URL(page.url()).searchParams.get('folder')!;

  await drive.upload(text('report.txt', 'first'));
  await expect(drive.row('report.txt', 'ready')).toBeVisible();

  // The same name again: the dialog asks, starting from the choice that loses nothing.
  await drive.upload(text('report.txt', 'second!'));
  await expect(dialogs.duplicateModal()).toContainText('A file named "report.txt" is already in this folder.');
  await expect(dialogs.choice(0, 'Keep the old one as an old version')).toBeChecked();
  await shot(page, 'duplicate-one-en');
  await dialogs.confirmUpload();
  await expect(drive.flash('report.txt was uploaded.')).toBeVisible();
  await expect.poll(async () => (await admin.ok('com_drive/drive_info', { folder_id: folderId })).items.find((item) => item.name === 'report.txt')?.version).toBe(2);

  // Replace: the new bytes become the newest version; every earlier version stays in the history.
  await drive.upload(text('report.txt', 'third'));
  await dialogs.choose(0, 'Replace');
  await dialogs.confirmUpload();
  await expect.poll(async () => (await admin.ok('com_drive/drive_info', { folder_id: folderId })).items.find((item) => item.name === 'report.txt')?.version).toBe(3);

  // Keep both: a numbered name beside the old one.
  await drive.upload(text('report.txt', 'another'));
  await dialogs.choose(0, 'Keep both');
  await dialogs.confirmUpload();
  await expect(drive.row('report (1).txt', 'ready')).toBeVisible();
  await expect(drive.row('report.txt', 'ready')).toBeVisible();

  // The history: version 3 current, versions 2 and 1 kept.
  await drive.select('report.txt');
  await dialogs.openHistory();
  await expect(dialogs.historyModal()).toContainText('Version history: report.txt');
  await expect(dialogs.versionRows()).toHaveText(['Version 3', 'Version 2', 'Version 1']);
  await expect(dialogs.historyModal()).toContainText('Current');
  const old = await dialogs.downloadVersion(1);
  expect(old).toEqual({ name: 'report.txt', text: 'first' });
  await dialogs.restoreVersion(1, { confirm: false });
  await expect(dialogs.historyModal()).toContainText('A copy of version 1 becomes the newest version.');
  await shot(page, 'history-confirm-en');
  // The confirmation has the focus: the keyboard answers it.
  await expect(page.locator('[data-testid="version-restore-submit"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drive.flash('Version 1 of "report.txt" was restored as version 4.')).toBeVisible();
  await expect(dialogs.versionRows()).toHaveText(['Version 4', 'Version 3', 'Version 2', 'Version 1']);
  await expect(dialogs.historyModal()).toContainText('Restored from version 1');
  await shot(page, 'history-restored-en');
  expect(await dialogs.downloadVersion(4)).toEqual({ name: 'report.txt', text: 'first' });
  await dialogs.closeHistory();

  // A batch: one choice for every file, "apply to all" ticked from the start.
  await drive.upload([text('report.txt', 'batch 1'), text('report (1).txt', 'batch 2')] as never);
  await expect(dialogs.duplicateModal()).toContainText('2 of the files you chose have the same name as files in this folder.');
  await expect(dialogs.applyToAll()).toBeChecked();
  // Unticked, each file has its own choice.
  await dialogs.applyToAll().uncheck();
  await expect(dialogs.choice(1, 'Keep both')).toBeVisible();
  await shot(page, 'duplicate-each-en');
  await dialogs.applyToAll().check();
  await dialogs.choose('all', 'Keep both');
  await shot(page, 'duplicate-batch-en');
  await dialogs.confirmUpload();
  await expect(drive.row('report (2).txt', 'ready')).toBeVisible();
  await expect(drive.row('report (1) (1).txt', 'ready')).toBeVisible();

  // Delete the old document: the old one goes to the trash and the new one takes the name.
  const before = (await admin.ok('com_drive/drive_info', { folder_id: folderId })).items.find((item) => item.name === 'report.txt')!;
  await drive.upload(text('report.txt', 'fresh start'));
  await dialogs.choose(0, 'Delete the old document');
  await dialogs.confirmUpload();
  await expect.poll(async () => (await admin.ok('com_drive/drive_info', { folder_id: folderId })).items.find((item) => item.name === 'report.txt' && item.status === 'ready')?.id).not.toBe(before.id);
  expect((await admin.ok('com_drive/recycle_list', { page_size: 1000 })).items.map((item) => item.id)).toContain(before.id);

  // A legal document style refuses the destructive choices, and says why.
  await fileWithStyle(admin, request, { name: 'ledger.pdf', folderId, text: '%PDF-1', style: 'e_bookkeeping' });
  await drive.refreshButton().click();
  await drive.upload({ name: 'ledger.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-2') });
  await expect(dialogs.choice(0, 'Replace')).toBeDisabled();
  await expect(dialogs.choice(0, 'Delete the old document')).toBeDisabled();
  await expect(dialogs.choice(0, 'Keep both')).toBeEnabled();
  await expect(dialogs.duplicateModal()).toContainText('Not possible for files of the document style "Electronic bookkeeping": they are never deleted or replaced.');
  await shot(page, 'duplicate-legal-en');
  await dialogs.cancelUpload();

  // Japanese.
  await drive.switchLanguage('ja');
  await drive.upload({ name: 'ledger.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-3') });
  await expect(dialogs.duplicateModal()).toContainText('同じ名前のファイルがあります');
  await expect(dialogs.choice(0, '置き換える')).toBeDisabled();
  await expect(dialogs.duplicateModal()).toContainText('文書区分「電子帳簿」のファイルではできません。');
  await shot(page, 'duplicate-legal-ja');
  await dialogs.cancelUpload();
  await drive.select('report (2).txt');
  await dialogs.openHistory();
  await expect(dialogs.historyModal()).toContainText('バージョン履歴: report (2).txt');
  await expect(dialogs.versionRows()).toHaveText(['第 1 版']);
  await expect(dialogs.historyModal()).toContainText('現在');
  await shot(page, 'history-ja');
  await dialogs.closeHistory();
  await drive.switchLanguage('en');
});
