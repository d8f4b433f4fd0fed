import { restrictableProducts, type Corp } from '@shared/schemas/legal.ts';

export type RestrictableProduct = (typeof restrictableProducts)[number];
export { restrictableProducts };

export interface RestrictionGroup {
  user_group_id: string;
  user_group_nm: string;
  /** Entries the system made stay (the select shows them locked). */
  locked: boolean;
}

export type Restrictions = Record<RestrictableProduct, RestrictionGroup[]>;

export const noRestrictions = (): Restrictions => ({ atk: [], atc: [], atd: [] });

/** The corp's limited_list grouped per product, in the server's order, without duplicates. */
export function restrictionsFromCorp(limitedList: Corp['limited_list']): Restrictions {
  const result = noRestrictions();
  for (const entry of limitedList) {
    const list = result[entry.product];
    if (!list || list.some((group) => group.user_group_id === entry.user_group_id)) continue;
    list.push({ user_group_id: entry.user_group_id, user_group_nm: entry.user_group_nm, locked: entry.sys_flg === 1 });
  }
  return result;
}

/**
 * A new selection of one product's select: the locked entries always stay, whatever the select
 * reported (a locked token cannot be removed).
 */
export function withLocked(previous: readonly RestrictionGroup[], next: readonly RestrictionGroup[]): RestrictionGroup[] {
  const locked = previous.filter((group) => group.locked);
  const rest = next.filter((group) => !locked.some((kept) => kept.user_group_id === group.user_group_id));
  return [...locked, ...rest];
}

/** The limited_list of corp_info_limited_save_btn. */
export const limitedListOf = (restrictions: Restrictions): { product: RestrictableProduct; user_group_id: string }[] =>
  restrictableProducts.flatMap((product) => restrictions[product].map((group) => ({ product, user_group_id: group.user_group_id })));

const idsOf = (groups: readonly RestrictionGroup[]) => groups.map((group) => group.user_group_id).sort();

export const restrictionsChanged = (a: Restrictions, b: Restrictions): boolean =>
  restrictableProducts.some((product) => JSON.stringify(idsOf(a[product])) !== JSON.stringify(idsOf(b[product])));
