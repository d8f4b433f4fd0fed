import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { demoPassword } from './playwright.config.ts';
import { GroupFormPage } from './pages/admin-pages.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { SecurityPolicyPage } from './pages/security-policy-page.ts';
import { DEMO_KYK_ID } from './pages/admin-api.ts';
import { expectAccessible } from './pages/a11y.ts';
import { shotsIn } from './pages/shots.ts';

const shot = shotsIn(join(import.meta.dirname, '.artifacts', 'screenshots'));

const BAD_ENTRY =
  'Not a valid IPv4 address or range: 10.0.0.300. Enter addresses such as 192.0.2.10 or ranges such as 192.0.2.0/24 (mask 0 to 32), separated by commas.';

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
  await login.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
  await shell.expectLoaded();
  await shell.switchLanguage('en');

  // An account-area group to give a list of its own.
  const groupName = `Branch ${Date.now().toString(36).slice(-6)}`;
  const groupForm = new GroupFormPage(page);
  await groupForm.openCreate('ata');
  await groupForm.fillName(groupName);
  await groupForm.submit();
  await expect(page.getByText(`User group "${groupName}" was created.`)).toBeVisible();

  const policy = new SecurityPolicyPage(page);
  const ip = policy.ip;
  await policy.open('ip');
  await expect(ip.contractForm()).toBeVisible();
  await expect(ip.yourAddressValue()).toHaveText('127.0.0.1');
  await expect(ip.contractState()).toHaveAttribute('data-count', '0');

  try {
    // A bad entry: the message under the field names it, and nothing is saved.
    await ip.contractInput().fill('192.0.2.0/24, 10.0.0.300');
    await ip.saveContract();
    await expect(ip.contractMessage(BAD_ENTRY)).toBeVisible();
    await expect(ip.contractState()).toHaveAttribute('data-count', '0');

    // Without the own address the form warns and offers to add it.
    await ip.contractInput().fill('192.0.2.0/24');
    await expect(ip.yourAddress()).toContainText('This address is not in the list in the form.');
    await ip.addMyAddress();
    await expect(ip.contractInput()).toHaveValue('192.0.2.0/24, 127.0.0.1');
    await expect(ip.yourAddress()).toContainText('This address is allowed by the list in the form.');

    // Unsaved: changing tab asks first.
    await policy.chooseTab('password');
    await expect(policy.unsavedChangesModal()).toContainText('You have changed the contract-wide IP address list without saving.');
    await policy.stayOnTab();

    // Saved: stored normalised, and still signed in from 127.0.0.1.
    await ip.saveContractList('127.0.0.1, 192.0.2.7/24, 127.0.0.1', 2);
    await expect(page.getByText('The contract-wide IP address list has been saved.')).toBeVisible();
    await page.reload();
    await expect(ip.contractForm()).toBeVisible({ timeout: 20_000 });
    await expect(ip.contractInput()).toHaveValue('127.0.0.1/32, 192.0.2.0/24');
    await expect(ip.contractState()).toHaveAttribute('data-count', '2');

    // A list that leaves out the own address is refused by the server (lock-out guard).
    await ip.contractInput().fill('192.0.2.0/24');
    await ip.saveContract();
    await expect(ip.contractMessage('Your current address (127.0.0.1) would no longer be allowed')).toBeVisible();
    await ip.resetContract();

    // The group's own list, in its modal.
    const row = ip.groupRow(groupName);
    await expect(row).toContainText('Contract-wide list applies');
    await ip.editGroup(groupName);
    await ip.saveGroupList('198.51.100.0/33');
    await expect(ip.groupModal()).toContainText('Not a valid IPv4 address or range: 198.51.100.0/33.');
    await ip.saveGroupList('198.51.100.9/24');
    await expect(ip.groupModal()).toBeHidden();
    await expect(row).toContainText('198.51.100.0/24');

    // Screenshots without the flashbar of the saves (a reload clears it).
    await page.reload();
    await expect(row).toContainText('198.51.100.0/24');
    await shot(page, 'ip-policy-en');
    await expectAccessible(page, '/security-policy');
    await shell.switchLanguage('ja');
    await page.reload();
    await expect(policy.tabLink('ip')).toContainText('IPアドレス制限');
    await expect(ip.contractForm()).toContainText('契約全体のリスト');
    await shot(page, 'ip-policy-ja');
    await ip.editGroup(groupName);
    await ip.saveGroupList('198.51.100.0/24, 2001:db8::1');
    await expect(ip.groupModal()).toContainText('正しいIPv4アドレスまたは範囲ではありません: 2001:db8::1');
    await shot(page, 'ip-policy-group-modal-ja', { fullPage: false });
    await ip.saveGroupList('');
    await expect(ip.groupModal()).toBeHidden();
    await expect(row).toContainText('契約全体のリストを適用');
    await shell.switchLanguage('en');
  } finally {
    // Allow every address again, so the other walks are not affected.
    await policy.open('ip');
    await expect(ip.contractForm()).toBeVisible();
    if ((await ip.contractState().getAttribute('data-count')) !== '0') await ip.saveContractList('', 0);
  }
});
