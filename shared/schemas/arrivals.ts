import * as z from 'zod/mini';
import { itemId } from '../validation.ts';
import { driveItem } from './drive.ts';

/**
 * Documents that came in without a sign-in (docs/drive.md "Receiving documents"): through a
 * file-request link or mailed to an intake address. Each arrives "received": a general file, so
 * deletable, marked in its folder and in "Needs attention", until a member who may update the
 * folder accepts it (the link's or address's document style is applied then, with its retention
 * and lock) or rejects it (deleted for good). A leaked link or address thus creates nothing that
 * nobody can delete for seven years.
 */
/** The most files one accept or reject takes (one mail's attachments, a link's batch). */
export const ARRIVALS_PER_CALL_MAX = 100;

const arrivalIds = z.array(itemId, 'validation.required').check(z.minLength(1, 'validation.required'), z.maxLength(ARRIVALS_PER_CALL_MAX, 'validation.invalidValue'));

/** `com_drive/arrival_accept_btn`: each file must be received and in a folder the caller may update. */
export const arrivalAcceptRequest = z.strictObject({ ids: arrivalIds });
export type ArrivalAcceptRequest = z.input<typeof arrivalAcceptRequest>;

/** Why one file of the call was not accepted or rejected; the others are. */
export const arrivalRefusals = ['not_found', 'not_received', 'permission', 'edited'] as const;
export const arrivalOutcome = z.object({
  done: z.array(driveItem),
  refused: z.array(z.object({ id: z.string(), reason: z.enum(arrivalRefusals) })),
});
export type ArrivalOutcome = z.infer<typeof arrivalOutcome>;
export const arrivalAcceptResponse = arrivalOutcome;

/** `com_drive/arrival_reject_btn`: the received files are deleted for good, recorded with the person. */
export const arrivalRejectRequest = z.strictObject({ ids: arrivalIds });
export const arrivalRejectResponse = arrivalOutcome;
