import { expect, type Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';

/** /profile: the user's information and settings (file-registration method) and the trusted devices. */
export class ProfilePage extends AppShell {
  private readonly devicesTable = cloudscape.findTable(byTestId('profile-devices'));
  private readonly fileMethod = cloudscape.findRadioGroup(byTestId('profile-file-method'));

  async open() {
    await this.page.goto('/profile');
  }

  devices(): Locator {
    return locate(this.page, this.devicesTable);
  }

  /** The row cell of this browser (`data-kind`: mail or totp). */
  currentDevice(): Locator {
    return locate(this.page, this.devicesTable.find('[data-testid="device-row"][data-current="true"]'));
  }

  /** "No trusted devices". */
  noDevices(): Locator {
    return locate(this.page, this.devicesTable.find(byTestId('profile-devices-empty')));
  }

  /** Removes the first listed device, confirming in the modal. */
  async removeFirstDevice() {
    await locate(this.page, this.devicesTable.find(byTestId('device-remove'))).first().click();
    await expect(locate(this.page, cloudscape.findModal(byTestId('device-remove-modal')))).toBeVisible();
    await control(this.page, 'device-remove-submit').click();
  }

  /** The radio of a file-registration method: 0 simple, 1 detailed. */
  fileMethodOption(value: '0' | '1'): Locator {
    return locate(this.page, this.fileMethod.findInputByValue(value));
  }

  /** The flash that the method was saved. */
  fileMethodSaved(): Locator {
    return locate(this.page, cloudscape.findFlashbar().find(byTestId('profile-file-method-saved')));
  }

  /** A radio of the display settings: the visual mode (light, dark, system) or the density (comfortable, compact). */
  displayOption(setting: 'visual-mode' | 'density', value: string): Locator {
    return locate(this.page, cloudscape.findRadioGroup(byTestId(`profile-${setting}`)).findInputByValue(value));
  }

  /** The flash that a display setting was saved. */
  displaySaved(): Locator {
    return locate(this.page, cloudscape.findFlashbar().find(byTestId('profile-display-saved'))).first();
  }
}
