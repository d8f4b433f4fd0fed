import * as z from 'zod';
import { cursor, DEFAULT_PAGE_SIZE, itemId, itemName, pageSize, sortFlag } from '../validation.ts';

/** Largest file accepted by a single presigned PUT (S3's own limit is 5 GiB). */
export const MAX_UPLOAD_BYTES = 5 * 1024 ** 3;

export const driveItem = z.object({
  id: z.string(),
  parent_id: z.string(),
  type: z.enum(['folder', 'file']),
  name: z.string(),
  /** Bytes; null for folders and for files whose upload has not been confirmed. */
  size: z.number().nullable(),
  version: z.number(),
  /** A file is `pending` from registration until the storage event confirms its bytes. */
  status: z.enum(['pending', 'ready']),
  content_type: z.string().nullable(),
  regist_date: z.string(),
  regist_user_id: z.string(),
  update_date: z.string(),
  update_user_id: z.string(),
});
export type DriveItem = z.infer<typeof driveItem>;

export const folderRef = z.object({ id: z.string(), name: z.string() });
export type FolderRef = z.infer<typeof folderRef>;

export const driveSortItems = ['name', 'update_date'] as const;

export const driveInfoRequest = z.strictObject({
  folder_id: itemId.default('root'),
  sort_item: z.enum(driveSortItems, { error: 'validation.invalidValue' }).default('name'),
  sort_flg: sortFlag.default(1),
  page_size: pageSize.default(DEFAULT_PAGE_SIZE),
  cursor: cursor.optional(),
});
export type DriveInfoRequest = z.input<typeof driveInfoRequest>;

export const driveInfoResponse = z.object({
  folder: folderRef,
  /** Ancestors from the root down to the folder's parent, for breadcrumbs. */
  path: z.array(folderRef),
  items: z.array(driveItem),
  /** Pass back to read the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type DriveInfoResponse = z.infer<typeof driveInfoResponse>;

export const folderRegisterRequest = z.strictObject({
  parent_id: itemId.default('root'),
  name: itemName,
});
export type FolderRegisterRequest = z.input<typeof folderRegisterRequest>;

export const itemResponse = z.object({ item: driveItem });

export const fileRegisterRequest = z.strictObject({
  folder_id: itemId.default('root'),
  name: itemName,
  size: z.number({ error: 'validation.required' }).int().min(0).max(MAX_UPLOAD_BYTES, { error: 'validation.invalidValue' }),
  content_type: z.string().max(255).regex(/^[\w.+-]+\/[\w.+-]+$/, { error: 'validation.invalidValue' }).optional(),
});
export type FileRegisterRequest = z.input<typeof fileRegisterRequest>;

export const fileRegisterResponse = z.object({
  item: driveItem,
  upload: z.object({
    method: z.literal('PUT'),
    url: z.string(),
    /** Headers the PUT must carry exactly, because they are part of the signature. */
    headers: z.record(z.string(), z.string()),
    expires_at: z.string(),
  }),
});
export type FileRegisterResponse = z.infer<typeof fileRegisterResponse>;

export const itemRequest = z.strictObject({ id: itemId });

export const downloadResponse = z.object({
  url: z.string(),
  file_name: z.string(),
  size: z.number(),
  expires_at: z.string(),
});
export type DownloadResponse = z.infer<typeof downloadResponse>;
