import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { RouteResponse } from '@shared/routes.ts';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { callApi, isAbortError } from '@/lib/api-client.ts';
import { useApi } from '@/lib/api-swr.ts';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';

type ActivityPage = RouteResponse<'com_drive/file_activity'>;
type ActivityEntry = ActivityPage['entries'][number];

/** What happened, in words. */
function whatOf(entry: ActivityEntry, t: TFunction): string {
  switch (entry.kind) {
    case 'version':
      return entry.restored_from !== undefined
        ? t('fileActivity.versionRestored', { version: entry.version, from: entry.restored_from })
        : t('fileActivity.version', { version: entry.version });
    case 'correction': return t('fileActivity.correction', { version: entry.version });
    case 'confirmation': return t('fileActivity.confirmation', { version: entry.version });
    case 'acceptance': return t('fileActivity.acceptance', { version: entry.version });
    case 'deletion': return t('fileActivity.deletion');
    case 'restore': return t('fileActivity.restore');
    case 'link_created': return t('fileActivity.linkCreated', { link: entry.link_id });
    case 'link_revoked': return t('fileActivity.linkRevoked', { link: entry.link_id });
    case 'access': return t(`accessLog.${entry.action ?? 'info'}`);
  }
}

/** Who did it: the user's name and ID, or for an anonymous download through a link the link's. */
const whoOf = (entry: ActivityEntry, t: TFunction): string =>
  entry.kind === 'access' && entry.link_id ? t('accessLog.anonymousThroughLink', { link: entry.link_id })
    : entry.user_id && entry.user_nm !== entry.user_id ? `${entry.user_nm} (${entry.user_id})` : entry.user_nm || entry.user_id;

/**
 * One entry's activity in the details panel, newest first (docs/drive.md "Activity of one entry"):
 * mounted only when its section is opened, so it is fetched on first use; "Show more" reads the
 * next page. Administrators see everyone's; others their own and the versions (the server decides).
 */
export default function FileActivity({ item }: { item: { id: string; name: string } }) {
  const { t, i18n } = useTranslation();
  const language: DisplayLanguage = i18n.language === 'ja' ? 'ja' : 'en';
  // The first page through SWR (fetched when this mounts: the section opened); the rest on "Show more".
  const first = useApi('com_drive/file_activity', { id: item.id }, { revalidateOnFocus: false });
  const [more, setMore] = useState<{ entries: ActivityEntry[]; next: string | null }>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const entries = [...(first.data?.entries ?? []), ...(more?.entries ?? [])];
  const next = more ? more.next : first.data?.next_cursor ?? null;
  const scope = first.data?.scope;
  const loading = first.isLoading || loadingMore;
  const failed = (first.error !== undefined && !first.data) || moreFailed;

  const showMore = async (cursor: string) => {
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await callApi('com_drive/file_activity', { id: item.id, cursor });
      setMore((shown) => ({ entries: [...(shown?.entries ?? []), ...page.entries], next: page.next_cursor }));
    } catch (error) {
      if (!isAbortError(error)) setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };
  const retry = () => (moreFailed && next ? void showMore(next) : void first.mutate());

  return (
    <div data-testid="file-activity">
      <SpaceBetween size="s">
        {scope === 'own' && <Box variant="small" color="text-body-secondary">{t('fileActivity.scopeOwn')}</Box>}
        {entries.length > 0 && (
          <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '8px' }} aria-label={t('fileActivity.listLabel', { name: item.name })}>
            {entries.map((entry) => (
              <li key={entry.id} data-testid="file-activity-entry" data-kind={entry.kind} data-action={entry.action ?? ''}>
                <Box fontWeight="bold">{whatOf(entry, t)}</Box>
                <Box variant="small" color="text-body-secondary">{t('fileActivity.by', { user: whoOf(entry, t), at: formatDateTime(entry.at, language) })}</Box>
                {entry.reason && <Box variant="small">{t('fileActivity.reason', { reason: entry.reason })}</Box>}
                {entry.kind === 'access' && entry.detail && !entry.link_id && <Box variant="small">{entry.detail}</Box>}
              </li>
            ))}
          </ol>
        )}
        {!loading && !failed && entries.length === 0 && <Box color="text-body-secondary" data-testid="file-activity-empty">{t('fileActivity.empty')}</Box>}
        {failed && (
          <SpaceBetween size="xs" direction="horizontal" alignItems="center">
            <StatusIndicator type="error">{t('fileActivity.error')}</StatusIndicator>
            <Button variant="inline-link" onClick={retry}>{t('fileActivity.retry')}</Button>
          </SpaceBetween>
        )}
        {loading && <StatusIndicator type="loading">{t('fileActivity.loading')}</StatusIndicator>}
        {!loading && next && (
          <Button onClick={() => void showMore(next)} nativeButtonAttributes={{ 'data-testid': 'file-activity-more' }}>{t('fileActivity.showMore')}</Button>
        )}
      </SpaceBetween>
    </div>
  );
}
