import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { loadErrorText } from '@/components/list-error.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { formatBytes } from '@/lib/format.ts';
import { useDataUsage } from '../../api/get-data-usage.ts';
import { committed, QuotaState } from '@/components/quota-state.tsx';

/**
 * The data-usage page (/data-usage, administrators): the contract's stored bytes against its quota
 * (a progress bar, a warning from 90% and an error when full) and the figures behind them, all
 * read from counters the server keeps with each change.
 */
export default function DataUsagePage() {
  const { t } = useTranslation();
  const { data, error, isValidating, mutate } = useDataUsage();
  usePageLayout([{ text: t('pages.dataUsage'), href: '/data-usage' }]);

  const figures = data && [
    { label: t('usage.dataUsage.totalBytes'), value: formatBytes(data.usage_bytes), info: t('usage.dataUsage.totalBytesNote'), id: 'usage' },
    { label: t('usage.dataUsage.files'), value: data.file_count.toLocaleString(), id: 'files' },
    { label: t('usage.dataUsage.versions'), value: t('usage.dataUsage.versionsValue', { count: data.version_count, bytes: formatBytes(data.version_bytes) }), id: 'versions' },
    { label: t('usage.dataUsage.trash'), value: t('usage.dataUsage.trashValue', { count: data.trash_count, bytes: formatBytes(data.trash_bytes) }), info: t('usage.dataUsage.trashNote'), id: 'trash' },
    { label: t('usage.dataUsage.uploads'), value: formatBytes(data.reserved_bytes), id: 'uploads' },
    { label: t('usage.dataUsage.quota'), value: data.quota_bytes === null ? t('usage.dataUsage.none') : formatBytes(data.quota_bytes), id: 'quota' },
  ];

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t('usage.dataUsage.description')}
          actions={
            <Button iconName="refresh" loading={isValidating && data !== undefined} onClick={() => void mutate()} nativeButtonAttributes={{ 'data-testid': 'data-usage-refresh' }}>
              {t('usage.dataUsage.refresh')}
            </Button>
          }
        >
          {t('usage.dataUsage.title')}
        </Header>
      }
    >
      {!data && error === undefined && (
        <Container>
          <StatusIndicator type="loading" data-testid="data-usage-loading">
            {t('usage.dataUsage.loading')}
          </StatusIndicator>
        </Container>
      )}
      {!data && error !== undefined && (
        <Alert
          type="error"
          header={t('usage.dataUsage.loadFailed')}
          action={<Button onClick={() => void mutate()}>{t('usage.dataUsage.retry')}</Button>}
          data-testid="data-usage-error"
        >
          {loadErrorText(error, t)}
        </Alert>
      )}
      {data && figures && (
        <SpaceBetween size="l">
          {data.quota_bytes !== null && committed(data) >= data.quota_bytes && (
            <Alert type="error" data-testid="data-usage-over">
              {t('usage.dataUsage.overQuota')}
            </Alert>
          )}
          <Container header={<Header variant="h2">{t('usage.dataUsage.quotaTitle')}</Header>}>
            <QuotaState usage={data} />
          </Container>
          <Container header={<Header variant="h2">{t('usage.dataUsage.figuresTitle')}</Header>}>
            <KeyValuePairs
              columns={3}
              data-testid="data-usage-figures"
              items={figures.map((figure) => ({
                label: figure.label,
                value: (
                  <>
                    <span data-testid={`data-usage-${figure.id}`}>{figure.value}</span>
                    {figure.info && (
                      <Box variant="small" color="text-body-secondary" display="block">
                        {figure.info}
                      </Box>
                    )}
                  </>
                ),
              }))}
            />
          </Container>
        </SpaceBetween>
      )}
    </ContentLayout>
  );
}
