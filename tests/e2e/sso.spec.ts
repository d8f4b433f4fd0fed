import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Page } from './fixtures.ts';
import { createTestIdp, type TestIdp } from '../integration/support/saml-idp.ts';
import { demoPassword } from './playwright.config.ts';
import { AdminApi, DEMO_KYK_ID } from './pages/admin-api.ts';
import { DrivePage } from './pages/drive-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { SecurityPolicyPage } from './pages/security-policy-page.ts';
import { SsoFailPage, SsoSignInPage } from './pages/sso-pages.ts';
import { shot, uniqueUserId } from './pages/shots.ts';
import { expectAccessible } from './pages/a11y.ts';

const htmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A SAML identity provider on loopback (samlify, tests/integration/support/saml-idp.ts): its login
 * URL reads the AuthnRequest of the redirect and answers an auto-submitting form that POSTs a signed
 * SAMLResponse to the app's ACS, as a real IdP does after its own sign-in. `/unsolicited` posts a
 * response nobody asked for (IdP-initiated), which the app must refuse.
 */
async function startIdp(spMetadata: () => string, userId: () => string): Promise<{ idp: TestIdp; server: Server; loginUrl: string }> {
  const ref: { idp?: TestIdp } = {};
  const acs = () => /AssertionConsumerService[^>]*Location="([^"]+)"/.exec(spMetadata())?.[1] ?? '';
  const form = (samlResponse: string, relayState: string) =>
    `<!doctype html><html><body><p>Test IdP: signing you in…</p><form method="post" action="${htmlEscape(acs())}">` +
    `<input type="hidden" name="SAMLResponse" value="${htmlEscape(samlResponse)}"><input type="hidden" name="RelayState" value="${htmlEscape(relayState)}">` +
    '</form><script>document.forms[0].submit()</script></body></html>';
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
      try {
        let html: string;
        if (url.pathname === '/sso') {
          const authn = await ref.idp!.readRequest(url.toString(), spMetadata());
          const samlResponse = await ref.idp!.respond(spMetadata(), { inResponseTo: authn.id, attributes: { uid: userId(), mail: `${userId()}@example.com` } });
          html = form(samlResponse, authn.relayState);
        } else if (url.pathname === '/unsolicited') {
          html = form(await ref.idp!.respond(spMetadata(), { inResponseTo: null, attributes: { uid: userId() } }), DEMO_KYK_ID);
        } else {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const loginUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sso`;
  ref.idp = createTestIdp({ loginUrl });
  return { idp: ref.idp, server, loginUrl };
}

async function withLanguage(page: Page, language: 'en' | 'ja') {
  await page.evaluate(`localStorage.setItem('language', '${language}')`);
  await page.reload();
}

async function newPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: 'en-GB', viewport: { width: 1366, height: 860 } });
  return context.newPage();
}

/**
 * Issue 4's SAML walk: the demo administrator configures SSO for a fresh account-area group through
 * the API (its own group and user, so the other walks are unaffected), the SAML tab is shown in
 * both languages, then the user goes /com_drive/sso -> the IdP -> the ACS -> /storage, signed in.
 * An unsolicited response ends on /com_drive/sso-fail.
 */
test('a member of an SSO group signs in through the IdP; an unsolicited response is refused', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(120_000);
  page.on('dialog', (dialog) => void dialog.accept());
  const userId = uniqueUserId('sso');
  let metadata = '';
  const { idp, server, loginUrl } = await startIdp(() => metadata, () => userId);
  const admin = new AdminApi(request);
  let ssoRowVersion: number | undefined;
  try {
    await admin.signIn();
    const group = await admin.ok('com/user_group_reg_btn', { product: 'ata', user_group_nm: `SSO ${userId}`, com_drive_permission: 3 });
    await admin.createUser(userId, { ataGroup: group.group.user_group_id });
    let info = await admin.ok('com/sso_info', {});
    info = await admin.ok('com/sso_info_save_btn', {
      row_version: info.row_version,
      enabled: 1,
      idp_entity_id: idp.entityId,
      idp_login_url: loginUrl,
      idp_cert: idp.certificatePem,
      sp_entity_id: `${baseURL}/saml/${DEMO_KYK_ID}`,
      sp_login_url: `${baseURL}/com_drive/sso?kyk_id=${DEMO_KYK_ID}`,
      request_signed: 0,
      response_signed: 1,
      assertion_encrypted: 0,
      user_group_list: [...info.settings.user_group_list, group.group.user_group_id],
    });
    info = await admin.ok('com/sso_attrib_save_btn', { row_version: info.row_version, attr_user_id: 'uid', attr_mail: 'mail' });
    ssoRowVersion = info.row_version;
    metadata = (await admin.ok('com/sso_info_download_btn', {})).content;
    expect(metadata).toContain(`${baseURL}/api/sso/acs`);

    // The SAML tab as the administrator sees it, in both languages.
    const login = new LoginPage(page);
    const shell = new DrivePage(page);
    await login.open();
    await login.signInEndingOtherSessions(DEMO_KYK_ID, 'admin', demoPassword);
    await shell.expectLoaded();
    await shell.switchLanguage('en');
    const policy = new SecurityPolicyPage(page);
    const sso = policy.sso;
    await policy.open('sso');
    await expect(sso.settingsForm()).toBeVisible();
    await expect(sso.idpEntityId()).toHaveValue(idp.entityId);
    await expect(sso.acsUrl()).toHaveText(`${baseURL}/api/sso/acs`);
    await expect(sso.groups()).toContainText(`SSO ${userId}`);
    await expect(sso.attrUserId()).toHaveValue('uid');
    // The required-field rules: the form's own check, then the server's (SP keys for request signatures).
    await sso.idpEntityId().fill('');
    await sso.requestSigned().check();
    await sso.saveSettings();
    await expect(sso.settingsMessage('Please enter the IdP entity ID.')).toBeVisible();
    await sso.idpEntityId().fill(idp.entityId);
    await sso.saveSettings();
    await expect(sso.settingsMessage('Please generate the SP public and private keys when request signatures or encryption are on.')).toBeVisible();
    await page.evaluate('window.scrollTo(0, 0)');
    await shot(page, 'sso-tab-errors-en');
    await sso.resetSettings();
    await expect(sso.requestSigned()).not.toBeChecked();

    // An edit, then another tab: the unsaved-changes confirmation covers this form too.
    await sso.attrMail().fill('email');
    await policy.chooseTab('password');
    await expect(policy.unsavedChangesModal()).toBeVisible();
    await policy.stayOnTab();
    await sso.attrMail().fill('mail');
    // From the top: a full-page shot of a scrolled page repeats the sticky top bar.
    await page.evaluate('window.scrollTo(0, 0)');
    await shot(page, 'sso-tab-en');
    await shell.switchLanguage('ja');
    await expect(page.getByText('属性マッピング')).toBeVisible();
    await page.evaluate('window.scrollTo(0, 0)');
    await shot(page, 'sso-tab-ja');

    // The user's walk, in a browser of its own.
    const user = await newPage(browser, baseURL);
    const ssoSignIn = new SsoSignInPage(user);
    await ssoSignIn.open();
    await shot(user, 'sso-start-en');
    await expectAccessible(user, '/com_drive/sso');
    await withLanguage(user, 'ja');
    await expect(user.getByText('シングルサインオンでログイン')).toBeVisible();
    await shot(user, 'sso-start-ja');
    await withLanguage(user, 'en');
    await ssoSignIn.start(DEMO_KYK_ID);
    await user.waitForURL('**/storage', { timeout: 20_000 });
    await new DrivePage(user).expectLoaded();
    await expect(ssoSignIn.topNav()).toContainText(`E2E ${userId}`);
    await shot(user, 'sso-signed-in-en');

    // An IdP-initiated (unsolicited) response: refused, with the reason only.
    const other = await newPage(browser, baseURL);
    await other.goto(loginUrl.replace('/sso', '/unsolicited'));
    await other.waitForURL('**/com_drive/sso-fail?reason=*');
    const ssoFail = new SsoFailPage(other);
    await expect(ssoFail.reason()).toHaveAttribute('data-reason', 'notice.ssoResponseInvalid');
    await expect(ssoFail.reason()).toHaveText('The sign-in response from your identity provider could not be accepted. Please try again from the start.');
    await shot(other, 'sso-fail-en');
    await expectAccessible(other, '/com_drive/sso-fail');
    await withLanguage(other, 'ja');
    await expect(ssoFail.reason()).toHaveText('IDプロバイダーからのログイン応答を受け付けられませんでした。最初からやり直してください。');
    await shot(other, 'sso-fail-ja');
    await ssoFail.backToSignIn();
    await expect(new LoginPage(other).form()).toBeVisible();

    // A code that was already used.
    await other.goto('/com_drive/sso-login?code=demo.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await other.waitForURL('**/com_drive/sso-fail?reason=notice.ssoCodeInvalid');
    await shot(other, 'sso-code-invalid-ja');
  } finally {
    // SSO off again for the demo contract (the group stays; nobody else is in it).
    if (ssoRowVersion !== undefined) {
      await admin.signIn(); // the browser's sign-in ended the API's session
      const info = await admin.call('com/sso_info', {});
      if (info.data) {
        const { attr_user_id: _user, attr_mail: _mail, ...settings } = info.data.settings;
        await admin.call('com/sso_info_save_btn', { ...settings, row_version: info.data.row_version, enabled: 0 });
      }
    }
    server.close();
  }
});
