import * as z from 'zod/mini';
import { languages } from '../messages.ts';
import { requiredText } from '../validation.ts';
import { passwordPolicy } from './security.ts';
import { newPassword } from './users.ts';

/**
 * The invitation a user created by a CSV import receives (issue 28 item 19): the mail's link opens
 * the public page /invitation?kyk_id=…&token=…, which reads the invitation and sets the first
 * password with the change-password rules. Both calls are public: the token is the credential.
 */
export const INVITATION_CONTRACT_ID_MAX = 20;
/** base64url of 32 random bytes. */
export const invitationToken = z.string('validation.invalidValue').check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'validation.invalidValue'));

const link = {
  kyk_id: requiredText(INVITATION_CONTRACT_ID_MAX),
  token: invitationToken,
  language: z.optional(z.enum(languages, 'validation.invalidValue')),
};

export const invitationRequest = z.strictObject(link);
export const invitationResponse = z.object({
  kyk_id: z.string(),
  user_id: z.string(),
  user_nm: z.string(),
  expires_at: z.string(),
  policy: passwordPolicy,
});

export const invitationPasswordRequest = z.strictObject({
  ...link,
  new_password: newPassword,
  confirm_password: z.string('validation.confirmPasswordRequired').check(z.minLength(1, 'validation.confirmPasswordRequired'), z.maxLength(128)),
});
export type InvitationPasswordRequest = z.input<typeof invitationPasswordRequest>;
export const invitationPasswordResponse = z.object({ kyk_id: z.string(), user_id: z.string() });
