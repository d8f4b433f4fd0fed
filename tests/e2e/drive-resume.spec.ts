import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './pages/a11y.ts';
import { AdminApi } from './pages/admin-api.ts';
import { cloudscape, control, locate } from './pages/cloudscape.ts';
import { DriveApi } from './pages/drive-api.ts';
import { DrivePage } from './pages/drive-page.ts';
import { RegistrationDialog } from './pages/registration-dialog.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';
import { TransfersPanel } from './pages/transfers.ts';
import { VersionsDialogs } from './pages/versions-dialogs.ts';

const shot = shotsIn('/tmp/shots/resume');
const MiB = 1024 ** 2;
const BIG = 100 * MiB;
/** 16 MiB parts (shared/drive-limits.ts): 100 MiB is seven, the last one 4 MiB. */
const PARTS = 7;

/** The part number of a presigned UploadPart PUT to the S3 front (undefined for anything else). */
const partOf = (method: string, url: string): number | undefined => {
  const part = /[?&]partNumber=(\d+)/.exec(url);
  return method === 'PUT' && part && /[?&]uploadId=/.test(url) ? Number(part[1]) : undefined;
};

/** Parts recorded for resuming in the page's IndexedDB (evaluated as a string: no DOM types in this project). */
const keptParts = `new Promise((resolve) => {
  const open = indexedDB.open('drive-uploads');
  // Not made yet: nothing kept (and the walk does not make it).
  open.onupgradeneeded = () => open.transaction.abort();
  open.onsuccess = () => {
    if (!open.result.objectStoreNames.contains('uploads')) return resolve(0);
    const all = open.result.transaction('uploads', 'readonly').objectStore('uploads').getAll();
    all.onsuccess = () => resolve(all.result.reduce((sum, upload) => sum + upload.parts.length, 0));
    all.onerror = () => resolve(-1);
  };
  open.onerror = () => resolve(0);
})`;

/** The walk's files (a 100 MiB one among them), removed after it. */
let filesDir: string | undefined;
test.afterEach(() => {
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

/**
 * Issue 28 items 9, 13 and 22 (uploads): a folder chosen through the Upload menu's picker is made in the
 * drive with its files; a 100 MiB multipart upload cut off by a reload after two of its parts is
 * listed as stopped, refuses another file, and when the same file is picked again sends only the
 * five parts S3 does not hold and becomes ready; a scan that fails the pixel check and came in after
 * its input deadline says both rules in its transfers row and in a warning; "Keep both" says the
 * numbered name.
 */
test('uploads a folder through the picker, resumes a large upload after a reload, and warns about a failing scan', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const admin = new AdminApi(request);
  await admin.signIn();
  const api = new DriveApi(admin, request);
  const folder = await api.folder(`Resume ${Date.now()}`);
  const userId = uniqueUserId('resume');
  const { temporary_password } = await admin.createUser(userId, { drive: 3 });
  await signInInBrowser(page, request, userId, temporary_password!);
  const drive = new DrivePage(page);
  const transfers = new TransfersPanel(page);
  await drive.switchLanguage('en');
  await drive.openFolder(folder.name);

  // The files, in the walk's own temporary directory.
  const dir = (filesDir = mkdtempSync(join(tmpdir(), 'drive-resume-')));
  mkdirSync(join(dir, 'Scans', 'March'), { recursive: true });
  writeFileSync(join(dir, 'Scans', 'a.txt'), 'a');
  writeFileSync(join(dir, 'Scans', 'March', 'b.txt'), 'b');
  writeFileSync(join(dir, 'Scans', '.DS_Store'), 'x');
  const big = join(dir, 'big.bin');
  const handle = openSync(big, 'w');
  const chunk = Buffer.alloc(4 * MiB, 7);
  for (let written = 0; written < BIG; written += chunk.length) writeSync(handle, chunk);
  closeSync(handle);
  mkdirSync(join(dir, 'other'));
  writeFileSync(join(dir, 'other', 'big.bin'), 'not the same file');

  // 9a: Upload folder, through the Upload menu's picker.
  await control(page, 'upload-menu').click();
  const chooser = page.waitForEvent('filechooser');
  await locate(page, cloudscape.findButtonDropdown().findItemById('folder')).click();
  await (await chooser).setFiles(join(dir, 'Scans'));
  await expect(drive.flash('2 files were uploaded.')).toBeVisible({ timeout: 30_000 });
  const scans = (await admin.ok('com_drive/drive_info', { folder_id: folder.id })).items.find((item) => item.name === 'Scans')!;
  expect((await admin.ok('com_drive/drive_info', { folder_id: scans.id })).items.map((item) => item.name)).toEqual(['March', 'a.txt']);

  // 9b: two parts of the 100 MiB file go through, the rest are held; then the page is reloaded.
  await page.route('**/*', (route: Route) => {
    const part = partOf(route.request().method(), route.request().url());
    if (part === undefined) return route.fallback();
    if (part <= 2) return route.continue();
    // Held: never answered (the reload drops them).
    return undefined;
  });
  await drive.upload(big);
  // Both parts stored, as their record in IndexedDB says.
  await expect.poll(() => page.evaluate(keptParts), { timeout: 60_000 }).toBe(2);
  // Reloaded with the held parts still held (unrouting first would let them go).
  await page.reload();
  await drive.expectLoaded();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await transfers.open();
  const paused = transfers.row('big.bin', 'paused');
  await expect(paused).toContainText('Stopped by a reload: 32 MB of 100 MB sent');
  await expect(transfers.panel()).toContainText('Choose the same file again to send the rest.');

  // 13: a scan below A4's pixels, received long ago, registered with details as scanner storage.
  const scan = `scan-${Date.now()}.png`;
  const registration = new RegistrationDialog(page);
  await registration.choose([{ name: scan, mimeType: 'image/png', buffer: await sharp({ create: { width: 120, height: 160, channels: 3, background: '#ffffff' } }).png().toBuffer() }]);
  await registration.setStyle(0, 'scanner');
  await registration.setDate(0, new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '/'));
  await page.locator('[data-testid="detailed-file-0"] [data-testid="detailed-received"] input').fill('2026/01/05');
  await registration.submit();
  await registration.skipConfirmations();
  const warning = drive.flash(`${scan} was uploaded, but it does not meet the scanner-storage rules`);
  await expect(warning).toBeVisible({ timeout: 30_000 });
  const flashed = locate(page, cloudscape.findFlashbar()).locator('[data-testid="upload-scan-warnings"]');
  await expect(flashed).toContainText('Pixel non-compliance');
  await expect(flashed).toContainText('Registered after its input deadline');
  const warned = transfers.row(scan, 'done').locator('[data-testid="transfer-warnings"]');
  await expect(warned).toContainText('Pixel non-compliance: the image does not record its resolution and has 120 × 160 pixels');
  await expect(warned).toContainText(/Registered after its input deadline \(\d{2}\/\d{2}\/2026\)/);
  await shot(page, 'transfers-resume-scan-en');
  await expectAccessible(page, 'transfers panel with an unfinished upload and a scan warning');
  await drive.switchLanguage('ja');
  await expect(transfers.row('big.bin', 'paused')).toContainText('再読み込みで中断');
  await expect(warned).toContainText('画素数が不足しています');
  await shot(page, 'transfers-resume-scan-ja');
  await drive.switchLanguage('en');

  // Another file of the same name is refused; the same file sends only the five parts S3 lacks.
  await paused.locator('[data-testid="transfer-resume-input"]').setInputFiles(join(dir, 'other', 'big.bin'));
  await expect(paused.locator('[data-testid="transfer-resume-error"]')).toContainText('This is not the file whose upload stopped. Choose big.bin (100 MB');
  const sent: number[] = [];
  page.on('request', (sentRequest) => {
    const part = partOf(sentRequest.method(), sentRequest.url());
    if (part !== undefined) sent.push(part);
  });
  await paused.locator('[data-testid="transfer-resume-input"]').setInputFiles(big);
  await expect(drive.flash('big.bin was uploaded.')).toBeVisible({ timeout: 60_000 });
  expect(sent.sort((a, b) => a - b)).toEqual(Array.from({ length: PARTS - 2 }, (_, index) => index + 3));
  await expect(drive.row('big.bin', 'ready')).toBeVisible({ timeout: 30_000 });
  const stored = (await admin.ok('com_drive/drive_info', { folder_id: folder.id })).items.find((item) => item.name === 'big.bin');
  expect(stored).toMatchObject({ status: 'ready', size: BIG });
  // Done: nothing is kept for resuming any more.
  await expect.poll(() => page.evaluate(keptParts)).toBe(0);

  // 22: "Keep both" names the file as stored, "(1)" and all.
  const note = { name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('first') };
  await drive.upload(note);
  await expect(drive.flash('note.txt was uploaded.')).toBeVisible({ timeout: 30_000 });
  const dialogs = new VersionsDialogs(page);
  await drive.upload({ ...note, buffer: Buffer.from('second') });
  await dialogs.choose(0, 'Keep both');
  await dialogs.confirmUpload();
  await expect(drive.flash('note (1).txt was uploaded.')).toBeVisible({ timeout: 30_000 });
});
