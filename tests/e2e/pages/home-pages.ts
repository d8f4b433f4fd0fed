import type { Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';

/** Home (/): shortcuts, recent files, favourites, and for administrators the usage and administration links. */
export class HomePage extends AppShell {
  async open() {
    await this.page.goto('/');
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  section(name: 'shortcuts' | 'recent' | 'favorites' | 'usage' | 'admin'): Locator {
    return control(this.page, `home-${name}`);
  }

  shortcut(name: 'drive' | 'upload' | 'search' | 'favorites' | 'recent' | 'trash' | 'manual' | 'property'): Locator {
    return control(this.page, `home-shortcut-${name}`);
  }

  /** A row of the recent files or favourites list, by the entry's name. */
  listEntry(list: 'recent' | 'favorites', name: string): Locator {
    return locate(this.page, cloudscape.find(byTestId(`home-${list}`))).locator(`[data-item-name="${name}"]`);
  }

  /** The user menu's link to the manual. */
  async openManualFromUserMenu() {
    await this.topNav().getByRole('button', { name: /^(User menu|ユーザーメニュー)/ }).click();
    await control(this.page, 'user-menu-manual').click();
  }
}

/** /manual: the user manual in the UI language, printable, with its download. */
export class ManualPage extends AppShell {
  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  section(id: 'sign-in' | 'home' | 'drive' | 'settings' | 'administration' | 'help'): Locator {
    return this.page.locator(`[data-testid="manual-section-${id}"]`);
  }

  edition(): Locator {
    return control(this.page, 'manual-edition');
  }

  downloadButton(): Locator {
    return control(this.page, 'manual-download');
  }
}
