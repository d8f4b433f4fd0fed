import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { VersionsDialogs } from './pages/versions-dialogs.ts';
import { TransfersPanel } from './pages/transfers.ts';

/**
 * Issue 10 item 2: files and whole folders dropped from the desktop upload into the folder shown,
 * the folders made in the drive (merged into one of the same name); every upload of the tab is in
 * the transfers drawer with its progress, and can be cancelled and retried there; a batch has one
 * flash. English and Japanese.
 */
test('drops files and folders, follows them in the transfers panel, cancels and retries an upload', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId('transfer');
  const { temporary_password } = await admin.createUser(userId, { drive: 2 });
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, temporary_password!);
  await new ChangePasswordPage(page).change(`Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`);

  const drive = new DrivePage(page);
  const transfers = new TransfersPanel(page);
  await drive.expectLoaded();
  await drive.switchLanguage('en');
  const folderName = `Drops ${Date.now()}`;
  await drive.createFolder(folderName);
  await drive.openFolder(folderName);
  const folderId = new URL(page.url()).searchParams.get('folder')!;
  // No upload yet: the frame has no transfers drawer.
  await expect(transfers.trigger()).toHaveCount(0);

  // A loose file and a folder with a subfolder (read past its first batch of entries).
  await transfers.dragOver({
    'loose.txt': 'loose',
    Reports: { 'q1.csv': 'a,b', 'q2.csv': 'c,d', 'q3.csv': 'e,f', '.DS_Store': 'x', '2026': { 'march.txt': 'march' } },
  });
  await expect(transfers.dropZone()).toContainText(`Drop files or folders here to upload them to Drive / ${folderName}`);
  await shot(page, 'drive-dropzone-en');
  await transfers.drop();
  await expect(drive.flash('5 files were uploaded.')).toBeVisible({ timeout: 30_000 });
  await expect(drive.row('loose.txt', 'ready')).toBeVisible();
  await expect(drive.row('Reports')).toBeVisible();

  // Stored where they were dropped, the dot file left out.
  const inFolder = await admin.ok('com_drive/drive_info', { folder_id: folderId });
  const reports = inFolder.items.find((item) => item.name === 'Reports')!;
  const inReports = await admin.ok('com_drive/drive_info', { folder_id: reports.id });
  expect(inReports.items.map((item) => item.name)).toEqual(['2026', 'q1.csv', 'q2.csv', 'q3.csv']);
  const in2026 = await admin.ok('com_drive/drive_info', { folder_id: inReports.items[0]!.id });
  expect(in2026.items.map((item) => [item.name, item.size])).toEqual([['march.txt', 5]]);

  await transfers.open();
  await expect(transfers.rows()).toHaveCount(5);
  await expect(transfers.row('march.txt', 'done')).toContainText(`To Drive / ${folderName} / Reports / 2026`);
  await expect(transfers.panel()).toContainText('5 of 5 done');
  await shot(page, 'transfers-panel-en');

  // The same folder dropped again merges into it: one Reports, its new file beside the others, and
  // a file of a name it holds asked about first, named with its place (kept as an old version).
  await transfers.dragOver({ Reports: { 'q4.csv': 'g,h', 'q1.csv': 'a,b,new' } });
  await transfers.drop();
  const dialogs = new VersionsDialogs(page);
  await expect(dialogs.duplicateModal()).toContainText(`Drive / ${folderName} / Reports / q1.csv`);
  await dialogs.confirmUpload();
  await expect(drive.flash('2 files were uploaded.')).toBeVisible({ timeout: 30_000 });
  const merged = await admin.ok('com_drive/drive_info', { folder_id: reports.id });
  expect(merged.items.map((item) => item.name)).toEqual(['2026', 'q1.csv', 'q2.csv', 'q3.csv', 'q4.csv']);
  await expect.poll(async () => (await admin.ok('com_drive/drive_info', { folder_id: reports.id })).items.find((item) => item.name === 'q1.csv')?.version).toBe(2);
  expect((await admin.ok('com_drive/drive_info', { folder_id: folderId })).items.filter((item) => item.name === 'Reports')).toHaveLength(1);

  // Onto a folder's row: into that folder.
  await transfers.dragOver({ 'onto-row.txt': 'row' });
  await transfers.dropOn(drive.row('Reports'));
  await expect(drive.flash('onto-row.txt was uploaded.')).toBeVisible({ timeout: 30_000 });
  expect((await admin.ok('com_drive/drive_info', { folder_id: reports.id })).items.map((item) => item.name)).toContain('onto-row.txt');
  await expect(transfers.row('onto-row.txt')).toContainText(`To Drive / ${folderName} / Reports`);

  // Cancel and retry: a slow upload (the browser throttled to 512 KB/s) stopped in the panel, then sent again.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
  await drive.upload({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: randomBytes(6 * 1024 * 1024) });
  await expect(transfers.row('big.bin', 'running')).toBeVisible();
  await expect(transfers.trigger()).toHaveAttribute('aria-label', /Transfers, 1 in progress/);
  await transfers.cancel('big.bin');
  await expect(transfers.row('big.bin', 'cancelled')).toBeVisible();
  await expect(drive.flash('The upload of big.bin was cancelled.')).toBeVisible();
  // Withdrawn at once: the folder does not show it as uploading any more.
  await expect(drive.row('big.bin')).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await transfers.retry('big.bin');
  await expect(transfers.row('big.bin', 'done')).toBeVisible({ timeout: 30_000 });
  await expect(drive.row('big.bin', 'ready')).toBeVisible({ timeout: 30_000 });

  // Japanese: the panel and the drop zone.
  await drive.switchLanguage('ja');
  await expect(transfers.panel()).toContainText('9件中9件完了');
  await expect(transfers.row('big.bin', 'done')).toContainText('アップロード完了');
  await shot(page, 'transfers-panel-ja');
  await transfers.dragOver({ 'メモ.txt': 'メモ' });
  await expect(transfers.dropZone()).toContainText('ここにファイルやフォルダーをドロップすると');
  await shot(page, 'drive-dropzone-ja');
  await transfers.drop();
  await expect(drive.flash('メモ.txt をアップロードしました。')).toBeVisible({ timeout: 30_000 });
});
