import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { demoPassword } from './playwright.config.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { DrivePage } from './pages/drive-page.ts';
import { HomePage, ManualPage } from './pages/home-pages.ts';
import { LoginPage } from './pages/login-page.ts';
import { ProfilePage } from './pages/profile-page.ts';
import { expectAccessible } from './pages/a11y.ts';
import { shotsIn } from './pages/shots.ts';

const shot = shotsIn('/tmp/shots/home');

test.use({ viewport: { width: 1280, height: 900 } });

/**
 * The demo administrator's home page in English and Japanese: the shortcuts, a file just used
 * among the recent files and the favourites, the data usage and the administration links; then
 * the manual from the user menu, with the administration section and its download.
 */
test('home page and manual, in English and Japanese', async ({ page, request }) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  const drive = new DrivePage(page);
  const home = new HomePage(page);
  const manual = new ManualPage(page);
  await login.open();
  await login.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
  await drive.expectLoaded();
  await drive.switchLanguage('en');

  // A folder of its own, starred, so both lists have an entry this walk made.
  const api = await AdminApi.ofBrowser(request, page.context());
  const name = `Home walk ${Date.now().toString(36)}`;
  const folder = await api.ok('com_drive/folder_reg_btn', { parent_id: 'root', name });
  await api.ok('com_drive/favorite_add_btn', { id: folder.item.id });

  try {
    await home.open();
    await expect(home.heading()).toHaveText(/^Welcome, /);
    for (const shortcut of ['drive', 'upload', 'search', 'manual'] as const) await expect(home.shortcut(shortcut)).toBeVisible();
    await expect(home.listEntry('favorites', name)).toBeVisible();
    await expect(home.section('recent')).toBeVisible();
    await expect(home.section('usage')).toContainText('Data usage');
    await expect(home.section('admin')).toContainText('Accounts');
    await shot(page, 'home-en');
    await expectAccessible(page, '/');

    await home.switchLanguage('ja');
    await expect(home.heading()).toHaveText(/^ようこそ、/);
    await expect(home.section('shortcuts')).toContainText('ドライブを開く');
    await expect(home.section('usage')).toContainText('データ使用量');
    await shot(page, 'home-ja');

    await home.openManualFromUserMenu();
    await expect(page).toHaveURL(/\/manual$/);
    await expect(manual.heading()).toHaveText('共通ドライブ 利用マニュアル');
    await expect(manual.section('administration')).toContainText('管理者向け');
    await expect(manual.edition()).toContainText('日本語');
    await shot(page, 'manual-ja');

    await manual.switchLanguage('en');
    await expect(manual.heading()).toHaveText('Common Drive: user manual');
    await expect(manual.section('sign-in')).toContainText('contract ID');
    const downloading = page.waitForEvent('download');
    await manual.downloadButton().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('com-drive-manual-en.html');
    expect(await readFile(await download.path(), 'utf8')).toContain('<h1>Common Drive: user manual</h1>');
    await shot(page, 'manual-en');
    await expectAccessible(page, '/manual');

    // The storage on the common settings (read-only) and the display settings on the profile.
    await page.goto('/common-settings');
    await expect(page.getByTestId('settings-storage')).toContainText('No quota');
    await shot(page, 'common-settings-en');
    await page.goto('/profile');
    await expect(page.getByTestId('profile-display')).toContainText('Rows per page');
    await home.switchLanguage('ja');
    await expect(page.getByTestId('profile-display')).toContainText('1ページの行数');
    await shot(page, 'profile-ja');
    await page.goto('/common-settings');
    await expect(page.getByTestId('settings-storage')).toContainText('上限なし');
    await shot(page, 'common-settings-ja');
    await home.switchLanguage('en');

    // Cloudscape's dark mode and compact density from the profile: applied at once, kept on the
    // server across a reload, and the home page still passes the axe check (contrast in dark colours).
    const profile = new ProfilePage(page);
    await profile.open();
    await profile.displayOption('visual-mode', 'dark').click();
    await expect(profile.displaySaved()).toBeVisible();
    await profile.displayOption('density', 'compact').click();
    await expect(page.locator('body')).toHaveClass(/\bawsui-dark-mode\b/);
    await expect(page.locator('body')).toHaveClass(/\bawsui-compact-mode\b/);
    await expect.poll(async () => (await api.ok('com/user_setting_info', {})).settings).toMatchObject({ visual_mode: 'dark', density: 'compact' });
    await page.evaluate('localStorage.clear()');
    await home.open();
    await expect(home.heading()).toHaveText(/^Welcome, /);
    await expect(page.locator('body')).toHaveClass(/\bawsui-dark-mode\b/);
    await expect(page.locator('body')).toHaveClass(/\bawsui-compact-mode\b/);
    await shot(page, 'home-dark-compact-en');
    await expectAccessible(page, '/ (dark, compact)');
    await profile.open();
    await profile.displayOption('visual-mode', 'light').click();
    await profile.displayOption('density', 'comfortable').click();
    await expect(page.locator('body')).not.toHaveClass(/\bawsui-dark-mode\b/);
    await expect(page.locator('body')).not.toHaveClass(/\bawsui-compact-mode\b/);

    // The shortcut opens the drive.
    await home.open();
    await home.shortcut('drive').click();
    await drive.expectLoaded();
  } finally {
    await api.ok('com/user_setting_save_btn', { visual_mode: 'system', density: 'comfortable' }).catch(() => undefined);
    await api.ok('com_drive/favorite_del_btn', { id: folder.item.id }).catch(() => undefined);
    await api.ok('com_drive/delete_btn', { items: [{ id: folder.item.id, row_version: folder.item.row_version, type: 'folder' }] }).catch(() => undefined);
  }
});
