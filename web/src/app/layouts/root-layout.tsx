import { useEffect } from 'react';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import { ErrorModal } from '@/components/error-modal.tsx';
import { LoadingOverlay } from '@/components/loading-overlay.tsx';
import { registerNavigator } from '@/lib/navigation.ts';

/** Mounted once above every route: router-aware navigation for the API client, overlay, error modal. */
export function RootLayout() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
  }, [navigate]);
  return (
    <>
      <Outlet />
      <LoadingOverlay active={navigation.state === 'loading'} />
      <ErrorModal />
    </>
  );
}
