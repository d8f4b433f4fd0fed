import { Outlet } from 'react-router';
import type { LoginRights } from '@shared/schemas/auth.ts';
import { useLoginUser } from '@/features/auth/api/get-login-user.ts';
import { LoadingOverlay } from '@/components/loading-overlay.tsx';
import { NoPermission } from '@/components/no-permission.tsx';

/**
 * Administration screens (users, groups, legal entities, security policy): only administrators
 * (by their account-area group or their individual flag: `rights.admin`) see them. Anyone else gets
 * the no-permission page and the screen makes no API call; the API refuses such calls anyway (-101).
 */
export function AdminOnly() {
  const { data } = useLoginUser();
  if (!data) return <LoadingOverlay active />;
  if (data.user.rights.admin !== 1) return <NoPermission />;
  return <Outlet />;
}

/**
 * The drive: a user whose common-drive level is none (0) gets the no-permission page; the drive
 * screens read the caller's rights from the outlet context (`useDriveRights`) to hide what the
 * user may not do.
 */
export function DriveOnly() {
  const { data } = useLoginUser();
  if (!data) return <LoadingOverlay active />;
  if (data.user.rights.drive < 1) return <NoPermission reason="drive" />;
  return <Outlet context={data.user.rights satisfies LoginRights} />;
}
