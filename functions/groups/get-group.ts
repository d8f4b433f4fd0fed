import type { Operation } from '#lib/api-handler.ts';
import { listMembers, toUserGroup } from '#data/groups.ts';
import { requireGroup } from './common.ts';

/** Members shown with a group: the first 1000 by user ID, and the total. */
export const MEMBERS_SHOWN = 1000;

export const getGroupInfo: Operation<'com/user_group'> = async ({ caller, input }) => {
  const group = await requireGroup(caller.kykId, input.user_group_id);
  const members = await listMembers(caller.kykId, group.user_group_id, MEMBERS_SHOWN);
  return {
    group: toUserGroup(group),
    members: members.map((member) => ({ user_id: member.user_id, user_nm: member.user_nm, email: member.email })),
    members_total: group.user_count,
  };
};
