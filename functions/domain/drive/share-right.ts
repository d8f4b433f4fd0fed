import type { DriveLevel } from '#shared/routes/define.ts';
import type { CommonSettings } from '#shared/schemas/settings.ts';
import { mayIssueAt } from '#shared/share-right.ts';
import type { Rights } from '#domain/access.ts';

/**
 * Who may issue share links (docs/drive.md "Share links"): a right, not everyone's. The contract's
 * common settings choose the lowest drive level that may (`link_issuer_level`: 1 view, 2 active,
 * 3 update, the default); administrators always may while links are on. The same rule keeps a link
 * working: one whose creator is below it now stops, as when links are turned off.
 */
export type LinkIssuing = Pick<CommonSettings, 'url_issuing' | 'link_issuer_level'>;

/** The lowest level on an entry that may issue links, or null while the contract turns links off. */
export const lowestIssuingLevel = (settings: LinkIssuing): DriveLevel | null =>
  settings.url_issuing === 1 ? (settings.link_issuer_level as DriveLevel) : null;

/**
 * May a user issue a link for an entry (and keep one working)? `level` is their level on the entry
 * after folder settings (0: they do not reach it, and nobody issues links to what they cannot see).
 */
export const mayIssueLinks = (level: number, rights: Pick<Rights, 'admin'>, settings: LinkIssuing): boolean => mayIssueAt(lowestIssuingLevel(settings), level, rights.admin);
