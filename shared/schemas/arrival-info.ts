import * as z from 'zod/mini';
import { documentStyles } from './bookkeeping-fields.ts';

/** A received file's arrival (shared/schemas/arrivals.ts), as drive items carry it. */
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
