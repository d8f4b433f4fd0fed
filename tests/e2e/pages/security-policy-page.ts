import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';

type Tab = 'password' | 'ip' | 'sso';

/** The IP address restriction tab: the contract-wide list, the own address, the groups' lists. */
export class IpAllowListTab {
  private readonly groupsTable = cloudscape.findTable(byTestId('ip-groups-table'));

  constructor(private readonly page: Page) {}

  contractForm(): Locator {
    return control(this.page, 'ip-contract-form');
  }

  contractInput(): Locator {
    return control(this.page, 'ip-contract-input');
  }

  /** The list in force: `data-count` is the number of stored entries. */
  contractState(): Locator {
    return control(this.page, 'ip-contract-state');
  }

  async saveContract() {
    await control(this.page, 'ip-contract-save').click();
  }

  async resetContract() {
    await control(this.page, 'ip-contract-reset').click();
  }

  /** Saves the contract-wide list in the form and waits for it to be in force. */
  async saveContractList(text: string, expectedCount: number) {
    await this.contractInput().fill(text);
    await this.saveContract();
    await expect(this.contractState()).toHaveAttribute('data-count', String(expectedCount));
  }

  /** A message of the contract-wide form (under the field, or the server's). */
  contractMessage(text: string): Locator {
    return this.contractForm().getByText(text);
  }

  /** "Your address": whether the list in the form allows it, with the button that adds it. */
  yourAddress(): Locator {
    return control(this.page, 'ip-your-address');
  }

  yourAddressValue(): Locator {
    return control(this.page, 'ip-your-address-value');
  }

  async addMyAddress() {
    await control(this.page, 'ip-add-my-address').click();
  }

  /** A group's row in the groups' table (found by the tagged cell of its name; `has` is relative to the row). */
  groupRow(name: string): Locator {
    return locate(this.page, this.groupsTable.findRows()).filter({ has: this.page.locator(`[data-testid="ip-group-row"][data-group-name="${name}"]`) });
  }

  /** Opens the group's list in its modal. */
  async editGroup(name: string) {
    await this.groupRow(name).locator(byTestId('ip-group-edit')).click();
    await expect(this.groupModal()).toBeVisible();
  }

  groupModal(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('ip-group-modal')));
  }

  async saveGroupList(text: string) {
    await control(this.page, 'ip-group-input').fill(text);
    await control(this.page, 'ip-group-save').click();
  }
}

/** The SAML single sign-on tab: the settings form, the SP's values, the attribute mapping. */
export class SsoSettingsTab {
  constructor(private readonly page: Page) {}

  settingsForm(): Locator {
    return control(this.page, 'sso-settings-form');
  }

  idpEntityId(): Locator {
    return control(this.page, 'sso-idp-entity-id');
  }

  requestSigned(): Locator {
    return control(this.page, 'sso-request-signed');
  }

  acsUrl(): Locator {
    return control(this.page, 'sso-acs-url');
  }

  /** The user groups that sign in with SSO. */
  groups(): Locator {
    return control(this.page, 'sso-groups');
  }

  attrUserId(): Locator {
    return control(this.page, 'sso-attr-user-id');
  }

  attrMail(): Locator {
    return control(this.page, 'sso-attr-mail');
  }

  async saveSettings() {
    await control(this.page, 'sso-settings-save').click();
  }

  async resetSettings() {
    await control(this.page, 'sso-settings-reset').click();
  }

  /** A message of the settings form (under a field, or the server's). */
  settingsMessage(text: string): Locator {
    return this.settingsForm().getByText(text);
  }
}

/** /security-policy: the tabs (password policy, IP address restriction, SSO) and the unsaved-changes question. */
export class SecurityPolicyPage extends AppShell {
  readonly ip = new IpAllowListTab(this.page);
  readonly sso = new SsoSettingsTab(this.page);
  private readonly tabs = cloudscape.findTabs(byTestId('security-tabs'));

  async open(tab: Tab) {
    await this.page.goto(`/security-policy?tab=${tab}`);
  }

  tabLink(tab: Tab): Locator {
    return locate(this.page, this.tabs.findTabLinkById(`security-tab-${tab}`));
  }

  async chooseTab(tab: Tab) {
    await this.tabLink(tab).click();
  }

  unsavedChangesModal(): Locator {
    return locate(this.page, cloudscape.findModal(byTestId('unsaved-changes-modal')));
  }

  async stayOnTab() {
    await control(this.page, 'unsaved-changes-stay').click();
  }
}
