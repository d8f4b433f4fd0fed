import type { Locator } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { control } from './cloudscape.ts';

/** What a page shows instead of itself to a user without the rights for it (the drive at level none, administration). */
export class NoPermissionPage extends AppShell {
  notice(): Locator {
    return control(this.page, 'no-permission');
  }
}
