import * as z from 'zod/mini';
import { sortFlag } from '../validation.ts';
import { productArea } from './groups.ts';

/**
 * The user-or-group picker (SPEC.md §2, §3): search groups (search_kbn 1) or users (2), page through
 * them, keep selected ids across pages. Entries with a group id and no user id are groups.
 */
export const PICKER_ALL_MAX = 10_000;

export const pickerItem = z.object({
  id: z.string(),
  user_group_id: z.nullable(z.string()),
  user_id: z.nullable(z.string()),
  user_group_nm: z.string(),
  user_nm: z.string(),
  note: z.string(),
  /** Common-drive permission of the group, or of the user's group (-1: individual permission). */
  permission: z.number(),
  user_count: z.number(),
});
export type PickerItem = z.infer<typeof pickerItem>;

const optionalText = (max: number) => z.optional(z.string('validation.invalidValue').check(z.maxLength(max, 'validation.tooLong')));

export const pickerRequest = z.strictObject({
  product: z._default(productArea, 'ata'),
  search_kbn: z._default(z.union([z.literal(1), z.literal(2)], 'validation.invalidValue'), 2),
  search_key: optionalText(80),
  /** 1: answer only the entries in selected_ids. */
  disp_selected_data: z._default(z.union([z.literal(0), z.literal(1)], 'validation.invalidValue'), 0),
  /** 1: include suspended and locked users. */
  lapse_flg: z._default(z.union([z.literal(0), z.literal(1)], 'validation.invalidValue'), 0),
  user_group_id: z.optional(z.uuid('validation.invalidValue')),
  user_group_nm: optionalText(80),
  corp_id: z.optional(z.uuid('validation.invalidValue')),
  corp_nm: optionalText(100),
  dept_nm: optionalText(50),
  post_nm: optionalText(50),
  sort_item: z._default(z.enum(['sort_user_group_nm', 'sort_user_nm'], 'validation.invalidValue'), 'sort_user_nm'),
  sort_flg: z._default(sortFlag, 1),
  /** 0 answers every match (up to PICKER_ALL_MAX). */
  page_size: z._default(z.number('validation.invalidValue').check(z.int(), z.gte(0, 'validation.invalidValue'), z.lte(1000, 'validation.invalidValue')), 50),
  current_page: z._default(z.number('validation.invalidValue').check(z.int(), z.gte(1, 'validation.invalidValue')), 1),
  selected_ids: z._default(
    z.array(z.string().check(z.maxLength(64)), 'validation.invalidValue').check(z.maxLength(PICKER_ALL_MAX, 'validation.invalidValue')),
    [],
  ),
});
export type PickerRequest = z.input<typeof pickerRequest>;

export const pickerResponse = z.object({
  sort_item: z.string(),
  sort_flg: z.number(),
  page_size: z.number(),
  current_page: z.number(),
  total_size: z.number(),
  /** 0: `total_size` is a lower bound (see the paged list response); absent or 1: exact. */
  total_exact: z.optional(z.union([z.literal(0), z.literal(1)])),
  return_list: z.array(pickerItem),
  /** The selected entries themselves, whatever the page, so the dialog can show the selection. */
  selected_list: z.array(pickerItem),
});
