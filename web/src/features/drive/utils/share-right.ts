import type { LoginRights } from '@shared/schemas/auth.ts';
import { mayIssueAt } from '@shared/share-right.ts';

/**
 * Whether the user may issue share links for an entry they hold at `level` (after folder settings,
 * as the listing gives it): the server's rule (shared/share-right.ts) on the
 * issuing level the sign-in rights carry (null while the contract turns links off). Below it, the
 * share action is not offered.
 */
export const mayShareLinks = (rights: LoginRights, level?: number): boolean =>
  mayIssueAt(rights.link_issuer_level, Math.min(rights.drive, level ?? rights.drive), rights.admin === 1);
