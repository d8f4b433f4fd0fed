import type { AuditActor } from '#lib/audit.ts';
import { DomainError, InputError } from '#lib/errors.ts';
import type { MessageKey } from '#shared/messages.ts';
import { productAreas, type ProductArea } from '#shared/schemas/groups.ts';
import { getGroup, getGroups, GroupChangedError, MemberConflictError, saveGroup, UnknownUsersError } from '#data/groups.ts';
import { getCorp } from '#data/corps.ts';
import { recordNotFound } from './user-records.ts';

/**
 * Group memberships seen from the user form. A user's group in a product is three facts the
 * groups module keeps together (profile `groups.<product>`, member item, the group's
 * `user_count`), so every join, move and leave goes through its `saveGroup`, one save per
 * product changed, each its own transaction after the user's own one. The group's attributes are
 * saved unchanged (same `row_version`), so an administrator's open group form does not go stale.
 */
export interface GroupChange {
  product: ProductArea;
  /** The group joined (moving from any other group of the product), or null to leave `from`. */
  to: string | null;
  from?: string;
}

/** The requested group in a product no longer exists (deleted after the user's transaction). */
export class GroupVanishedError extends Error {
  constructor(readonly product: ProductArea) {
    super(`group of ${product} vanished`);
    this.name = 'GroupVanishedError';
  }
}

const GROUP_ATTEMPTS = 5;

export async function applyGroupChanges(actor: AuditActor, userId: string, changes: GroupChange[]): Promise<void> {
  for (const change of changes) {
    const groupId = change.to ?? change.from;
    if (!groupId) continue;
    for (let attempt = 1; ; attempt++) {
      const group = await getGroup(actor.kykId, groupId);
      if (!group) {
        if (change.to) throw new GroupVanishedError(change.product);
        // A group with members cannot be deleted, so the left group is gone only if the user left it already.
        break;
      }
      try {
        await saveGroup(actor, { kind: 'update', before: group, after: group }, change.to ? [userId] : [], change.to ? [] : [userId]);
        break;
      } catch (error) {
        // Another administrator saved the group in between: read it again and save on top.
        if (error instanceof GroupChangedError && attempt < GROUP_ATTEMPTS) continue;
        if (error instanceof UnknownUsersError) throw recordNotFound();
        if (error instanceof MemberConflictError || error instanceof GroupChangedError) throw new DomainError('updateFailure');
        throw error;
      }
    }
  }
}

/** The answer when a group vanished between the user's transaction and the join. */
export const vanishedGroupError = (error: GroupVanishedError): InputError => new InputError({ [`groups.${error.product}`]: 'validation.unknownGroup' });

/**
 * Checks the requested groups (each an existing group of that very product) and legal entity of a
 * user form before anything is written; all unknown ones answer together as -4 per field.
 */
export async function checkReferences(kykId: string, groups: Partial<Record<ProductArea, string | null>>, corpId: string | null | undefined): Promise<void> {
  const wanted = productAreas.flatMap((product) => {
    const id = groups[product];
    return typeof id === 'string' ? [[product, id] as const] : [];
  });
  const [found, corp] = await Promise.all([
    wanted.length > 0 ? getGroups(kykId, wanted.map(([, id]) => id)) : Promise.resolve(new Map()),
    corpId ? getCorp(kykId, corpId) : Promise.resolve(undefined),
  ]);
  const fields: Record<string, MessageKey> = {};
  for (const [product, id] of wanted) {
    if (found.get(id)?.product !== product) fields[`groups.${product}`] = 'validation.unknownGroup';
  }
  if (corpId && !corp) fields.corp_id = 'validation.unknownCorp';
  if (Object.keys(fields).length > 0) throw new InputError(fields);
}
