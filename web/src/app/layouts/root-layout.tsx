import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import { LiveRegion, SkipLink, useRouteFocus } from '@/components/a11y.tsx';
import { LoadingOverlay } from '@/components/loading-overlay.tsx';
import { useCurrentErrorDialog } from '@/lib/error-modal-store.ts';
import { registerNavigator } from '@/lib/navigation.ts';

/** The error modal (Cloudscape's Modal) loads with the first error to show, not with every page. */
const ErrorModal = lazy(() => import('@/components/error-modal.tsx').then((module) => ({ default: module.ErrorModal })));

/**
 * Mounted once above every route: router-aware navigation for the API client, overlay, error modal;
 * the skip link (first in the Tab order of both frames), the live region, focus after a navigation.
 */
export function RootLayout() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const errorDialog = useCurrentErrorDialog();
  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
  }, [navigate]);
  useRouteFocus();
  return (
    <>
      <SkipLink />
      <Outlet />
      <LiveRegion />
      <LoadingOverlay active={navigation.state === 'loading'} />
      {errorDialog && (
        <Suspense fallback={null}>
          <ErrorModal />
        </Suspense>
      )}
    </>
  );
}
