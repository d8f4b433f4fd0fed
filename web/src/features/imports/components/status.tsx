import { useTranslation } from 'react-i18next';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { resultIndicatorType, statusIndicatorType, type ImportStatus, type RowResult } from '../utils/history.ts';

/** Running (with a spinner), normal end, with warnings, abnormal end. */
export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const { t } = useTranslation();
  return (
    <span data-testid="import-status" data-status={status}>
      <StatusIndicator type={statusIndicatorType(status)}>{t(`imports.status.${status}`)}</StatusIndicator>
    </span>
  );
}

export function RowResultBadge({ result }: { result: RowResult }) {
  const { t } = useTranslation();
  return (
    <span data-testid="import-result" data-result={result} className="import-result-word">
      <StatusIndicator type={resultIndicatorType(result)}>{t(`imports.detail.results.${result}`)}</StatusIndicator>
    </span>
  );
}
