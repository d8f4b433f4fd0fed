import { expect, test } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { BookkeepingDialogs } from './pages/bookkeeping-pages.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { byTestId, cloudscape, control, locate } from './pages/cloudscape.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';
import { expectAccessible } from './pages/a11y.ts';

const shot = shotsIn('/tmp/shots/reading');

/** A generated invoice (no customer's document): Japanese, with its issuer's registration number, printed by Chromium with a real text layer. */
const invoiceHtml = (recipient: string) => `<!doctype html><html><body style="font-family:'Noto Sans CJK JP',sans-serif;padding:40px;font-size:16px">
<h1 style="text-align:center;letter-spacing:.4em">請求書</h1>
<div style="display:flex;justify-content:space-between;align-items:flex-start">
  <p style="font-size:19px;border-bottom:1px solid #333">${recipient} 御中</p>
  <p style="text-align:right">請求日 令和6年4月1日<br>株式会社テスト工業<br>〒100-0005 東京都千代田区丸の内1-2-3<br>登録番号 T7000012050002</p>
</div>
<table style="width:100%;border-collapse:collapse" border="1"><tr><th>品目</th><th>数量</th><th>金額</th></tr>
<tr><td>コピー用紙</td><td>10</td><td>¥5,000</td></tr><tr><td>トナー</td><td>2</td><td>¥12,000</td></tr></table>
<p style="text-align:right">小計 ¥17,000<br>消費税(10%) ¥1,700<br><b>合計 ¥18,700</b></p>
<p>お支払期限 2024年4月30日</p></body></html>`;

/**
 * Issue 29: a file uploaded in simple mode is read (its PDF text layer), marked "Fields read —
 * confirm" in the list, and its Edit details offers the read values beside the fields, with the line
 * each came from and the checks; in English and then Japanese. "Use all read values" fills them and
 * the save is a confirmation: no reason asked, the marker gone, the history naming each value's source.
 */
test('offers the fields read from an uploaded invoice and saves them as confirmed', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId('reading');
  const { temporary_password } = await admin.createUser(userId, { drive: 3 });
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, temporary_password!);
  await new ChangePasswordPage(page).change(`Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`);

  const printer = await browser.newPage();
  await printer.setContent(invoiceHtml('株式会社みなと商事'));
  const invoice = { name: `請求書-${Date.now().toString(36)}.pdf`, mimeType: 'application/pdf', buffer: await printer.pdf({ format: 'A4' }) };
  await printer.close();

  const drive = new DrivePage(page);
  await drive.expectLoaded();
  await drive.switchLanguage('en');
  const folderName = `Reading ${Date.now()}`;
  await drive.createFolder(folderName);
  await drive.openFolder(folderName);
  await drive.upload(invoice);
  await expect(drive.row(invoice.name, 'ready')).toBeVisible({ timeout: 30_000 });
  // The file is ready before its fields: the marker comes when the reading does (the list asks again).
  const marker = drive.row(invoice.name).locator('[data-testid="marker-fields_read"]');
  await expect(marker).toBeVisible({ timeout: 60_000 });
  await shot(page, 'list-marker-en');

  const dialogs = new BookkeepingDialogs(page);
  await marker.click();
  await expect(dialogs.editDialog()).toBeVisible();
  const suggestion = (field: string) => dialogs.editDialog().locator(`[data-testid="read-suggestion-${field}"]`);
  await expect(suggestion('transaction_amount')).toContainText('18,700');
  await expect(suggestion('transaction_date')).toContainText('2024');
  await expect(suggestion('invoice_number')).toContainText('T7000012050002');
  await expect(suggestion('provider')).toContainText('株式会社テスト工業');
  await expect(suggestion('recipient')).toContainText('株式会社みなと商事');
  await expect(dialogs.editDialog().locator('[data-testid="read-check-sum"]')).toHaveAttribute('data-result', 'ok');
  // The page with the line the value came from outlined.
  await expect(dialogs.editDialog().locator('[data-testid="read-page"]')).toHaveAttribute('data-loaded', 'true', { timeout: 15_000 });
  await suggestion('transaction_amount').hover();
  await expect(dialogs.editDialog().locator('[data-testid="read-page-region"]')).toBeVisible();
  await shot(page, 'edit-suggestions-en');
  await expectAccessible(page, 'edit details with read values');
  await dialogs.cancelEdit();

  // The same in Japanese.
  await drive.switchLanguage('ja');
  await drive.row(invoice.name).locator('[data-testid="marker-fields_read"]').click();
  await expect(dialogs.editDialog()).toBeVisible();
  await expect(dialogs.editDialog().locator('[data-testid="read-summary"]')).toContainText('書類の読取結果');
  await expect(suggestion('transaction_amount')).toContainText('18,700');
  await shot(page, 'edit-suggestions-ja');

  // Filed as an electronic transaction with every read value: a confirmation (no reason asked), recorded with its sources.
  const style = cloudscape.findModal(byTestId('edit-details-modal')).findContent().findSelect(byTestId('edit-style'));
  await locate(page, style.findTrigger()).click();
  await locate(page, style.findDropdown().findOptionByValue('e_trading')).click();
  await control(page, 'read-use-all').click();
  await expect(dialogs.editDialog().locator('[data-testid="edit-amount"] input')).toHaveValue('18700');
  await expect(dialogs.editDialog().locator('[data-testid="edit-reason"]')).toHaveCount(0);
  await expect(control(page, 'edit-details-note')).toHaveAttribute('data-confirmation', 'true');
  await shot(page, 'edit-used-ja');
  await dialogs.saveEdit();
  await expect(dialogs.editDialog()).toHaveCount(0);
  await expect(drive.row(invoice.name).locator('[data-testid="marker-fields_read"]')).toHaveCount(0);

  const folderId = new URL(page.url()).searchParams.get('folder')!;
  const stored = (await admin.ok('com_drive/drive_info', { folder_id: folderId })).items.find((item) => item.name === invoice.name)!;
  expect(stored).toMatchObject({ document_style: 'e_trading', transaction_date: '2024-04-01', transaction_amount: 18700, provider: '株式会社テスト工業', recipient: '株式会社みなと商事', invoice_number: 'T7000012050002' });
  expect(stored.fields_read).toBeUndefined();
  const history = await admin.ok('com_drive/document_history', { id: stored.id });
  expect(history.records.find((record) => record.kind === 'confirmation')).toMatchObject({ user_id: userId, reason: null });
  await drive.switchLanguage('en');
});
