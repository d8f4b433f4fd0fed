import { Reply, type Operation } from '#lib/api-handler.ts';
import { acceptInvitation, invitationDetails } from '#domain/user-invitations.ts';

/**
 * The invitation link of a user created by a CSV import (issue 28 item 19; domain/user-invitations.ts):
 * its details for the page, then the first password, set once. Public: the token is the credential,
 * read only in the contract the link names.
 */
export const invitationInfo: Operation<'com/invitation_info'> = async ({ input }) => invitationDetails(input.kyk_id, input.token);

export const invitationPasswordSet: Operation<'com/invitation_password_set'> = async ({ input, log, requestId, sourceIp }) => {
  const { user } = await acceptInvitation({
    kykId: input.kyk_id, token: input.token, newPassword: input.new_password, confirmPassword: input.confirm_password, requestId, sourceIp, log,
  });
  return new Reply({ kyk_id: input.kyk_id, user_id: user.user_id }, { codeName: 'passwordChanged' });
};
