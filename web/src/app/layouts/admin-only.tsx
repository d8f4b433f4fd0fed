import { Outlet } from 'react-router';
import { useLoginUser } from '@/features/auth/api/get-login-user.ts';
import { LoadingOverlay } from '@/components/loading-overlay.tsx';
import { NoPermission } from '@/components/no-permission.tsx';

/**
 * Administration screens (users, groups, legal entities, security policy): only administrators
 * (ata_admin_permission 1) see them. Anyone else gets the no-permission page and the screen makes
 * no API call; the API refuses such calls anyway (-2 / -101).
 */
export function AdminOnly() {
  const { data } = useLoginUser();
  if (!data) return <LoadingOverlay active />;
  if (data.user.ata_admin_permission !== 1) return <NoPermission />;
  return <Outlet />;
}
