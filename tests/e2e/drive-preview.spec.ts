import sharp from 'sharp';
import { strToU8, zipSync } from 'fflate';
import { expect, test } from './fixtures.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { cloudscape, control, locate } from './pages/cloudscape.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';
import { AccessLogPage } from './pages/usage-pages.ts';
import { minimalPdf } from '../integration/support/pdf.ts';

const shot = shotsIn('/tmp/shots/preview');

/**
 * Issue 11 item 4: the preview pane of the drive page. An image (thumbnail in the details panel,
 * fit and zoom), a PDF (pages and zoom, drawn by pdfjs-dist in the browser), a Shift_JIS CSV as a
 * table, an Office file by its icon and properties, and a ".png" whose bytes are HTML refused with
 * the server's reason; in English and Japanese. The fixtures' CSP check fails the walk on any violation.
 */
test('previews images, PDF, CSV and Office files, and refuses a file that lies about its type', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId('preview');
  const { temporary_password } = await admin.createUser(userId, { drive: 3 });
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, temporary_password!);
  await new ChangePasswordPage(page).change(`Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`);

  const drive = new DrivePage(page);
  await drive.expectLoaded();
  await drive.switchLanguage('en');
  const folderName = `Preview ${Date.now()}`;
  await drive.createFolder(folderName);
  await drive.openFolder(folderName);
  const folderId = new URL(page.url()).searchParams.get('folder')!;

  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .composite([{ input: Buffer.from('<svg width="1200" height="800"><circle cx="600" cy="400" r="250" fill="#f5c242"/></svg>') }])
    .png().toBuffer();
  const csv = Buffer.from([
    // 日付,取引先,金額 / 2026/01/05,株式会社サンプル,1200 in Shift_JIS
    0x93, 0xfa, 0x95, 0x74, 0x2c, 0x8e, 0xe6, 0x88, 0xf8, 0x90, 0xe6, 0x2c, 0x8b, 0xe0, 0x8a, 0x7a, 0x0a,
    ...Buffer.from('2026/01/05,'), 0x8a, 0x94, 0x8e, 0xae, 0x89, 0xef, 0x8e, 0xd0, 0x83, 0x54, 0x83, 0x93, 0x83, 0x76, 0x83, 0x8b, ...Buffer.from(',1200\n'),
  ]);
  const docx = Buffer.from(zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w:document/>') }));
  const files = [
    { name: 'photo.png', mimeType: 'image/png', buffer: photo },
    { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from(minimalPdf(3)) },
    { name: 'amounts.csv', mimeType: 'text/csv', buffer: csv },
    { name: 'contract.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx },
    { name: 'lying.png', mimeType: 'image/png', buffer: Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>') },
  ];
  for (const file of files) {
    await drive.upload(file);
    // The local stack makes the previews in its own process: an upload may wait for a render on a busy machine.
    await expect(drive.row(file.name, 'ready')).toBeVisible({ timeout: 30_000 });
  }
  // The previews are made when the bytes arrive; the listing shows them once they are recorded.
  await expect.poll(async () => (await admin.ok('com_drive/drive_info', { folder_id: folderId })).items.filter((item) => item.preview).length, { timeout: 30_000 }).toBe(files.length);
  await drive.refreshButton().click();

  const pane = page.getByTestId('preview-pane');
  const open = async (name: string) => {
    await drive.select(name);
    await control(page, 'preview-button').click();
    await expect(pane).toBeVisible();
  };
  const close = async () => {
    await control(page, 'preview-close').click();
    await expect(pane).toHaveCount(0);
  };

  // An image: the thumbnail in the details panel opens the pane; fit, then zoom.
  await drive.select('photo.png');
  await locate(page, cloudscape.findAppLayout().findSplitPanelOpenButton()).click();
  const thumbnail = page.getByTestId('details-thumbnail');
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.evaluate((image: { naturalWidth: number; naturalHeight: number }) => [image.naturalWidth, image.naturalHeight])).toEqual([320, 213]);
  await shot(page, 'details-thumbnail-en');
  await page.getByTestId('details-thumbnail-open').click();
  await expect(pane).toHaveAttribute('data-kind', 'image');
  const image = page.getByTestId('preview-image');
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: { naturalWidth: number }) => element.naturalWidth)).toBe(1200);
  await expect(page.getByTestId('preview-zoom')).toHaveText('Fit to window');
  await expect(pane).toContainText('1200 × 800 px');
  await shot(page, 'image-fit-en');
  await control(page, 'preview-fit').click();
  await expect(page.getByTestId('preview-zoom')).toHaveText('Zoom 100%');
  await control(page, 'preview-zoom-in').click();
  await expect(page.getByTestId('preview-zoom')).toHaveText('Zoom 150%');
  expect(Math.round((await image.boundingBox())!.width)).toBe(1800);
  await shot(page, 'image-zoomed-en');
  await control(page, 'preview-fit').click();
  await expect(page.getByTestId('preview-zoom')).toHaveText('Fit to window');
  await close();

  // A PDF: drawn in the browser, three pages, next page and zoom.
  await open('invoice.pdf');
  await expect(pane).toHaveAttribute('data-kind', 'pdf');
  await expect(page.getByTestId('preview-page')).toHaveText('Page 1 of 3');
  const canvas = page.getByTestId('preview-pdf-canvas');
  await expect(canvas).toBeVisible();
  const widthAt100 = (await canvas.boundingBox())!.width;
  expect(Math.round(widthAt100)).toBe(300);
  await control(page, 'preview-next-page').click();
  await expect(page.getByTestId('preview-page')).toHaveText('Page 2 of 3');
  await expect(canvas).toHaveAttribute('data-page', '2');
  await control(page, 'preview-zoom-in').click();
  await expect(page.getByTestId('preview-zoom')).toHaveText('Zoom 125%');
  await expect.poll(async () => Math.round((await canvas.boundingBox())!.width)).toBe(375);
  // The page was really drawn: the blue rectangle is on the canvas.
  const blue = await canvas.evaluate((element: { width: number; height: number; getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null }) => {
    const data = element.getContext('2d')!.getImageData(Math.floor(element.width / 2), Math.floor(element.height * 0.6), 1, 1).data;
    return [data[0], data[1], data[2]];
  });
  expect(blue).toEqual([0, 0, 255]);
  await shot(page, 'pdf-page2-en');
  await close();

  // A Shift_JIS CSV as a table.
  await open('amounts.csv');
  await expect(pane).toHaveAttribute('data-kind', 'csv');
  const table = page.getByTestId('preview-csv');
  await expect(table.getByRole('columnheader')).toHaveText(['日付', '取引先', '金額']);
  await expect(table.getByRole('row').nth(1)).toContainText('株式会社サンプル');
  await expect(page.getByTestId('preview-notes')).toHaveText('Character encoding: Shift_JIS');
  await shot(page, 'csv-en');
  await close();

  // An Office file: its icon and properties.
  await open('contract.docx');
  await expect(pane).toHaveAttribute('data-kind', 'office');
  await expect(page.getByTestId('preview-icon')).toHaveAttribute('data-kind', 'word');
  await expect(page.getByTestId('preview-properties')).toContainText('General document');
  await shot(page, 'office-en');
  await close();

  // A ".png" whose bytes are HTML: refused with the reason, never shown.
  await open('lying.png');
  await expect(pane).toHaveAttribute('data-state', 'refused');
  await expect(page.getByTestId('preview-refused')).toHaveText(
    '"lying.png" cannot be previewed: its contents are not what its name says (they look like html). Download it only if you trust where it came from.',
  );
  await expect(page.getByTestId('preview-image')).toHaveCount(0);
  await shot(page, 'refused-en');
  await close();

  // Japanese.
  await drive.switchLanguage('ja');
  await open('invoice.pdf');
  await expect(page.getByTestId('preview-page')).toHaveText('1 / 3 ページ');
  await expect(pane).toHaveAttribute('data-kind', 'pdf');
  await expect(canvas).toBeVisible();
  await shot(page, 'pdf-ja');
  await close();
  await open('amounts.csv');
  await expect(page.getByTestId('preview-notes')).toHaveText('文字コード: Shift_JIS');
  await shot(page, 'csv-ja');
  await close();
  await open('lying.png');
  await expect(page.getByTestId('preview-refused')).toContainText('「lying.png」はプレビューできません。');
  await shot(page, 'refused-ja');
  await close();
  await open('contract.docx');
  await expect(pane).toContainText('Office ファイルはここには表示されません。');
  await shot(page, 'office-ja');
  await close();

  // The access log page shows the previews, in Japanese here ("プレビュー"), then in English.
  const accessLog = new AccessLogPage(page);
  await accessLog.openFromNavigation();
  await expect(accessLog.rowsOf('contract.docx')).toHaveCount(1);
  await expect(accessLog.rowsOf('invoice.pdf').filter({ hasText: 'プレビュー' })).toHaveCount(2);
  await shot(page, 'access-log-ja');
  await drive.switchLanguage('en');
  await expect(accessLog.rowsOf('invoice.pdf').filter({ hasText: 'Previewed' })).toHaveCount(2);
  await expect(accessLog.rowsOf('lying.png').filter({ hasText: 'Previewed' })).toHaveCount(0);
  await shot(page, 'access-log-en');

  // Each opened preview is in the access log as a preview (never as a download).
  const log = await admin.ok('com_drive/access_log', { action: 'preview' });
  const previewed = log.events.filter((event) => event.user_id === userId).map((event) => event.item_name);
  expect(new Set(previewed)).toEqual(new Set(['photo.png', 'invoice.pdf', 'amounts.csv']));
  const downloads = await admin.ok('com_drive/access_log', { action: 'download' });
  expect(downloads.events.filter((event) => event.user_id === userId)).toEqual([]);
});
