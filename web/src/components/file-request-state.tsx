import { useTranslation } from 'react-i18next';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { FileRequestState } from '@shared/schemas/file-requests.ts';

const indicator: Record<FileRequestState, StatusIndicatorProps.Type> = {
  active: 'success',
  expired: 'stopped',
  full: 'stopped',
  revoked: 'stopped',
  stopped: 'warning',
};

/** A file-request link's state in words, as the folder's dialog and the common settings list it. */
export function FileRequestStateIndicator({ state }: { state: FileRequestState }) {
  const { t } = useTranslation();
  return <StatusIndicator type={indicator[state]}>{t(`fileRequests.states.${state}`)}</StatusIndicator>;
}
