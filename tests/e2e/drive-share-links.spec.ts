import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { AdminApi } from './pages/admin-api.ts';
import { createAdministrator, DriveApi } from './pages/drive-api.ts';
import { DrivePage, driveAction } from './pages/drive-page.ts';
import { ShareDialog, ShareLinksPage, SharePage } from './pages/share-pages.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * Share links in the SPA (docs/drive.md "Share links"): a user makes a link with a download limit
 * and a password in the share dialog and copies its URL; a stranger in a fresh browser (no
 * sign-in) opens it, is refused a wrong password, downloads the file and sees the count go down;
 * an administrator revokes it from the list of every link, after which the page says so. English
 * and Japanese screens are captured.
 */
const shot = shotsIn('/tmp/shots-share-links');

test('a link made in the share dialog is downloaded without sign-in, counted, and revoked by an administrator', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  const folder = await drive.folder(`Outgoing ${run}`);
  const fileName = `請求書 ${run}.txt`;
  await drive.file(fileName, folder.id, 'text/plain', 'invoice 2026-11\n');
  const adminId = uniqueUserId('sadm');
  await signInInBrowser(page, request, adminId, await createAdministrator(admin, adminId));

  const storage = new DrivePage(page);
  await storage.expectLoaded();
  await storage.openFolder(folder.name);
  await storage.toggle(fileName);
  await (await driveAction(page, 'share')).click();
  const dialog = new ShareDialog(page);
  await dialog.expectOpen(fileName);
  // The contract's defaults fill the form: 7 days, no limit.
  await expect(page.getByTestId('share-days').locator('input')).toHaveValue('7');
  await dialog.fill({ downloads: 2, password: 'short' });
  await page.getByTestId('share-create').click();
  await expect(dialog.root()).toContainText('Please enter a password of 8 to 64 characters.');
  await dialog.fill({ password: 'e2e-secret-pw' });
  const url = await dialog.create();
  expect(url).toMatch(/\/share\/[^/]+\/[A-Za-z0-9_-]{59}$/);
  await expect(dialog.links()).toHaveCount(1);
  await expect(dialog.links().first()).toContainText('0 of 2');
  await shot(page, 'share-dialog-en');
  await dialog.close();

  // A stranger: a fresh browser, nobody signed in.
  const stranger = await browser.newContext({ acceptDownloads: true });
  const publicPage = await stranger.newPage();
  const opened = await publicPage.goto(url);
  expect(opened!.headers()['referrer-policy']).toBe('no-referrer');
  const share = new SharePage(publicPage);
  await expect(publicPage.getByText('This file is protected by a password.')).toBeVisible();
  await expect(share.name()).toHaveCount(0);
  await expect(share.left()).toHaveText('2');
  await share.password().fill('not the password');
  await share.downloadButton().click();
  await expect(share.fieldError()).toHaveText('The password is incorrect.');
  await share.password().fill('e2e-secret-pw');
  const downloading = publicPage.waitForEvent('download');
  await share.downloadButton().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  expect(await readFile((await download.path())!, 'utf8')).toBe('invoice 2026-11\n');
  await expect(share.name()).toHaveText(fileName);
  await expect(share.left()).toHaveText('1');
  await shot(publicPage, 'share-page-en');
  await expectAccessible(publicPage, '/share/:kykId/:token');
  await share.switchLanguage('ja');
  await expect(publicPage.getByText('残りダウンロード回数')).toBeVisible();
  await shot(publicPage, 'share-page-ja');

  // The administrator's list shows it, with its download; revoking it ends it at once.
  const links = new ShareLinksPage(page);
  await links.visit();
  const linkId = url.split('/').at(-1)!.slice(0, 16);
  await expect(links.row(linkId)).toContainText('1 of 2');
  await expect(links.row(linkId)).toContainText('Active');
  await shot(page, 'share-links-en');
  await expectAccessible(page, '/share-links');
  await links.revoke(linkId);
  await expect(links.row(linkId)).toContainText('Revoked');
  await links.switchLanguage('ja');
  await expect(links.row(linkId)).toContainText('無効化済み');
  await shot(page, 'share-links-ja');

  await publicPage.reload();
  await expect(share.refusal()).toContainText('このリンクは無効化されています。');
  await shot(publicPage, 'share-page-revoked-ja');

  // In Japanese, the dialog of the file (the revoked link listed, a new one offered).
  await page.goto('/storage');
  await storage.expectLoaded();
  await storage.openFolder(folder.name);
  await storage.toggle(fileName);
  await (await driveAction(page, 'share')).click();
  await expect(dialog.root()).toContainText(`「${fileName}」をリンクで共有`);
  await expect(dialog.links().first()).toContainText('無効化済み');
  await shot(page, 'share-dialog-ja');
  await stranger.close();
});
