import nodemailer from 'nodemailer';
import { readStackFile } from '#infra/local/settings.ts';
import { expect, test, type Page } from './fixtures.ts';
import { AdminApi } from './pages/admin-api.ts';
import { AppShell } from './pages/app-shell.ts';
import { byTestId, cloudscape, control, locate } from './pages/cloudscape.ts';
import { createAdministrator, DriveApi } from './pages/drive-api.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';
import { expectAccessible } from './pages/a11y.ts';
import { e2eDataDir } from './playwright.config.ts';

/**
 * Documents that come in without a sign-in (docs/drive.md "File requests", "Receiving documents by
 * mail"): an administrator makes a file-request link with a password through the API; a stranger in
 * a fresh browser opens the public page, is told in the browser that a kind the link does not take
 * will not be sent, sends two files (one numbered "(1)" beside a file of the same name), sees both
 * sent and never the folder's contents, in English and Japanese. A mail with a PDF goes to an intake
 * address through the local SMTP stand-in, and a forged one that fails DMARC; the intake log shows
 * the first registered and the second refused with its reason, and the common settings list the
 * address and the link, in both languages.
 */
const shot = shotsIn('/tmp/shots-intake');

const requestFile = (page: Page, name: string) => page.locator(`[data-testid="request-file"][data-name="${name}"]`).locator('xpath=ancestor::tr');

test('a stranger sends files through a request link, and mail to an intake address is in the intake log', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  const folder = await drive.folder(`Incoming ${run}`);
  // Already in the folder: the sender never sees it, and a file of the same name is numbered.
  await drive.file('請求書.pdf', folder.id, 'application/pdf', '%PDF-1 existing');
  await drive.file(`secret-${run}.txt`, folder.id);
  const { url_path: urlPath } = await admin.ok('com_drive/file_request_create_btn', {
    folder_id: folder.id,
    title: `Invoices for November ${run}`,
    message: 'Please send the November invoices.',
    max_files: 5,
    allowed_kinds: ['pdf', 'text'],
    password: 'e2e-request-pw',
  });

  // A stranger: a fresh browser, nobody signed in.
  const stranger = await browser.newContext();
  const sender = await stranger.newPage();
  await sender.goto(urlPath);
  const shell = new AppShell(sender);
  await sender.getByTestId('request-page-password').locator('input').fill('e2e-request-pw');
  await control(sender, 'request-page-unlock').click();
  await expect(sender.getByRole('heading', { level: 1 })).toHaveText(`Invoices for November ${run}`);
  await expect(sender.getByTestId('request-page-message')).toHaveText('Please send the November invoices.');
  await expect(sender.getByTestId('request-page-kinds')).toHaveText('PDF, Text, XML and mail');
  await expect(sender.getByTestId('request-page-files-left')).toHaveText('5');
  await sender.getByTestId('request-page-sender').locator('input').fill('Suzuki <suzuki@partner.example>');
  await sender.getByTestId('request-page-choose').locator('input[type="file"]').setInputFiles([
    { name: '請求書.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1 sent') },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('two lines\nof notes\n') },
    { name: 'macro.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
  ]);
  // Checked in the browser before any call: the kind the link does not take stays, with the server's words.
  await expect(requestFile(sender, 'macro.exe')).toContainText('This link does not take this kind of file.');
  await expect(control(sender, 'request-page-send')).toHaveText('Send 2 files');
  await control(sender, 'request-page-send').click();
  await expect(requestFile(sender, '請求書.pdf')).toContainText('Sent as "請求書 (1).pdf"');
  await expect(requestFile(sender, 'notes.txt')).toContainText('Sent');
  await expect(sender.getByTestId('request-page-done')).toHaveText('2 files were sent. You may close this page, or send more.');
  await expect(sender.getByTestId('request-page-files-left')).toHaveText('3');
  // Only the sender's own files: never the folder's.
  await expect(sender.getByText(`secret-${run}.txt`)).toHaveCount(0);
  await expect(sender.locator('[data-testid="request-file"]')).toHaveCount(3);
  await shot(sender, 'request-page-en');
  await expectAccessible(sender, '/request/:kykId/:token');
  await shell.switchLanguage('ja');
  await expect(requestFile(sender, 'notes.txt')).toContainText('送付済み');
  await expect(requestFile(sender, 'macro.exe')).toContainText('このリンクでは、この種類のファイルは受け付けていません。');
  await expect(sender.getByText('受付可能なファイル数')).toBeVisible();
  await shot(sender, 'request-page-ja');
  // A mistyped link is refused on the whole page, in the language chosen.
  await sender.goto(`${urlPath.slice(0, -3)}xyz`);
  await expect(sender.getByTestId('request-page-refused')).toContainText('このリンクは存在しません。');
  await stranger.close();
  expect(await drive.names(folder.id)).toEqual(expect.arrayContaining(['請求書.pdf', '請求書 (1).pdf', 'notes.txt']));

  // A mail to an intake address of the folder, through the local SMTP stand-in.
  const { address } = await admin.ok('com_drive/mail_address_save_btn', { folder_id: folder.id, document_style: 'e_trading', keep_mail: 1 });
  const mailIn = readStackFile(e2eDataDir)?.mailIn;
  expect(mailIn, 'npm start runs the SMTP stand-in').toBeDefined();
  const subject = `見積書 ${run}`;
  const forged = `Forged ${run}`;
  const smtp = nodemailer.createTransport({ host: mailIn!.host, port: mailIn!.port, secure: false, ignoreTLS: true });
  await smtp.sendMail({
    from: 'partner@partner.example',
    to: address.address,
    subject,
    text: 'Attached.',
    headers: { 'X-Local-Verdicts': 'spf=pass; dkim=pass; dmarc=pass' },
    attachments: [{ filename: `見積書-${run}.pdf`, content: Buffer.from('%PDF-1 quote'), contentType: 'application/pdf' }],
  });
  // From is forgeable when DMARC fails: refused, and the log says why.
  await smtp.sendMail({
    from: 'ceo@partner.example',
    to: address.address,
    subject: forged,
    text: 'Pay this.',
    headers: { 'X-Local-Verdicts': 'spf=fail; dkim=fail; dmarc=fail' },
    attachments: [{ filename: 'pay.pdf', content: Buffer.from('%PDF-1 pay'), contentType: 'application/pdf' }],
  });

  const adminId = uniqueUserId('iadm');
  await signInInBrowser(page, request, adminId, await createAdministrator(admin, adminId));
  const app = new AppShell(page);
  await page.goto('/intake-log');
  const log = locate(page, cloudscape.findTable(byTestId('intake-log-table')));
  const row = log.locator('tr', { hasText: subject });
  await expect(async () => {
    await control(page, 'intake-log-refresh').click();
    await expect(row).toContainText('Registered', { timeout: 2_000 });
    await expect(log.locator('tr', { hasText: forged })).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('partner@partner.example');
  await expect(row).toContainText(address.address);
  await expect(row).toContainText(`見積書-${run}.pdf`);
  await expect(row).toContainText('[mail]');
  await expect(row).toContainText('DMARC pass');
  const refused = log.locator('tr', { hasText: forged });
  await expect(refused).toContainText('Refused');
  await expect(refused).toContainText('The mail failed DMARC: its sender may be forged.');
  await expect(refused).toContainText('DMARC fail');
  await shot(page, 'intake-log-en');
  await expectAccessible(page, '/intake-log');

  await page.goto('/common-settings');
  const receiving = page.getByTestId('settings-receiving');
  await expect(receiving.locator(`[data-testid="settings-intake-address"][data-address-id="${address.address_id}"]`)).toContainText(address.address);
  await expect(receiving.getByTestId('settings-file-requests')).toContainText(`Invoices for November ${run}`);
  await expect(receiving.getByTestId('settings-file-requests').locator('tr', { hasText: `Invoices for November ${run}` })).toContainText('2 of 5');
  await shot(page, 'settings-receiving-en');
  await app.switchLanguage('ja');
  await expect(receiving).toContainText('書類の受け取り');
  await expect(receiving).toContainText('電子取引');
  await shot(page, 'settings-receiving-ja');
  await receiving.getByTestId('settings-intake-log-link').click();
  await expect(page).toHaveURL(/\/intake-log$/);
  await expect(row).toContainText('登録済み');
  await expect(refused).toContainText('DMARC の検証に失敗しました。送信者が偽装されている可能性があります。');
  await expect(log).toContainText('受信日時');
  await shot(page, 'intake-log-ja');
});
