import { defaultCommonSettings, type CommonSettings } from '#shared/schemas/settings.ts';
import { expect, test, type Page } from './fixtures.ts';
import { demoPassword } from './playwright.config.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { CommonSettingsPage } from './pages/common-settings-page.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { NoPermissionPage } from './pages/no-permission-page.ts';
import { shot, uniqueUserId } from './pages/shots.ts';

/** A screenshot from the top of the page (a full-page shot of a scrolled page repeats the sticky top bar). */
async function shotFromTop(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await shot(page, name);
}

const ABOVE_MAXIMUM = 'The default must not be more than the maximum.';
const RETENTION_MINIMUM = 'Enter at least 7 years: the legal minimum (Corporation Tax Act, Enforcement Regulations Article 59). Years with a loss carried forward need 10.';

// The narrowest desktop width the screens are made for.
test.use({ viewport: { width: 1280, height: 860 } });

/**
 * The common settings screen: the demo administrator sees the current values, is stopped by a link
 * maximum below its default (message on the default's field, focused), saves, finds the values after
 * a reload and through the API, and meets the conflict alert when the settings changed meanwhile.
 * The demo contract's settings are put back at the end (other walks share the contract).
 */
test('an administrator edits the common settings, with field errors and a stale save', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Leaving with unsaved edits (the finally block) may raise the browser's beforeunload prompt.
  page.on('dialog', (dialog) => void dialog.accept());
  const login = new LoginPage(page);
  const drive = new DrivePage(page);
  const settings = new CommonSettingsPage(page);
  await login.open();
  await login.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
  await drive.expectLoaded();
  await drive.switchLanguage('en');

  // The API in the browser's session: a forced sign-in would end it.
  const api = await AdminApi.ofBrowser(request, page.context());
  const before = await api.ok('com/common_setting_info', {});
  const current = before.settings;
  if (before.row_version === 0) expect(current).toEqual(defaultCommonSettings);

  try {
    // From the side navigation, with its breadcrumb.
    await settings.followNavigation('/common-settings');
    await settings.expectLoaded();
    await expect(settings.breadcrumbs()).toContainText('Common settings');
    await expect(settings.input('trash_retention_days')).toHaveValue(String(current.trash_retention_days));
    await expect(settings.input('link_default_days')).toHaveValue(String(current.link_default_days));
    await expect(settings.input('link_max_days')).toHaveValue(String(current.link_max_days));
    await expect(settings.input('retention_years')).toHaveValue(String(current.retention_years));
    await expect(settings.input('url_issuing')).toBeChecked({ checked: current.url_issuing === 1 });
    if (current.link_max_downloads === 0) await expect(settings.noLimit('link_max_downloads')).toHaveText('No limit');
    await expect(settings.month()).toContainText(new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, current.fiscal_year_end_month - 1, 1)));
    await expect(settings.taxActNote()).toContainText('7 years');
    await expect(settings.saveButton()).toBeDisabled();
    await shotFromTop(page, 'common-settings-en');

    // A maximum below the default: refused in the browser, on the default's field, which gets the focus.
    await settings.fill('trash_retention_days', '45');
    await settings.fill('link_default_days', '7');
    await settings.fill('link_max_days', '5');
    await settings.save();
    await expect(settings.fieldError('link_default_days')).toHaveText(ABOVE_MAXIMUM);
    await expect(settings.input('link_default_days')).toBeFocused();
    await expect(settings.form()).toHaveAttribute('data-row-version', String(before.row_version));

    // Leaving with the edits asks first.
    await settings.followNavigation('/list-user');
    await expect(settings.unsavedChangesModal()).toContainText('You have changed the common settings without saving.');
    await settings.stay();
    await expect(settings.input('trash_retention_days')).toHaveValue('45');

    // Fixed, with a few more changes: saved.
    await settings.fill('link_default_days', '3');
    await expect(settings.fieldError('link_default_days')).toHaveCount(0);
    await settings.fill('link_max_downloads', '20');
    await settings.fill('link_default_downloads', '5');
    await settings.fill('retention_years', '10');
    await settings.chooseMonth(12);
    await expect(settings.month()).toContainText('December');
    await settings.input('link_password_required').check();
    await settings.save();
    await expect(settings.flash('The common settings have been saved.')).toBeVisible();
    await expect(settings.form()).toHaveAttribute('data-row-version', String(before.row_version + 1));
    await expect(settings.saveButton()).toBeDisabled();

    // A reload shows what was saved; the API reads the same.
    await page.reload();
    await settings.expectLoaded();
    await expect(settings.input('trash_retention_days')).toHaveValue('45');
    await expect(settings.input('link_default_days')).toHaveValue('3');
    await expect(settings.input('link_max_days')).toHaveValue('5');
    await expect(settings.input('link_default_downloads')).toHaveValue('5');
    await expect(settings.input('link_max_downloads')).toHaveValue('20');
    await expect(settings.input('retention_years')).toHaveValue('10');
    await expect(settings.input('link_password_required')).toBeChecked();
    await expect(settings.month()).toContainText('December');
    const saved = await api.ok('com/common_setting_info', {});
    expect(saved).toEqual({
      row_version: before.row_version + 1,
      settings: {
        ...current,
        trash_retention_days: 45,
        link_default_days: 3,
        link_max_days: 5,
        link_default_downloads: 5,
        link_max_downloads: 20,
        retention_years: 10,
        fiscal_year_end_month: 12,
        link_password_required: 1,
      } satisfies CommonSettings,
    });

    // Fewer years than the law's 7 are not offered, and refused with its message if typed; URL issuing off says what that means for links.
    await expect(settings.input('retention_years')).toHaveAttribute('min', '7');
    await settings.fill('retention_years', '5');
    await settings.input('url_issuing').uncheck();
    await expect(settings.linksOffNote()).toContainText('URL issuing is off.');
    await settings.save();
    await expect(settings.fieldError('retention_years')).toHaveText(RETENTION_MINIMUM);
    await shotFromTop(page, 'common-settings-notes-en');
    await settings.reset();
    await expect(settings.input('retention_years')).toHaveValue('10');
    await expect(settings.linksOffNote()).toHaveCount(0);

    // Someone else saves meanwhile: this save is refused with the conflict alert; Reload shows theirs.
    await settings.fill('trash_retention_days', '60');
    await api.ok('com/common_setting_save_btn', { row_version: saved.row_version, trash_retention_days: 90 });
    await settings.save();
    await expect(settings.conflictAlert()).toContainText('This item was edited by another user. Please reload and try again.');
    await shotFromTop(page, 'common-settings-conflict-en');
    await settings.reloadAfterConflict();
    await expect(settings.conflictAlert()).toHaveCount(0);
    await expect(settings.input('trash_retention_days')).toHaveValue('90');
    await expect(settings.form()).toHaveAttribute('data-row-version', String(saved.row_version + 1));

    // In Japanese: the page, and the field error.
    await drive.switchLanguage('ja');
    await page.reload();
    await settings.expectLoaded();
    await expect(settings.breadcrumbs()).toContainText('共通設定');
    await expect(settings.month()).toContainText('12月');
    await expect(settings.taxActNote()).toContainText('法人税法');
    await shotFromTop(page, 'common-settings-ja');
    await settings.fill('link_max_downloads', '0');
    await settings.fill('link_default_downloads', '0');
    await expect(settings.noLimit('link_default_downloads')).toHaveText('無制限');
    await settings.fill('link_max_days', '2');
    await settings.save();
    await expect(settings.fieldError('link_default_days')).toHaveText('初期値は上限以下にしてください。');
    await expect(settings.input('link_default_days')).toBeFocused();
    await shotFromTop(page, 'common-settings-error-ja');
    await settings.reset();
    await drive.switchLanguage('en');
  } finally {
    // Put the demo contract's settings back.
    const { row_version } = await api.ok('com/common_setting_info', {});
    await api.ok('com/common_setting_save_btn', { row_version, ...current });
    expect((await api.ok('com/common_setting_info', {})).settings).toEqual(current);
  }
});

/** Everyone else gets the no-permission page (no API call), and no menu entry. */
test('a user who is not an administrator gets the no-permission page', async ({ page, request }) => {
  const admin = new AdminApi(request);
  await admin.signIn();
  const userId = uniqueUserId('cset');
  const { temporary_password } = await admin.createUser(userId, { drive: 3 });
  await admin.signOut();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO_KYK_ID, userId, temporary_password!);
  const changePassword = new ChangePasswordPage(page);
  await changePassword.expectShown('sign-in');
  await changePassword.change(`Nw-${Math.random().toString(36).slice(2, 10)}-Pw9!`);
  await new DrivePage(page).expectLoaded();

  const settings = new CommonSettingsPage(page);
  await expect(settings.navigationLink()).toHaveCount(0);
  const settingsCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('common_setting')) settingsCalls.push(sent.url());
  });
  await settings.open();
  await expect(new NoPermissionPage(page).notice()).toBeVisible();
  await expect(settings.form()).toHaveCount(0);
  expect(settingsCalls).toEqual([]);
  await shotFromTop(page, 'common-settings-no-permission-en');
});
