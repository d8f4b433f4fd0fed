import type { ProductArea } from '@shared/schemas/groups.ts';
import type { UserStatus } from './user-form.ts';

/** The filters of the user list beside the ID/name text filter. */
export interface UserListFilters {
  /** The product area whose groups the group select offers. */
  product: ProductArea;
  group: { id: string; name: string } | null;
  corp: { corp_id: string; corp_nm: string } | null;
  department: string;
  post: string;
  status: UserStatus | 'all';
}

export const noUserFilters: UserListFilters = { product: 'ata', group: null, corp: null, department: '', post: '', status: 'all' };

const text = (value: string): string | undefined => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** The filter part of `com/user_info_list` (absent fields are not sent). */
export function filterRequest(filters: UserListFilters): {
  user_group_id?: string;
  corp_id?: string;
  department?: string;
  post?: string;
  status?: UserStatus;
} {
  const department = text(filters.department);
  const post = text(filters.post);
  return {
    ...(filters.group ? { user_group_id: filters.group.id } : {}),
    ...(filters.corp ? { corp_id: filters.corp.corp_id } : {}),
    ...(department ? { department } : {}),
    ...(post ? { post } : {}),
    ...(filters.status === 'all' ? {} : { status: filters.status }),
  };
}

/** How many filters (besides the text filter) are set. */
export const activeFilterCount = (filters: UserListFilters): number => Object.keys(filterRequest(filters)).length;
