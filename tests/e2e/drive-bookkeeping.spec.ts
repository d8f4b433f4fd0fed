import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { e2eDataDir } from './playwright.config.ts';
import { AdminApi } from './pages/admin-api.ts';
import { BookkeepingDialogs, EBookkeepingPage } from './pages/bookkeeping-pages.ts';
import { control } from './pages/cloudscape.ts';
import { DrivePage } from './pages/drive-page.ts';
import { DriveListsPanel } from './pages/lists-pages.ts';
import { LoginPage } from './pages/login-page.ts';
import { RegistrationDialog } from './pages/registration-dialog.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';
import { VersionsDialogs } from './pages/versions-dialogs.ts';
import { expectAccessible } from './pages/a11y.ts';

/**
 * Issue 12 (docs/e-bookkeeping.md), the SPA: an electronic-trading invoice registered with its date,
 * amount, partner and invoice registration number; its amount corrected with a reason (refused
 * without one); the version history with the reason, the hash and the correction's before → after;
 * a logical deletion with its reason; the administrators' page listing both with their reasons, and
 * the tax-office CSV with the document and a SHA-256. Screenshots in English and Japanese
 * (SHOTS_DIR, default /tmp/shots-ebk).
 */
const repoRoot = join(import.meta.dirname, '../..');
const password = 'Ebk-Passw0rd!x';
const shot = shotsIn('/tmp/shots-ebk');
const tenant = (...args: string[]) => execFileSync('npx', ['tsx', 'bin/tenant.ts', ...args], { cwd: repoRoot, env: { ...process.env, DATA_DIR: e2eDataDir }, stdio: 'pipe' });
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4 ${name} ${Date.now()}`) });
/** Today in Japan as the date pickers take it (YYYY/MM/DD). */
const japanToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

test('registers, corrects with a reason, deletes with a reason, and finds both in the history and the tax-office export', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const kykId = uniqueUserId('ebk');
  tenant('create', kykId, '--admin', 'keeper', '--password', password, '--email', `keeper-${kykId}@example.com`, '--admin-name', 'Book Keeper');

  const login = new LoginPage(page);
  await login.open();
  await login.signIn(kykId, 'keeper', password);
  await expect(page).toHaveURL(/\/storage/, { timeout: 30_000 });
  const drive = new DrivePage(page);
  const registration = new RegistrationDialog(page);
  const dialogs = new BookkeepingDialogs(page);
  const versions = new VersionsDialogs(page);
  const panel = new DriveListsPanel(page);
  await drive.expectLoaded();
  await drive.switchLanguage('en');

  // Detailed registration: an electronic-trading invoice and a scan received long ago.
  const invoice = `invoice-${kykId}.pdf`;
  const scan = `receipt-scan-${kykId}.pdf`;
  const today = japanToday();
  await registration.choose([pdf(invoice), pdf(scan)]);
  await registration.setStyle(0, 'e_trading');
  await registration.setDate(0, today.replaceAll('-', '/'));
  await registration.setText(0, 'amount', '108,000');
  await registration.setText(0, 'provider', 'Example Trading K.K.');
  // A registration number with a wrong check digit is refused under its field, before anything is sent.
  await control(page, 'detailed-invoice').first().locator('input').fill('T8000012050002');
  await registration.setStyle(1, 'scanner');
  await registration.setDate(1, today.replaceAll('-', '/'));
  await page.locator('[data-testid="detailed-file-1"] [data-testid="detailed-received"] input').fill('2026/01/05');
  await registration.submit();
  await expect(page.locator('[data-testid="detailed-file-0"] [data-testid="detailed-invoice-field"]')).toContainText('This registration number is not valid: its check digit does not match.');
  await expect(registration.dialog().locator('[data-testid="detailed-scanner-fields"]')).toContainText('Document grade');
  await shot(page, 'registration-scanner-en');
  // The NTA's own number (国税庁 7000012050002), typed as people do.
  await control(page, 'detailed-invoice').first().locator('input').fill('t7000012050002');
  await registration.submit();
  await registration.skipConfirmations();
  await expect(registration.dialog()).toHaveCount(0);
  await expect(drive.row(invoice, 'ready')).toBeVisible({ timeout: 30_000 });
  await expect(drive.row(scan, 'ready')).toBeVisible({ timeout: 30_000 });

  // The details panel: the invoice number, the retention; the scan's deadline, lateness and check.
  await drive.select(scan);
  await panel.openDetails();
  await expect(panel.details()).toContainText('Registered after the deadline');
  await expect(panel.details().locator('[data-testid="details-scanner-check"]')).toBeVisible();
  // The split panel scrolls on its own: its scanner fields brought into view for the picture.
  // The panel may render again as the file's checks arrive: scroll the element that is there then.
  await expect(async () => panel.details().locator('[data-testid="details-scanner-check"]').scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  await shot(page, 'details-scanner-en');
  await drive.select(invoice);
  await expect(panel.details().locator('[data-testid="details-invoice"]')).toHaveText('T7000012050002');
  await expect(panel.details().locator('[data-testid="details-retention"]')).toHaveText(/\d{2}\/\d{2}\/\d{4}/);

  // Correct the amount: without a reason the field says so; with one it becomes version 2.
  await dialogs.openEditFromDetails();
  await expect(dialogs.editDialog()).toContainText('Saving makes a new version');
  await dialogs.setEditText('amount', '110000');
  await dialogs.saveEdit();
  await expect(dialogs.reasonError('edit-reason')).toHaveText('Enter the reason: corrections and deletions of bookkeeping documents are recorded with it.');
  await shot(page, 'edit-details-reason-en');
  const correction = 'The amount was entered wrongly: corrected to the invoice.';
  await dialogs.setReason('edit-reason', correction);
  await dialogs.saveEdit();
  await expect(dialogs.editDialog()).toHaveCount(0);
  await expect(drive.flash(`The details of "${invoice}" were corrected as version 2.`)).toBeVisible();
  await expect(panel.details()).toContainText('¥110,000');

  // The version history: version 2 with its reason and kind, the hash; the correction's before → after.
  await versions.openHistory();
  await expect(versions.versionRows()).toHaveText(['Version 2', 'Version 1']);
  await expect(dialogs.versionReason(2)).toHaveText(correction);
  await expect(dialogs.versionKind(2)).toHaveText('Details corrected');
  await expect(dialogs.versionSha(1)).toHaveAttribute('data-sha256', /^[0-9a-f]{64}$/);
  await shot(page, 'version-history-en');
  await dialogs.openCorrectionTab();
  const correctionRow = dialogs.documentHistory().locator('tr', { hasText: correction });
  await expect(correctionRow).toContainText('Correction');
  await expect(correctionRow).toContainText('Transaction amount: ¥108,000 → ¥110,000');
  await shot(page, 'version-history-corrections-en');
  await versions.closeHistory();

  // Japanese: the edit dialog with its reason, and the history.
  await drive.switchLanguage('ja');
  await dialogs.openEditFromDetails();
  await expect(dialogs.editDialog()).toContainText('訂正の理由');
  await dialogs.setEditText('recipient', '株式会社サンプル');
  await dialogs.saveEdit();
  await expect(dialogs.reasonError('edit-reason')).toBeVisible();
  await shot(page, 'edit-details-reason-ja');
  await dialogs.cancelEdit();
  await versions.openHistory();
  await expect(versions.versionRows()).toHaveText(['第 2 版', '第 1 版']);
  await expect(dialogs.versionKind(2)).toHaveText('属性の訂正');
  await shot(page, 'version-history-ja');
  await dialogs.openCorrectionTab();
  await expect(dialogs.documentHistory()).toContainText('取引金額: ¥108,000 → ¥110,000');
  await shot(page, 'version-history-corrections-ja');
  await versions.closeHistory();
  await registration.choose([pdf('スキャン.pdf')]);
  await registration.setStyle(0, 'scanner');
  await expect(registration.dialog()).toContainText('受領日');
  await shot(page, 'registration-scanner-ja');
  await control(page, 'detailed-cancel').click();
  await drive.switchLanguage('en');

  // Restoring version 1 is a correction too: it asks for its reason.
  await versions.openHistory();
  await versions.restoreVersion(1);
  await expect(dialogs.reasonError('version-restore-reason')).toBeVisible();
  const restoreReason = 'The first amount was right after all.';
  await dialogs.setReason('version-restore-reason', restoreReason);
  await control(page, 'version-restore-submit').click();
  await expect(versions.versionRows()).toHaveText(['Version 3', 'Version 2', 'Version 1']);
  await expect(dialogs.versionReason(3)).toHaveText(restoreReason);
  await versions.closeHistory();

  // The same name uploaded again, kept as an old version: a new version of a bookkeeping document needs a reason.
  const api = await AdminApi.ofBrowser(request, page.context());
  const versionNow = async () => (await api.ok('com_drive/drive_info', { page_size: 1000 })).items.find((entry) => entry.name === invoice)?.version ?? 0;
  const versionBefore = await versionNow();
  await drive.upload(pdf(invoice));
  await expect(versions.choice(0, 'Keep the old one as an old version')).toBeChecked();
  await control(page, 'duplicate-submit').click();
  await expect(dialogs.reasonError('duplicate-reason')).toBeVisible();
  await dialogs.setReason('duplicate-reason', 'The partner sent a signed copy.');
  await shot(page, 'duplicate-reason-en');
  await versions.confirmUpload();
  await expect(drive.flash(`${invoice} was uploaded.`)).toBeVisible({ timeout: 30_000 });
  // The storage event confirms the new version in the background (a new row_version); the delete
  // below sends the row_version the list shows, so the page is read again once that confirmation is in
  // (acting on the older one is answered -201, "edited by another user", as for any stale row).
  await expect.poll(versionNow, { timeout: 20_000 }).toBeGreaterThan(versionBefore);
  await page.reload();
  await drive.expectLoaded();
  await expect(drive.row(invoice)).toBeVisible();
  await drive.select(invoice);

  // Delete: the bookkeeping document needs a reason; it is deleted logically.
  await drive.moveToTrash({ confirm: false });
  await expect(drive.trashModal()).toContainText('is a bookkeeping document');
  await drive.confirmTrash();
  await expect(dialogs.reasonError('trash-reason')).toBeVisible();
  const deletion = 'Sent twice by the partner: the duplicate is removed.';
  await dialogs.setReason('trash-reason', deletion);
  await shot(page, 'trash-reason-en');
  await drive.confirmTrash();
  await expect(drive.trashModal()).toHaveCount(0);
  await expect(drive.row(invoice)).toHaveCount(0);

  // The administrators' page: the correction and the deletion with their reasons.
  const ebk = new EBookkeepingPage(page);
  await ebk.openFromNavigation();
  const rows = ebk.historyRows(invoice);
  await expect(rows.filter({ hasText: correction })).toContainText('Correction');
  await expect(rows.filter({ hasText: deletion })).toContainText('Deletion');
  await expect(rows.filter({ hasText: correction })).toContainText('Transaction amount: ¥108,000 → ¥110,000');
  await shot(page, 'e-bookkeeping-history-en');
  await expectAccessible(page, '/e-bookkeeping');
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'e-bookkeeping-history-print-en');
  await page.emulateMedia({ media: 'screen' });

  // The tax-office export: this month's transactions, deleted ones included, as CSV.
  await ebk.openTab('export');
  await ebk.startExport();
  await expect(ebk.exportDone()).toBeVisible({ timeout: 60_000 });
  await shot(page, 'e-bookkeeping-export-en');
  const csv = await ebk.downloadExport();
  expect(csv.name).toMatch(/\.csv$/);
  const text = csv.bytes.toString('utf8');
  expect(text).toContain(invoice);
  expect(text).toMatch(/\b[0-9a-f]{64}\b/);

  // Late scans: the scan received in January.
  await ebk.openTab('late');
  await expect(ebk.lateTable()).toContainText(scan);
  await shot(page, 'e-bookkeeping-late-en');

  // Japanese.
  await ebk.switchLanguage('ja');
  await expect(ebk.lateTable()).toContainText('受領日');
  await shot(page, 'e-bookkeeping-late-ja');
  await ebk.openTab('export');
  await expect(page.getByText('論理削除された文書を含める')).toBeVisible();
  await shot(page, 'e-bookkeeping-export-ja');
  await ebk.openTab('history');
  await expect(ebk.historyRows(invoice).filter({ hasText: deletion })).toContainText('削除');
  await shot(page, 'e-bookkeeping-history-ja');
  await ebk.switchLanguage('en');
});
