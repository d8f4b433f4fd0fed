import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { formatBytes } from '@/lib/format.ts';
import type { RouteResponse } from '@shared/routes.ts';

type DataUsage = RouteResponse<'com_drive/data_usage'>;

/** From this share of the quota on, the page warns that uploads will soon be refused. */
export const NEAR_QUOTA_RATIO = 0.9;

/** What counts against the quota: stored bytes and the reservations of uploads in progress (as the server checks). */
export const committed = (usage: DataUsage) => usage.usage_bytes + usage.reserved_bytes;

/** The contract's usage against its quota: a progress bar, a warning from 90% and an error when full (data usage, home, common settings). */
export function QuotaState({ usage }: { usage: DataUsage }) {
  const { t } = useTranslation();
  if (usage.quota_bytes === null) {
    return (
      <Box data-testid="data-usage-no-quota" color="text-body-secondary">
        {t('usage.dataUsage.noQuota')}
      </Box>
    );
  }
  const ratio = usage.quota_bytes > 0 ? committed(usage) / usage.quota_bytes : 1;
  const percent = Math.min(100, Math.floor(ratio * 100));
  const status = ratio >= 1 ? 'over' : ratio >= NEAR_QUOTA_RATIO ? 'near' : 'ok';
  return (
    <SpaceBetween size="m">
      <ProgressBar
        data-testid="data-usage-progress"
        data-status={status}
        value={percent}
        label={t('usage.dataUsage.usedLabel')}
        description={t('usage.dataUsage.used', { used: formatBytes(committed(usage)), quota: formatBytes(usage.quota_bytes), percent })}
        additionalInfo={usage.reserved_bytes > 0 ? t('usage.dataUsage.includesUploads', { bytes: formatBytes(usage.reserved_bytes) }) : undefined}
        status={status === 'over' ? 'error' : 'in-progress'}
        resultText={t('usage.dataUsage.overQuota')}
      />
      {status === 'near' && (
        <Alert type="warning" data-testid="data-usage-near">
          {t('usage.dataUsage.nearQuota', { percent })}
        </Alert>
      )}
    </SpaceBetween>
  );
}


/** The quota bar and the figures behind it, read-only (the home page's usage, the common settings' storage). */
export function StorageSummary({ usage, testIdPrefix }: { usage: DataUsage; testIdPrefix: string }) {
  const { t } = useTranslation();
  const figure = (label: string, value: string, testId?: string) => (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <div data-testid={testId}>{value}</div>
    </div>
  );
  return (
    <SpaceBetween size="l">
      <QuotaState usage={usage} />
      <ColumnLayout columns={4} variant="text-grid">
        {figure(t('settings.storage.quota'), usage.quota_bytes === null ? t('settings.storage.noQuota') : formatBytes(usage.quota_bytes), `${testIdPrefix}-quota`)}
        {figure(t('settings.storage.used'), formatBytes(usage.usage_bytes), `${testIdPrefix}-used`)}
        {figure(t('settings.storage.files'), usage.file_count.toLocaleString())}
        {figure(t('settings.storage.uploads'), formatBytes(usage.reserved_bytes))}
      </ColumnLayout>
    </SpaceBetween>
  );
}
