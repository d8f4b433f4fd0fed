/**
 * Pending member changes of the group form: IDs to add (typed by the administrator) and current
 * members to remove. Adding a member marked for removal simply keeps it; adding a member already in
 * the group does nothing.
 */
export interface MemberChanges {
  add: string[];
  remove: string[];
}

export const noMemberChanges: MemberChanges = { add: [], remove: [] };

/** Splits pasted or typed user IDs on spaces, commas, semicolons and line breaks (full-width too). */
export function parseUserIds(text: string): string[] {
  const ids = text
    .normalize('NFKC')
    .split(/[\s,;、，；]+/u)
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return [...new Set(ids)];
}

export interface AddResult {
  changes: MemberChanges;
  /** IDs already in the group (nothing to do). */
  alreadyMembers: string[];
}

export function addMembers(changes: MemberChanges, ids: readonly string[], currentMemberIds: ReadonlySet<string>): AddResult {
  const add = [...changes.add];
  let remove = [...changes.remove];
  const alreadyMembers: string[] = [];
  for (const id of ids) {
    if (currentMemberIds.has(id)) {
      if (remove.includes(id)) remove = remove.filter((removed) => removed !== id);
      else alreadyMembers.push(id);
    } else if (!add.includes(id)) add.push(id);
  }
  return { changes: { add, remove }, alreadyMembers };
}

/** Removes a pending addition, or marks a current member for removal. */
export function removeMember(changes: MemberChanges, id: string, currentMemberIds: ReadonlySet<string>): MemberChanges {
  if (changes.add.includes(id)) return { ...changes, add: changes.add.filter((added) => added !== id) };
  if (currentMemberIds.has(id) && !changes.remove.includes(id)) return { ...changes, remove: [...changes.remove, id] };
  return changes;
}

/** Takes back a pending removal. */
export const keepMember = (changes: MemberChanges, id: string): MemberChanges => ({
  ...changes,
  remove: changes.remove.filter((removed) => removed !== id),
});

export const hasMemberChanges = (changes: MemberChanges): boolean => changes.add.length > 0 || changes.remove.length > 0;

/**
 * Server field errors of member lists (`add_member_ids`, `add_member_ids.3`, ...) as one message per
 * list; `ids` lets an indexed error name the offending ID.
 */
export function memberFieldError(fields: Record<string, string>, list: 'add_member_ids' | 'remove_member_ids' | 'member_ids', ids: readonly string[]): string | undefined {
  const messages: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    if (field === list) messages.push(message);
    else if (field.startsWith(`${list}.`)) {
      const index = Number(field.slice(list.length + 1).split('.')[0]);
      const id = Number.isInteger(index) ? ids[index] : undefined;
      messages.push(id ? `${id}: ${message}` : message);
    }
  }
  return messages.length > 0 ? messages.join(' ') : undefined;
}
