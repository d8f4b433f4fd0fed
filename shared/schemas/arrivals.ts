import * as z from 'zod/mini';
import { itemId } from '../validation.ts';
import { documentStyles } from './bookkeeping-fields.ts';
import { driveItem } from './drive.ts';

/**
 * Documents that came in without a sign-in (docs/drive.md "Receiving documents"): through a
 * file-request link or mailed to an intake address. Each arrives "received": a general file, so
 * deletable, marked in its folder and in "Needs attention", until a member who may update the
 * folder accepts it (the link's or address's document style is applied then, with its retention
 * and lock) or rejects it (deleted for good). A leaked link or address thus creates nothing that
 * nobody can delete for seven years.
 */
export const arrivalChannels = ['link', 'mail'] as const;
export type ArrivalChannel = (typeof arrivalChannels)[number];

/** How a received file came in: shown with it until it is accepted, then kept in its history. */
export const arrivalInfo = z.object({
  channel: z.enum(arrivalChannels),
  /** The file-request link's id, or the intake address's id. */
  source_id: z.string(),
  /** Who made the link or the address: the arrival is registered in their name. */
  creator_id: z.string(),
  creator_nm: z.optional(z.string()),
  /** The style accepting applies (absent: the file stays general). */
  document_style: z.optional(z.enum(documentStyles)),
  /** Mail: the From address; link: what the sender gave as their name or address (unverified). */
  sender: z.optional(z.string()),
  subject: z.optional(z.string()),
  /** Mail: its Date header (ISO); absent when it had none or an unreadable one. */
  mail_date: z.optional(z.string()),
  message_id: z.optional(z.string()),
  received_at: z.string(),
});
export type ArrivalInfo = z.infer<typeof arrivalInfo>;

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
