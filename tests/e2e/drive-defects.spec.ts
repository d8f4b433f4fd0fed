import { expect, test } from './fixtures.ts';
import { AdminApi } from './pages/admin-api.ts';
import { createAdministrator, DriveApi } from './pages/drive-api.ts';
import { byTestId, cloudscape, followSideNavigation, locate } from './pages/cloudscape.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { TrashPage } from './pages/trash-page.ts';
import { SearchPage } from './pages/search-page.ts';
import { DrivePage, driveAction } from './pages/drive-page.ts';
import { ShareDialog } from './pages/share-pages.ts';
import { expectAnnounced } from './pages/a11y.ts';

/** web/src/lib/notifications.ts NAVIGATION_GRACE_MS: a message younger than this came with the navigation. */
const NAVIGATION_GRACE_MS = 1500;

/**
 * Issue 28's defects in one walk (items 14, 15, 16, 23): the trash names a retained document's
 * retention end and refuses Delete forever for it before anyone types "confirm"; with a mixed
 * selection the dialog names the retained one and deletes the other; the success message stays on
 * the trash and does not follow the user to the search page, whose invoice-number field the server
 * checks and whose calendar starts on Monday, as a period picker's does; a new share link is
 * announced to screen readers and its state reads whole.
 */
test('the trash keeps retained documents up front, flashes stay on their page, calendars start on Monday', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);

  // A bookkeeping document (kept until 2033-05-31: fiscal year to March, 7 years) and a plain file, both trashed.
  const bytes = Buffer.from(`invoice ${run}\n`);
  const registered = await admin.ok('com_drive/file_reg_btn', {
    folder_id: 'root', name: `invoice ${run}.pdf`, size: bytes.byteLength, content_type: 'application/pdf',
    document_style: 'e_trading', transaction_date: '2026-03-31', transaction_amount: 108_000, provider: 'Test KK',
  });
  if (registered.upload.method !== 'PUT') throw new Error('small files go up in one PUT');
  expect((await request.put(registered.upload.url, { headers: registered.upload.headers, data: bytes })).status()).toBe(200);
  await expect.poll(async () => (await drive.fresh(registered.item.id)).status, { timeout: 15_000 }).toBe('ready');
  const invoice = await drive.fresh(registered.item.id);
  const memo = await drive.file(`memo ${run}.txt`);
  const folder = await drive.folder(`Outgoing ${run}`);
  const offer = await drive.file(`offer ${run}.txt`, folder.id);
  const seen = [invoice, memo].map(({ id, type, row_version }) => ({ id, type, row_version }));
  expect((await admin.ok('com_drive/delete_btn', { items: seen, reason: 'Registered by mistake' })).failed).toEqual([]);

  const userId = uniqueUserId('dfct');
  await signInInBrowser(page, request, userId, await createAdministrator(admin, userId));
  const trash = new TrashPage(page);
  await trash.openFromNavigation();
  await expect(trash.retainedUntil(invoice.name)).toHaveText('31/05/2033');
  await expect(trash.retainedUntil(memo.name)).toHaveCount(0);

  // Only the retained document: Delete forever is refused before any dialog, with the day it ends.
  await trash.select(invoice.name);
  await expect(trash.deleteForeverButton()).toBeDisabled();
  await trash.deleteForeverButton().hover();
  await expect(page.getByRole('tooltip')).toHaveText(`"${invoice.name}" must be kept until 31/05/2033 (Electronic Bookkeeping Act). It cannot be deleted forever before then.`);
  await shot(page, 'defects-trash-retained-en');

  // With the plain file: the dialog names the one it keeps and deletes the other.
  await trash.select(memo.name);
  await trash.deleteForeverButton().click();
  await expect(trash.confirmDialog()).toContainText(`Permanently delete "${memo.name}"?`);
  await expect(trash.keptInDialog()).toContainText(`${invoice.name}: kept until 31/05/2033`);
  await trash.confirm('confirm');
  await expect(trash.flash(`"${memo.name}" was deleted forever.`)).toBeVisible();
  await expect(trash.flash('1 document under retention stays in the trash.')).toBeVisible();
  await expect(trash.row(memo.name)).toHaveCount(0);
  await expect(trash.row(invoice.name)).toBeVisible();
  // Nothing can delete it for years: back in the drive, so the walks after this one find a trash they can empty.
  const kept = (await drive.trashed()).items.find((entry) => entry.id === invoice.id)!;
  expect((await admin.ok('com_drive/restore_btn', { items: [{ id: kept.id, row_version: kept.row_version }] })).failed).toEqual([]);

  // The message belongs to the trash: on another page it is gone (one that came with a navigation would stay).
  await page.waitForTimeout(NAVIGATION_GRACE_MS);
  await page.goto('/search-result');
  const search = new SearchPage(page);
  await expect(search.field('search-invoice-number')).toBeVisible();
  await expect(locate(page, cloudscape.findFlashbar().findItems())).toHaveCount(0);

  // The invoice number goes to the server, which checks its check digit.
  await search.fill('search-invoice-number', 'T1234567890123');
  await search.submit();
  await expect(page.getByText('This registration number is not valid: its check digit does not match.')).toBeVisible();

  // The calendar's week starts on Monday.
  const picker = cloudscape.findDatePicker(byTestId('search-date-from'));
  await locate(page, picker.findOpenCalendarButton()).click();
  await expect(locate(page, picker.findCalendar()).getByRole('columnheader').first()).toHaveText(/^Mon/);
  await shot(page, 'defects-search-calendar-en');
  await page.keyboard.press('Escape');

  // A period picker: its range in the language's date order, its week from Monday, its dropdown inside the window.
  await followSideNavigation(page, '/e-bookkeeping');
  const period = cloudscape.findDateRangePicker();
  const trigger = locate(page, period.findTrigger()).first();
  await expect(trigger).toHaveText(/^\d{2}\/\d{2}\/\d{4} — \d{2}\/\d{2}\/\d{4}$/);
  await trigger.click();
  const dropdown = locate(page, period.findDropdown({ expandToViewport: true })!);
  await expect(dropdown.getByRole('columnheader').first()).toHaveText(/^Mon/);
  const box = (await dropdown.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  expect(box.y + box.height).toBeLessThanOrEqual(768);
  await shot(page, 'defects-period-picker-en');
  await page.keyboard.press('Escape');

  // A new share link is said to a screen reader, and its state reads whole in the dialog's table.
  await page.goto('/storage');
  const storage = new DrivePage(page);
  await storage.expectLoaded();
  await storage.openFolder(folder.name);
  await storage.toggle(offer.name);
  await (await driveAction(page, 'share')).click();
  const dialog = new ShareDialog(page);
  await dialog.expectOpen(offer.name);
  await dialog.create();
  await expectAnnounced(page, 'Link created');
  const state = dialog.root().getByTestId('share-link-state').first();
  await expect(state).toHaveText('Active');
  // One line: the status indicator's icon and word side by side, never "Activ" over "e".
  expect((await state.boundingBox())!.height).toBeLessThan(30);
});
