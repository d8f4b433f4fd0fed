import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { ApiError } from '@/lib/api-client.ts';

/** The text for a read that failed: the server's message, else the network notice. */
export const loadErrorText = (error: unknown, t: TFunction): string => (error instanceof ApiError && error.kind === 'api' ? error.message : t('notice.networkError'));

/**
 * In a table's empty slot when its list could not be loaded: says so (never "nothing here yet"),
 * with the reason and Retry. Test ids `list-error` and `list-error-retry`.
 */
export function ListErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="list-error">
      <SpaceBetween size="m">
        <div>
          <StatusIndicator type="error">
            <Box variant="strong" color="inherit">
              {t('collection.loadFailed')}
            </Box>
          </StatusIndicator>
          <Box variant="p" color="inherit">
            {loadErrorText(error, t)}
          </Box>
        </div>
        <Button onClick={onRetry} nativeButtonAttributes={{ 'data-testid': 'list-error-retry' }}>
          {t('collection.retry')}
        </Button>
      </SpaceBetween>
    </Box>
  );
}
