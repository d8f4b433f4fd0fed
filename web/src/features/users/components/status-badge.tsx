import { useTranslation } from 'react-i18next';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import { statusNames, type UserStatus } from '../utils/user-form.ts';

const indicator: Record<UserStatus, StatusIndicatorProps.Type> = { 0: 'success', 1: 'stopped', 9: 'error' };

/** Available / Suspended / Locked (SPEC.md §4 statuses 0 / 1 / 9). */
export function UserStatusBadge({ status, testId }: { status: UserStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId} data-status={statusNames[status]}>
      <StatusIndicator type={indicator[status]}>{t(`users.status.${statusNames[status]}`)}</StatusIndicator>
    </span>
  );
}
