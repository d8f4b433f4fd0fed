import * as z from 'zod/mini';
import { flag, trimmedText } from '../validation.ts';
import { pagedListRequest, pagedListResponse } from './paging.ts';
import { singleUpload } from './drive.ts';

/**
 * CSV import and export (SPEC.md §7 "Imports", issue 3 item 5). An import uploads its file straight
 * to S3 and runs as a recorded job outside the request; its history keeps the file, the outcome
 * and one result per row.
 */
export const importKinds = ['user', 'corp'] as const;
export type ImportKind = (typeof importKinds)[number];

/** Import status of SPEC.md §4: running, normal end, end with warnings (alarm), abnormal end. */
export const importStatuses = ['running', 'normal', 'warning', 'abnormal'] as const;

/** Character sets Japanese spreadsheets write: UTF-8 (with or without BOM) and Shift_JIS. */
export const csvEncodings = ['utf-8', 'shift_jis'] as const;

/** Largest CSV accepted (10,000 rows of users fit in well under 10 MiB). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

const requestId = z.uuid('validation.invalidValue');
const encoding = z._default(z.enum(csvEncodings, 'validation.invalidValue'), 'utf-8');

export const fileDownload = z.object({ url: z.string(), file_name: z.string(), expires_at: z.string() });

export const templateRequest = z.strictObject({ encoding });

export const corpExportRequest = z.strictObject({
  search_key: z.optional(z.string().check(z.maxLength(100, 'validation.tooLong'))),
  encoding,
});

export const userExportRequest = z.strictObject({
  search_key: z.optional(z.string().check(z.maxLength(40, 'validation.tooLong'))),
  user_group_id: z.optional(z.uuid('validation.invalidValue')),
  corp_id: z.optional(z.uuid('validation.invalidValue')),
  status: z.optional(z.union([z.literal(0), z.literal(1), z.literal(9)], 'validation.invalidValue')),
  encoding,
});

export const importStartRequest = z.strictObject({
  file_name: trimmedText(221).check(z.regex(/\.csv$/i, 'validation.csvFile')),
  size: z.number('validation.required').check(
    z.int('validation.invalidValue'),
    z.gte(1, 'validation.invalidValue'),
    z.lte(IMPORT_MAX_BYTES, 'validation.importTooLarge'),
  ),
});
/** A user import may invite every user it creates to set a password (a mail with a one-time link, 72 h). */
export const userImportStartRequest = z.extend(importStartRequest, { invite: z._default(flag, 0) });
export const importStartResponse = z.object({ request_id: z.string(), upload: singleUpload });

export const importHistoryRow = z.object({
  request_id: z.string(),
  kind: z.enum(importKinds),
  /** The uploaded file's name. */
  name: z.string(),
  start_datetime: z.string(),
  end_datetime: z.nullable(z.string()),
  executor: z.string(),
  status: z.enum(importStatuses),
  total_rows: z.number(),
  ok_rows: z.number(),
  warning_rows: z.number(),
  error_rows: z.number(),
  /** Users the job created without a password (not invited, or the mail failed). */
  no_password_count: z.number(),
  /** The user import's invitation option. */
  invite: flag,
});
export type ImportHistoryRow = z.infer<typeof importHistoryRow>;

export const importHistoryRequest = z.strictObject({
  kind: z.optional(z.enum(importKinds, 'validation.invalidValue')),
  ...pagedListRequest(['start_datetime'] as const),
});
export const importHistoryResponse = pagedListResponse(importHistoryRow);

export const importResultRow = z.object({
  row_no: z.number(),
  result: z.enum(['ok', 'warning', 'error']),
  /** The row's key (user ID or corporate code) as read. */
  key: z.string(),
  /** `created`, `updated` or `unchanged` for rows that went in. */
  action: z.nullable(z.string()),
  messages: z.array(z.string()),
  /** A created user: `invited` (mailed a link to set a password) or `none` (no password yet). */
  password: z.optional(z.enum(['none', 'invited'])),
});

export const importDetailRequest = z.strictObject({
  request_id: requestId,
  only_problems: z._default(z.union([z.literal(0), z.literal(1)], 'validation.invalidValue'), 0),
  /** 1: only the users the job created without a password (wins over only_problems). */
  only_no_password: z._default(flag, 0),
  ...pagedListRequest(['row_no'] as const),
});
export const importDetailResponse = z.object({
  history: importHistoryRow,
  ...pagedListResponse(importResultRow).shape,
});

export const importRequest = z.strictObject({ request_id: requestId });
export const importDeleteRequest = z.strictObject({
  delete_list: z.array(requestId, 'validation.required').check(z.minLength(1, 'validation.required'), z.maxLength(100, 'validation.invalidValue')),
});
