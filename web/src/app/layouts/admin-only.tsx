import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import type { LoginRights } from '@shared/schemas/auth.ts';
import { useLoginUser } from '@/features/auth/api/get-login-user.ts';
import { LoadingOverlay } from '@/components/loading-overlay.tsx';

// Only the users it refuses load the no-permission page (and its layout).
const NoPermission = lazy(() => import('@/components/no-permission.tsx').then((module) => ({ default: module.NoPermission })));

/**
 * Administration screens (users, groups, legal entities, security policy): only administrators
 * (by their account-area group or their individual flag: `rights.admin`) see them. Anyone else gets
 * the no-permission page and the screen makes no API call; the API refuses such calls anyway (-101).
 */
export function AdminOnly() {
  const { data } = useLoginUser();
  if (!data) return <LoadingOverlay active />;
  if (data.user.rights.admin !== 1) {
    return (
      <Suspense fallback={<LoadingOverlay active />}>
        <NoPermission />
      </Suspense>
    );
  }
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
  if (data.user.rights.drive < 1) {
    return (
      <Suspense fallback={<LoadingOverlay active />}>
        <NoPermission reason="drive" />
      </Suspense>
    );
  }
  return <Outlet context={data.user.rights satisfies LoginRights} />;
}
