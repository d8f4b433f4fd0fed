import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { AdminApi } from './pages/admin-api.ts';
import { createAdministrator, DriveApi } from './pages/drive-api.ts';
import { driveAction } from './pages/drive-page.ts';
import { DriveViews, registerFile, restrict, scanPng } from './pages/drive-views.ts';
import { expectAccessible, focused } from './pages/a11y.ts';
import { signInInBrowser } from './pages/sign-in.ts';
import { shotsIn, uniqueUserId } from './pages/shots.ts';

const shot = shotsIn('/tmp/shots/drive-grid');
const shooting = process.env.E2E_SHOTS === '1' || process.env.SHOTS_DIR !== undefined;

/**
 * Issue 28 items 2 and 13 (list part): the grid of tiles renders the same selection and actions as
 * the list (click, Ctrl-click, the checkbox, arrows, Space, Enter), with thumbnails, and is kept per
 * user; a restricted folder and a scan that failed its check carry their markers in both views;
 * "Needs attention" lists the failed and the late scans drive-wide.
 */
test('grid view, markers and Needs attention', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const run = Date.now().toString(36).slice(-5);
  const admin = new AdminApi(request);
  await admin.signIn();
  const drive = new DriveApi(admin, request);
  const folder = await drive.folder(`Grid ${run}`);
  const payroll = await drive.folder('Payroll', folder.id);
  await restrict(admin, payroll, 'admin');
  const photoBytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
  const photo = await registerFile(admin, request, folder.id, 'photo.png', photoBytes, {}, (item) => item.preview?.thumbnail === true);
  const low = await registerFile(admin, request, folder.id, `scan low ${run}.png`, await scanPng(150), { document_style: 'scanner' }, (item) => item.scanner_check !== undefined);
  const late = await registerFile(admin, request, folder.id, `scan late ${run}.png`, await scanPng(300), { document_style: 'scanner', received_date: '2026-01-05' }, (item) => item.scanner_check !== undefined);

  const userId = uniqueUserId('grid');
  await signInInBrowser(page, request, userId, await createAdministrator(admin, userId));
  await page.goto(`/storage?folder=${folder.id}`);
  const views = new DriveViews(page);

  // The list marks them in the name cell, each marker naming its rule.
  await expect(views.marker(views.listEntry('Payroll'), 'restricted')).toBeVisible();
  await expect(views.marker(views.listEntry(low.name), 'scanner_check')).toHaveAttribute('title', 'Scanner check failed: resolution below 200 dpi');
  await expect(views.marker(views.listEntry(late.name), 'late')).toHaveAttribute('title', 'Registered after its input deadline (15/01/2026)');
  await expect(views.marker(views.listEntry(low.name), 'retained')).toBeVisible();

  // The grid: the same entries, thumbnails for images, the same markers.
  await views.showGrid();
  await expect(views.tiles()).toHaveCount(4);
  await expect(views.tile(photo.name).getByTestId('tile-thumbnail')).toBeVisible();
  await expect(views.marker(views.tile('Payroll'), 'restricted')).toBeVisible();
  await expect(views.marker(views.tile(low.name), 'scanner_check')).toBeVisible();

  // Click selects one, Ctrl-click adds; the Actions menu follows the selection as it does for the list.
  await views.tile(photo.name).click();
  await expect(views.tile(photo.name)).toHaveAttribute('aria-selected', 'true');
  await expect(await driveAction(page, 'rename')).not.toHaveAttribute('aria-disabled', 'true');
  await views.closeMenu();
  await views.tile(low.name).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.locator('[data-testid="drive-tile"][aria-selected="true"]')).toHaveCount(2);
  await expect(await driveAction(page, 'rename')).toHaveAttribute('aria-disabled', 'true');
  await views.closeMenu();
  // The checkbox toggles one tile out again.
  await views.tile(low.name).getByTestId('drive-tile-check').click();
  await expect(page.locator('[data-testid="drive-tile"][aria-selected="true"]')).toHaveCount(1);
  // A right-click opens the page's context menu for the tile (selected first), with the same commands.
  await views.tile(late.name).click({ button: 'right' });
  await expect(views.tile(late.name)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('drive-context-menu').locator('[role="menuitem"][data-command="rename"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('drive-context-menu')).toHaveCount(0);
  // Shift-click extends from the last tile clicked: the photo, the late scan, the low one.
  await views.tile(photo.name).click();
  await views.tile(low.name).click({ modifiers: ['Shift'] });
  await expect(page.locator('[data-testid="drive-tile"][aria-selected="true"]')).toHaveCount(3);
  await views.tile(photo.name).click();

  // Keyboard: Home goes to the first tile (the folder), the arrows move, Space selects, Enter opens.
  await views.tile(photo.name).focus();
  await page.keyboard.press('Home');
  await expect(focused(page)).toHaveAttribute('data-item-name', 'Payroll');
  await page.keyboard.press('ArrowRight');
  await expect(focused(page)).toHaveAttribute('data-item-name', photo.name);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(page.locator('[data-testid="drive-tile"][aria-selected="true"]')).toHaveCount(2);
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('drive-folder-name')).toHaveText('Payroll');
  await shot(page, 'grid-folder-en', { fullPage: false });

  // The choice stays with the user.
  await page.goto(`/storage?folder=${folder.id}`);
  await expect(views.tile(photo.name).getByTestId('tile-thumbnail')).toBeVisible();
  await shot(page, 'grid-en', { fullPage: false });

  // A tile dragged onto a folder tile moves there, as a row does.
  await views.tile(photo.name).dragTo(views.tile('Payroll'));
  await expect(views.tile(photo.name)).toHaveCount(0);
  await expect(views.tiles()).toHaveCount(3);

  // Needs attention: the failed and the late scan, drive-wide; the photo is not among them.
  await views.attentionFilter().click();
  await expect(page.getByTestId('attention-active')).toBeVisible();
  await expect(views.tile(low.name)).toBeVisible();
  await expect(views.marker(views.tile(late.name), 'late')).toBeVisible();
  await expect(views.tile(photo.name)).toHaveCount(0);
  await shot(page, 'attention-en', { fullPage: false });
  await expectAccessible(page, 'drive needs attention grid');

  // Japanese, for the screenshots (npm run test:e2e:shots): the walk itself stays in English.
  if (!shooting) return;
  await views.switchLanguage('ja');
  await expect(views.attentionFilter()).toHaveText('要対応（表示中）');
  await shot(page, 'attention-ja', { fullPage: false });
  await page.goto(`/storage?folder=${folder.id}`);
  await expect(views.marker(views.tile(low.name), 'scanner_check')).toHaveAttribute('title', 'スキャナ保存の要件を満たしていません: 解像度が200dpi未満');
  await shot(page, 'grid-ja', { fullPage: false });
  await views.viewToggle().click();
  await expect(views.table()).toBeVisible();
  await shot(page, 'list-ja', { fullPage: false });
  await views.switchLanguage('en');
});
