import { expect, type APIRequestContext } from '@playwright/test';
import type { DriveItem } from '#shared/schemas/drive.ts';
import { AdminApi } from './admin-api.ts';

/**
 * Any user through the API (as the SPA calls it): AdminApi's calls and token handling, signed in as
 * the given user; a first sign-in's forced password change is made on the way (docs/sign-in.md).
 */
export class UserApi extends AdminApi {
  async signInAs(kykId: string, userId: string, password: string, newPassword?: string): Promise<void> {
    const answer = await this.call('login/login_btn', { kyk_id: kykId, user_id: userId, password, force_flg: 1 });
    const next = answer.data?.next;
    if (next?.step === 'password-change' && newPassword) {
      await this.ok('com/passchange_lnk', { ticket: next.ticket, new_password: newPassword, confirm_password: newPassword });
      return;
    }
    expect(answer.msg_level, `sign-in of ${userId}: ${answer.code} ${answer.message}`).toBe('INFO');
  }
}

/** An administrator of the account area (drive level 3 comes with it), with a temporary password. */
export async function createAdministrator(admin: AdminApi, userId: string): Promise<string> {
  const { temporary_password } = await admin.ok('com/user_info_reg_btn', {
    regist_mode: 1,
    user_id: userId,
    user_nm: `E2E ${userId}`,
    email: `${userId}@example.com`,
    language: 'en',
    ata_admin_permission: 1,
  });
  return temporary_password!;
}

/**
 * Drive arrangements for a walk, as the signed-in API user: folders, small files (registered, PUT to
 * the presigned URL, confirmed by the storage event), the trash, and what a folder or the trash holds.
 */
export class DriveApi {
  constructor(
    private readonly api: AdminApi,
    private readonly request: APIRequestContext,
  ) {}

  async folder(name: string, parentId = 'root'): Promise<DriveItem> {
    return (await this.api.ok('com_drive/folder_reg_btn', { parent_id: parentId, name })).item;
  }

  async file(name: string, folderId = 'root', contentType = 'text/plain', text = `${name}\n`): Promise<DriveItem> {
    const bytes = Buffer.from(text);
    const { item, upload } = await this.api.ok('com_drive/file_reg_btn', { folder_id: folderId, name, size: bytes.byteLength, content_type: contentType });
    if (upload.method !== 'PUT') throw new Error('small files go up in one PUT');
    const put = await this.request.put(upload.url, { headers: upload.headers, data: bytes });
    expect(put.status(), `PUT ${name}`).toBe(200);
    return this.ready(item.id);
  }

  /** The entry as it is now (its row_version changes with every change). */
  async fresh(id: string): Promise<DriveItem> {
    return (await this.api.ok('com_drive/file_info', { id })).item;
  }

  private async ready(id: string): Promise<DriveItem> {
    let item: DriveItem | undefined;
    await expect
      .poll(async () => {
        item = await this.fresh(id);
        return item.status;
      }, { timeout: 15_000 })
      .toBe('ready');
    return item!;
  }

  /** Moves the entries to the trash (as they are now); every one must go. */
  async trash(...items: DriveItem[]): Promise<void> {
    const seen = await Promise.all(items.map((item) => this.fresh(item.id)));
    const result = await this.api.ok('com_drive/delete_btn', { items: seen.map(({ id, type, row_version }) => ({ id, type, row_version })) });
    expect(result.failed).toEqual([]);
  }

  /** The trash as the API user reads it (one page of up to 1000). */
  async trashed() {
    return this.api.ok('com_drive/recycle_list', { page_size: 1000 });
  }

  async deleteForever(item: DriveItem): Promise<void> {
    const entry = (await this.trashed()).items.find((candidate) => candidate.id === item.id);
    expect(entry, `${item.name} in the trash`).toBeDefined();
    const result = await this.api.ok('com_drive/force_delete_btn', { items: [{ id: entry!.id, row_version: entry!.row_version }] });
    expect(result.done).toEqual([item.id]);
  }

  /** Names listed in a folder (its first 1000 entries). */
  async names(folderId = 'root'): Promise<string[]> {
    return (await this.api.ok('com_drive/drive_info', { folder_id: folderId, page_size: 1000 })).items.map((item) => item.name);
  }

  /** The code the API answers for reading the entry: 0, or -3 when it is gone or in the trash. */
  async readCode(id: string): Promise<number> {
    return (await this.api.call('com_drive/file_info', { id })).code;
  }
}
