import type * as z from 'zod/mini';
import { auditPut, type AuditActor } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import { userIndexKeys, userKey, type User } from '#data/users.ts';
import { DomainError, InputError } from '#lib/errors.ts';
import { keepAnAdministrator, takesAdministration } from '#domain/administrators.ts';
import { productAreas, type ProductArea } from '#shared/schemas/groups.ts';
import type { userUpdateRequest } from '#shared/schemas/users.ts';
import { corpUserCountUpdate } from '#data/corps.ts';
import { auditView, lostRace } from '#domain/user-records.ts';
import { corpMemberDelete, corpMemberPut, groupExistsCheck, groupMemberCopyUpdate } from '#data/user-directory.ts';
import { userGramChanges } from '#data/user-search.ts';
import { checkReferences, type GroupChange } from '#domain/memberships.ts';
import { versionedUpdateItem } from '#lib/data/versioned.ts';
import { TransactionFailed, transactWrite, type LabelledItem } from '#lib/data/transact.ts';


/** The profile attributes the user form saves (groups go through the groups module; status has its own calls). */
const editable = [
  'user_nm', 'email', 'phone', 'language', 'corp_id', 'department', 'post',
  'ata_admin_permission', 'atp_admin_permission', 'atk_admin_permission', 'atc_admin_permission',
  'atc_lapse_flg', 'atk_lapse_flg', 'atp_lapse_flg', 'ata_corp_permission',
  'file_regist_method', 'indiv_permission_flg', 'indiv_com_drive_permission',
] as const satisfies readonly (keyof User)[];

/** What the user form saves: the editable attributes and the requested groups. */
export type UserFormFields = Pick<z.output<typeof userUpdateRequest>, (typeof editable)[number] | 'groups'>;

/**
 * The update's own transaction (profile, legal-entity membership and counts, the name copies on
 * member items, the joined groups' existence, audit record), conditional on `before.row_version`;
 * answers the group changes that `applyGroupChanges` then makes. Shared with the user CSV import.
 */
export async function writeUserUpdate(actor: AuditActor, before: User, input: UserFormFields): Promise<GroupChange[]> {
  const kykId = before.kyk_id;
  const requested = (input.groups ?? {}) as Partial<Record<ProductArea, string | null>>;
  const changes: GroupChange[] = productAreas.flatMap((product) => {
    const to = requested[product];
    const from = before.groups?.[product];
    return to === undefined || to === (from ?? null) ? [] : [{ product, to, ...(from ? { from } : {}) }];
  });
  // A field the form did not send keeps its stored value (null is a value: no legal entity).
  const sent = Object.fromEntries(editable.map((field) => [field, input[field] === undefined ? before[field] : input[field]])) as Pick<User, (typeof editable)[number]>;
  const corpId = sent.corp_id ?? null;
  const corpChanged = (before.corp_id ?? null) !== corpId;
  await checkReferences(kykId, Object.fromEntries(changes.map((change) => [change.product, change.to])), corpChanged ? corpId : null);

  const now = nowIso();
  const after: User = {
    ...before,
    ...sent,
    corp_id: corpId,
    user_nm: input.user_nm.trim(),
    row_version: before.row_version + 1,
    update_date: now,
    update_user_id: actor.userId,
    update_user_nm: actor.userName,
  };
  const set: Record<string, unknown> = {
    // An attribute neither sent nor stored stays absent.
    ...Object.fromEntries(editable.filter((field) => after[field] !== undefined).map((field) => [field, after[field]])),
    gsi2sk: userIndexKeys(after).gsi2sk,
    update_date: now,
    update_user_id: actor.userId,
    update_user_nm: actor.userName,
  };
  const items: LabelledItem[] = [
    versionedUpdateItem('user', { key: userKey(kykId, before.user_id), expectedVersion: before.row_version, set }),
    // The list's search follows a new name or e-mail (user-search.ts).
    ...userGramChanges(before, after),
  ];
  // The account-area group after the change decides administration too.
  const ataChange = changes.find((change) => change.product === 'ata');
  const administration = { users: { [before.user_id]: { status: before.status, ata_admin_permission: after.ata_admin_permission, groups: { ...before.groups, ata: ataChange ? ataChange.to ?? undefined : before.groups?.ata } } } };
  if (await takesAdministration(kykId, { [before.user_id]: before }, administration)) items.push(await keepAnAdministrator(kykId, administration));

  const joinedCorp = corpChanged && after.corp_id ? corpUserCountUpdate(kykId, after.corp_id, 1) : undefined;
  if (joinedCorp && after.corp_id) items.push(joinedCorp, corpMemberPut(kykId, after.corp_id, after));
  if (corpChanged && before.corp_id) items.push(corpUserCountUpdate(kykId, before.corp_id, -1), corpMemberDelete(kykId, before.corp_id, before.user_id));
  // The legal entity's member item carries a copy of the name (for the name sort): rewrite it.
  if (!corpChanged && after.corp_id && after.user_nm !== before.user_nm) items.push(corpMemberPut(kykId, after.corp_id, after));
  const joins = changes.filter((change) => change.to !== null).map((join) => ({ join, check: groupExistsCheck(kykId, join.to!) }));
  items.push(...joins.map(({ check }) => check));
  // The member items of the groups the user stays in carry copies of the name and e-mail.
  if (after.user_nm !== before.user_nm || after.email !== before.email) {
    const kept = productAreas.flatMap((product) => {
      const id = before.groups?.[product];
      return id && !changes.some((change) => change.product === product) ? [id] : [];
    });
    items.push(...kept.map((groupId) => groupMemberCopyUpdate(kykId, groupId, after)));
  }
  const afterView = auditView(after);
  afterView.groups = { ...(afterView.groups as Record<string, string>), ...Object.fromEntries(changes.map((change) => [change.product, change.to])) };
  items.push(auditPut(actor, { action: 'user.update', targetType: 'user', targetId: before.user_id, before: auditView(before), after: afterView }));

  try {
    await transactWrite(items);
  } catch (error) {
    if (!(error instanceof TransactionFailed)) throw error;
    if (error.failed('user')) throw await lostRace(kykId, before.user_id);
    if (error.failed('administrators')) throw new DomainError('editedByAnotherUser');
    if (joinedCorp && error.failed(joinedCorp.label)) throw new InputError({ corp_id: 'validation.unknownCorp' });
    const vanished = joins.filter(({ check }) => error.failed(check.label)).map(({ join }) => join);
    if (vanished.length > 0) throw new InputError(Object.fromEntries(vanished.map((join) => [`groups.${join.product}`, 'validation.unknownGroup' as const])));
    // A member item missing although the profile named the group: only a concurrent change does that.
    if (error.failed()) throw await lostRace(kykId, before.user_id);
    throw error;
  }
  return changes;
}
