import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { LoadingOverlay } from '@/components/loading-overlay.tsx';
import { usePageTitle } from '@/components/page-layout.tsx';

/** Shown while the first route's chunk loads (after the same 200 ms delay). */
export function InitialLoading() {
  return <LoadingOverlay active />;
}

/** A route that failed to render or load (for example a chunk gone after a deployment). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  usePageTitle(t('routeError.title'));
  if (import.meta.env.DEV) console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return (
    <Box padding="xxl" textAlign="center" data-testid="route-error">
      <SpaceBetween size="m" alignItems="center">
        <Box variant="h1">{t('routeError.title')}</Box>
        <Box variant="p" color="text-body-secondary">
          {t('routeError.description')}
          {detail && ` (${detail})`}
        </Box>
        <Button variant="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      </SpaceBetween>
    </Box>
  );
}
