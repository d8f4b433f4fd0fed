import * as z from 'zod/mini';
import { requiredText, updateFields } from '../validation.ts';
import { pagedListRequest, pagedListResponse } from './paging.ts';

/** Legal entities (corporations) of a contract, with reference restrictions per product (SPEC.md §3). */
export const CORP_CODE_WIDTH_MAX = 15;
export const CORP_NAME_MAX = 100;
export const CORP_ADDRESS_MAX = 300;
export const CORP_NOTE_MAX = 300;

/** Half-width characters count 1, full-width 2: "15 half-width or 7 full-width" (SPEC.md §5). */
export const displayWidth = (value: string): number =>
  [...value].reduce((width, char) => width + (/^[\u0020-\u007e\uff61-\uff9f]$/.test(char) ? 1 : 2), 0);

/** Phone of SPEC.md §5: 2-4 digits, hyphen, 2-4 digits, hyphen, 4 digits; empty allowed. */
export const phonePattern = /^(\d{2,4}-\d{2,4}-\d{4})?$/;

/** Products whose data a legal entity can restrict to some groups: knowledge, commerce, dashboard. */
export const restrictableProducts = ['atk', 'atc', 'atd'] as const;

const id = z.uuid('validation.invalidValue');
const rowVersion = z.number('validation.required').check(z.int(), z.gte(1));

export const corpCode = requiredText(64).check(z.refine((code) => displayWidth(code) <= CORP_CODE_WIDTH_MAX, 'validation.corpCodeWidth'));

export const limitedEntry = z.object({
  product: z.enum(restrictableProducts),
  user_group_id: z.string(),
  user_group_nm: z.string(),
  /** 1 when the system created the entry (not removable by users). */
  sys_flg: z.number(),
});

export const corp = z.object({
  corp_id: z.string(),
  corp_cd: z.string(),
  corp_nm: z.string(),
  address: z.string(),
  tel: z.string(),
  note: z.string(),
  limited_list: z.array(limitedEntry),
  /** Users referencing this legal entity: one in use cannot be deleted. */
  user_count: z.number(),
  row_version: z.number(),
  regist_date: z.string(),
  regist_user_nm: z.string(),
  update_date: z.string(),
  update_user_nm: z.string(),
});
export type Corp = z.infer<typeof corp>;

export const corpSortItems = ['corp_cd', 'corp_nm', 'regist_date'] as const;

export const corpListRequest = z.strictObject({
  /** Prefix of the code or the name, depending on sort_item (code and date sorts search codes). */
  search_key: z.optional(z.string().check(z.maxLength(CORP_NAME_MAX, 'validation.tooLong'))),
  ...pagedListRequest(corpSortItems),
});
export const corpListResponse = pagedListResponse(corp);

const corpFields = {
  corp_cd: corpCode,
  corp_nm: requiredText(CORP_NAME_MAX),
  address: z._default(z.string().check(z.maxLength(CORP_ADDRESS_MAX, 'validation.tooLong')), ''),
  tel: z._default(z.string().check(z.maxLength(20, 'validation.tooLong'), z.regex(phonePattern, 'validation.phone')), ''),
  note: z._default(z.string().check(z.maxLength(CORP_NOTE_MAX, 'validation.tooLong')), ''),
};

export const corpRequest = z.strictObject({ corp_id: id });
export const corpResponse = z.object({ corp });
export const corpRegisterRequest = z.strictObject(corpFields);
export type CorpRegisterRequest = z.input<typeof corpRegisterRequest>;
/** A field not sent keeps its stored value. */
export const corpUpdateRequest = z.strictObject({ corp_id: id, row_version: rowVersion, ...updateFields(corpFields) });
export type CorpUpdateRequest = z.input<typeof corpUpdateRequest>;
export const corpDeleteRequest = z.strictObject({ corp_id: id, row_version: rowVersion });

export const corpLimitedSaveRequest = z.strictObject({
  corp_id: id,
  row_version: rowVersion,
  limited_list: z
    .array(z.strictObject({ product: z.enum(restrictableProducts, 'validation.invalidValue'), user_group_id: id }))
    .check(z.maxLength(300, 'validation.invalidValue')),
});

/** The selection dialog: code and name only. */
export const corpSelectionRow = z.object({ corp_id: z.string(), corp_cd: z.string(), corp_nm: z.string() });
export const corpSelectRequest = z.strictObject({
  search_key: z.optional(z.string().check(z.maxLength(CORP_NAME_MAX, 'validation.tooLong'))),
  ...pagedListRequest(['corp_cd', 'corp_nm'] as const),
});
export const corpSelectResponse = pagedListResponse(corpSelectionRow);
