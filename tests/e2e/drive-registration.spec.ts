import { expect, test } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { UserApi } from './pages/drive-api.ts';
import { DrivePage } from './pages/drive-page.ts';
import { DriveListsPanel } from './pages/lists-pages.ts';
import { LoginPage } from './pages/login-page.ts';
import { RegistrationDialog } from './pages/registration-dialog.ts';
import { shot, uniqueUserId } from './pages/shots.ts';

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4 ${name}`) });

/**
 * Issue 10 item 2: detailed registration. Two invoices get their document style, transaction date
 * and amount, partners and a tag; "Copy to all files" fills the second from the first; a bad amount
 * is refused under its field before anything is sent; what was given is stored on each file.
 */
test('registers files with details, copies the values to all files and refuses a bad amount', async ({ page, request }) => {
  test.setTimeout(150_000);
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId('detail');
  const { temporary_password } = await admin.createUser(userId, { drive: 2 });
  const password = `Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`;
  // The user's private tag, made through the API before the browser signs in (a sign-in ends other sessions).
  const user = new UserApi(request);
  await user.signInAs(DEMO_KYK_ID, userId, temporary_password!, password);
  const tagName = `Invoices ${Date.now().toString(36)}`;
  const { tag } = await user.ok('com_drive/tag_create_btn', { name: tagName, scope: 'private' });
  // The user registers in detail by default (the profile's file registration method).
  await user.ok('com/user_info_file_regist_change', { file_regist_method: 1 });

  const login = new LoginPage(page);
  await login.open();
  // The API's session is still there: the page offers to end it.
  await login.signInEndingOtherSessions(DEMO_KYK_ID, userId, password);
  const drive = new DrivePage(page);
  const dialog = new RegistrationDialog(page);
  await drive.expectLoaded();
  await drive.switchLanguage('en');
  const folderName = `Invoices ${Date.now()}`;
  await drive.createFolder(folderName);
  await drive.openFolder(folderName);
  const folderId = new URL(page.url()).searchParams.get('folder')!;

  // Upload opens the detailed registration; the menu offers the simple one.
  await dialog.openUploadMenu();
  await expect(dialog.menuItem('simple')).toContainText('Upload without details');
  await page.keyboard.press('Escape');
  await dialog.chooseThroughUpload([pdf('invoice-0331.pdf'), pdf('invoice-0401.pdf')]);
  await expect(dialog.dialog()).toContainText('Upload 2 files with details');

  await dialog.setStyle(0, 'e_bookkeeping');
  await dialog.setDate(0, '2026/03/31');
  await dialog.setText(0, 'amount', '108,000');
  await dialog.setText(0, 'recipient', '株式会社テスト');
  await dialog.setText(0, 'provider', 'Example Ltd.');
  await dialog.chooseTag(0, tag.id);
  await dialog.copyToAll(0);
  await expect(dialog.dialog()).toContainText('The values of invoice-0331.pdf were copied to every file.');
  // The second invoice: its own date, and an amount that is not whole yen.
  await dialog.setDate(1, '2026/04/01');
  await dialog.setText(1, 'amount', '1.5');
  await dialog.submit();
  await expect(dialog.fieldError(1, 'amount')).toHaveText('The value is not valid.');
  await expect(dialog.formError()).toHaveText('1 file has values to correct.');
  await shot(page, 'detailed-registration-en');
  await dialog.setText(1, 'amount', '5000');
  await expect(dialog.formError()).toHaveCount(0);
  await dialog.submit();
  await dialog.skipConfirmations();
  await expect(dialog.dialog()).toHaveCount(0);
  await expect(drive.flash('2 files were uploaded.')).toBeVisible({ timeout: 30_000 });
  await expect(drive.row('invoice-0401.pdf', 'ready')).toBeVisible({ timeout: 30_000 });

  const stored = await admin.ok('com_drive/drive_info', { folder_id: folderId });
  const fieldsOf = (name: string) => {
    const item = stored.items.find((entry) => entry.name === name)!;
    return [item.document_style, item.transaction_date, item.transaction_amount, item.recipient, item.provider];
  };
  expect(fieldsOf('invoice-0331.pdf')).toEqual(['e_bookkeeping', '2026-03-31', 108000, '株式会社テスト', 'Example Ltd.']);
  expect(fieldsOf('invoice-0401.pdf')).toEqual(['e_bookkeeping', '2026-04-01', 5000, '株式会社テスト', 'Example Ltd.']);
  // The private tag is on both (the Tags column).
  await expect(drive.row('invoice-0331.pdf').locator('xpath=ancestor::tr')).toContainText(tagName);
  await expect(drive.row('invoice-0401.pdf').locator('xpath=ancestor::tr')).toContainText(tagName);

  // The details panel shows the document's fields.
  const lists = new DriveListsPanel(page);
  await drive.select('invoice-0331.pdf');
  await lists.openDetails();
  await expect(lists.details()).toContainText('Electronic bookkeeping');
  await expect(lists.details()).toContainText('31/03/2026');
  await expect(lists.details()).toContainText('¥108,000');
  await shot(page, 'details-document-fields-en');

  // Japanese: the dialog's texts.
  await drive.switchLanguage('ja');
  await dialog.choose([pdf('請求書.pdf')]);
  await expect(dialog.dialog()).toContainText('1件のファイルを詳細登録');
  await expect(dialog.dialog()).toContainText('取引年月日');
  await shot(page, 'detailed-registration-ja');
});
