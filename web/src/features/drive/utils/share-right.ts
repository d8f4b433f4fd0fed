import type { LoginRights } from '@shared/schemas/auth.ts';

/**
 * Whether the user may issue share links for an entry they hold at `level` (after folder settings,
 * as the listing gives it): the server's rule (functions/domain/drive/share-right.ts) on the
 * issuing level the sign-in rights carry (null while the contract turns links off). Below it, the
 * share action is not offered.
 */
export function mayShareLinks(rights: LoginRights, level?: number): boolean {
  const lowest = rights.link_issuer_level;
  const onEntry = Math.min(rights.drive, level ?? rights.drive);
  if (lowest === null || onEntry < 1) return false;
  return rights.admin === 1 || onEntry >= lowest;
}
