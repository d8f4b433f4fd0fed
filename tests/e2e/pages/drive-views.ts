import { expect, type APIRequestContext, type Locator } from '@playwright/test';
import sharp from 'sharp';
import type { DriveItem } from '#shared/schemas/drive.ts';
import type { AdminApi } from './admin-api.ts';
import { DrivePage } from './drive-page.ts';
import { byTestId, cloudscape, control, locate } from './cloudscape.ts';

/**
 * The drive's other renderings of its selection (web/src/features/drive/components/drive-page/):
 * the grid of tiles, the phone list below 688 px, the markers on entries, the list/grid toggle and
 * the "Needs attention" filter.
 */
export class DriveViews extends DrivePage {
  grid(): Locator {
    return this.page.getByTestId('drive-grid');
  }

  tile(name: string): Locator {
    return this.page.locator(`[data-testid="drive-tile"][data-item-name="${name}"]`);
  }

  tiles(): Locator {
    return this.page.getByTestId('drive-tile');
  }

  phoneList(): Locator {
    return this.page.getByTestId('drive-phone-list');
  }

  phoneItem(name: string): Locator {
    return this.page.locator(`[data-testid="drive-phone-item"][data-item-name="${name}"]`);
  }

  phoneItems(): Locator {
    return this.page.getByTestId('drive-phone-item');
  }

  /** The markers of a row, tile or phone item: `restricted`, `retained`, `scanner_check`, `late`. */
  marker(entry: Locator, kind: string): Locator {
    return entry.locator(`[data-testid="marker-${kind}"]`);
  }

  /** The list's row of an entry (its name cell, where the markers are). */
  listEntry(name: string): Locator {
    return this.row(name);
  }

  viewToggle(): Locator {
    return control(this.page, 'view-toggle');
  }

  async showGrid() {
    if ((await this.viewToggle().getAttribute('data-view')) !== 'grid') await this.viewToggle().click();
    await expect(this.grid()).toBeVisible();
  }

  attentionFilter(): Locator {
    return control(this.page, 'attention-filter');
  }

  phoneActions(): Locator {
    return locate(this.page, cloudscape.findButtonDropdown(byTestId('drive-phone-actions')).findNativeButton());
  }

  /** An item of the phone's one menu (opened first). */
  async phoneAction(id: string): Promise<Locator> {
    const trigger = this.phoneActions();
    if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
    return locate(this.page, cloudscape.findButtonDropdown(byTestId('drive-phone-actions')).findItemById(id)).getByRole('menuitem');
  }
}

/** A PNG of a scan at a given resolution (400 × 400 pixels, 24-bit colour). */
export const scanPng = (dpi: number): Promise<Buffer> =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().withMetadata({ density: dpi }).toBuffer();

/** Registers a file with its fields and PUTs its bytes; answers it once ready (and, with `until`, once that holds). */
export async function registerFile(
  admin: AdminApi, request: APIRequestContext, folderId: string, name: string, bytes: Buffer, fields: Record<string, unknown> = {},
  until: (item: DriveItem) => boolean = () => true,
): Promise<DriveItem> {
  const registered = await admin.ok('com_drive/file_reg_btn', { folder_id: folderId, name, size: bytes.byteLength, content_type: 'image/png', ...fields });
  if (registered.upload.method !== 'PUT') throw new Error('small files go up in one PUT');
  expect((await request.put(registered.upload.url, { headers: registered.upload.headers, data: bytes })).status()).toBe(200);
  let item: DriveItem | undefined;
  await expect.poll(async () => {
    item = (await admin.ok('com_drive/file_info', { id: registered.item.id })).item;
    return item.status === 'ready' && until(item);
  }, { timeout: 15_000 }).toBe(true);
  return item!;
}

/** Gives a folder permission settings of its own (a deny list naming `userId`): the restricted marker. */
export async function restrict(admin: AdminApi, folder: DriveItem, userId: string): Promise<void> {
  const current = (await admin.ok('com_drive/file_info', { id: folder.id })).item;
  await admin.ok('com_drive/permission_save_btn', { id: folder.id, row_version: current.row_version, policy: 'deny', view: { users: [userId], groups: [] }, update: { users: [], groups: [] } });
}
