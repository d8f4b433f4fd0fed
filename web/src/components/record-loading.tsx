import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { ApiError } from '@/lib/api-client.ts';

/** In place of a record's page while it loads; when loading failed, the reason with "back to the list" and "refresh". */
export function RecordLoading({
  testId,
  loading,
  error,
  backLabel,
  onBack,
  onRetry,
}: {
  testId: string;
  loading: boolean;
  error: unknown;
  backLabel: string;
  onBack: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Container data-testid={testId}>
      <Box textAlign="center" padding={{ vertical: 'xxl' }}>
        {loading || !error ? (
          <Spinner size="large" />
        ) : (
          <SpaceBetween size="m" alignItems="center">
            <Box variant="p">{error instanceof ApiError ? error.message : t('notice.networkError')}</Box>
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={onBack}>{backLabel}</Button>
              <Button onClick={onRetry}>{t('common.refresh')}</Button>
            </SpaceBetween>
          </SpaceBetween>
        )}
      </Box>
    </Container>
  );
}
