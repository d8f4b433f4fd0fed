import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { demoPassword } from './playwright.config.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';

const screenshots = join(import.meta.dirname, '.artifacts', 'screenshots');
mkdirSync(screenshots, { recursive: true });
/** A screenshot from the top of the page (a full-page shot of a scrolled page repeats the sticky top bar). */
async function shot(page: Page, name: string, fullPage = true) {
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage });
}

const BAD_ENTRY =
  'Not a valid IPv4 address or range: 10.0.0.300. Enter addresses such as 192.0.2.10 or ranges such as 192.0.2.0/24 (mask 0 to 32), separated by commas.';

/** Saves the contract-wide list in the form and waits for it to be in force. */
async function saveContractList(page: Page, text: string, expectedCount: number) {
  await page.getByTestId('ip-contract-input').fill(text);
  await page.getByTestId('ip-contract-save').click();
  await expect(page.getByTestId('ip-contract-state')).toHaveAttribute('data-count', String(expectedCount));
}

/**
 * Issue 4's IP allow-list walk: the demo administrator (the browser connects from 127.0.0.1) saves a
 * contract-wide list that contains that address, sees it stored, is told about a bad entry and about
 * a list without the own address, edits a group's list in its modal, and puts the allow-all state
 * back at the end so the other walks are unaffected.
 */
test('an administrator keeps the IP allow-list with the own address in it', async ({ page }) => {
  test.setTimeout(120_000);
  // Leaving the page with unsaved edits (the finally block) may raise the browser's beforeunload prompt.
  page.on('dialog', (dialog) => void dialog.accept());
  const login = new LoginPage(page);
  const shell = new DrivePage(page);
  await login.open();
  await login.signInEndingOtherSessions('demo', 'admin', demoPassword);
  await shell.expectLoaded();
  await shell.switchLanguage('en');

  // An account-area group to give a list of its own.
  const groupName = `Branch ${Date.now().toString(36).slice(-6)}`;
  await page.goto('/user-group/create?product=ata');
  await page.getByTestId('group-form-name').fill(groupName);
  await page.getByTestId('group-form-submit').click();
  await expect(page.getByText(`User group "${groupName}" was created.`)).toBeVisible();

  await page.goto('/security-policy?tab=ip');
  await expect(page.getByTestId('ip-contract-form')).toBeVisible();
  await expect(page.getByTestId('ip-your-address-value')).toHaveText('127.0.0.1');
  await expect(page.getByTestId('ip-contract-state')).toHaveAttribute('data-count', '0');

  try {
    // A bad entry: the message under the field names it, and nothing is saved.
    await page.getByTestId('ip-contract-input').fill('192.0.2.0/24, 10.0.0.300');
    await page.getByTestId('ip-contract-save').click();
    await expect(page.getByTestId('ip-contract-form').getByText(BAD_ENTRY)).toBeVisible();
    await expect(page.getByTestId('ip-contract-state')).toHaveAttribute('data-count', '0');

    // Without the own address the form warns and offers to add it.
    await page.getByTestId('ip-contract-input').fill('192.0.2.0/24');
    await expect(page.getByTestId('ip-your-address')).toContainText('This address is not in the list in the form.');
    await page.getByTestId('ip-add-my-address').click();
    await expect(page.getByTestId('ip-contract-input')).toHaveValue('192.0.2.0/24, 127.0.0.1');
    await expect(page.getByTestId('ip-your-address')).toContainText('This address is allowed by the list in the form.');

    // Unsaved: changing tab asks first.
    await page.getByTestId('security-tab-password').click();
    await expect(page.getByTestId('unsaved-changes-modal')).toContainText('You have changed the contract-wide IP address list without saving.');
    await page.getByTestId('unsaved-changes-stay').click();

    // Saved: stored normalised, and still signed in from 127.0.0.1.
    await saveContractList(page, '127.0.0.1, 192.0.2.7/24, 127.0.0.1', 2);
    await expect(page.getByText('The contract-wide IP address list has been saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('ip-contract-form')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('ip-contract-input')).toHaveValue('127.0.0.1/32, 192.0.2.0/24');
    await expect(page.getByTestId('ip-contract-state')).toHaveAttribute('data-count', '2');

    // A list that leaves out the own address is refused by the server (lock-out guard).
    await page.getByTestId('ip-contract-input').fill('192.0.2.0/24');
    await page.getByTestId('ip-contract-save').click();
    await expect(page.getByTestId('ip-contract-form').getByText('Your current address (127.0.0.1) would no longer be allowed')).toBeVisible();
    await page.getByTestId('ip-contract-reset').click();

    // The group's own list, in its modal.
    const row = page.locator('tr', { has: page.locator(`[data-testid="ip-group-row"][data-group-name="${groupName}"]`) });
    await expect(row).toContainText('Contract-wide list applies');
    await row.getByTestId('ip-group-edit').click();
    await expect(page.getByTestId('ip-group-modal')).toBeVisible();
    await page.getByTestId('ip-group-input').fill('198.51.100.0/33');
    await page.getByTestId('ip-group-save').click();
    await expect(page.getByTestId('ip-group-modal')).toContainText('Not a valid IPv4 address or range: 198.51.100.0/33.');
    await page.getByTestId('ip-group-input').fill('198.51.100.9/24');
    await page.getByTestId('ip-group-save').click();
    await expect(page.getByTestId('ip-group-modal')).toBeHidden();
    await expect(row).toContainText('198.51.100.0/24');

    // Screenshots without the flashbar of the saves (a reload clears it).
    await page.reload();
    await expect(row).toContainText('198.51.100.0/24');
    await shot(page, 'ip-policy-en');
    await shell.switchLanguage('ja');
    await page.reload();
    await expect(page.getByTestId('security-tab-ip')).toContainText('IPアドレス制限');
    await expect(page.getByTestId('ip-contract-form')).toContainText('契約全体のリスト');
    await shot(page, 'ip-policy-ja');
    await row.getByTestId('ip-group-edit').click();
    await expect(page.getByTestId('ip-group-modal')).toBeVisible();
    await page.getByTestId('ip-group-input').fill('198.51.100.0/24, 2001:db8::1');
    await page.getByTestId('ip-group-save').click();
    await expect(page.getByTestId('ip-group-modal')).toContainText('正しいIPv4アドレスまたは範囲ではありません: 2001:db8::1');
    await shot(page, 'ip-policy-group-modal-ja', false);
    await page.getByTestId('ip-group-input').fill('');
    await page.getByTestId('ip-group-save').click();
    await expect(page.getByTestId('ip-group-modal')).toBeHidden();
    await expect(row).toContainText('契約全体のリストを適用');
    await shell.switchLanguage('en');
  } finally {
    // Allow every address again, so the other walks are not affected.
    await page.goto('/security-policy?tab=ip');
    await expect(page.getByTestId('ip-contract-form')).toBeVisible();
    if ((await page.getByTestId('ip-contract-state').getAttribute('data-count')) !== '0') await saveContractList(page, '', 0);
  }
});
