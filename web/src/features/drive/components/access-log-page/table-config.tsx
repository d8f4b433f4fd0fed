import type { TFunction } from 'i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatBytes, formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { AccessLogEvent } from '../../api/list-access-log.ts';
import { fileKind } from '../../utils/file-kind.ts';
import { FileTypeIcon } from '../file-type-icon.tsx';

export const ACCESS_LOG_HREF = '/access-log';
export const PAGE_SIZE_KEY = 'access-log.page_size';
export const PREFERENCES_KEY = 'access-log';

/** Column definitions of the access log (no sorting: it reads newest first). */
export function accessLogColumns(t: TFunction, language: DisplayLanguage): TableProps.ColumnDefinition<AccessLogEvent>[] {
  return [
    {
      id: 'at',
      header: t('usage.accessLog.columns.at'),
      cell: (event) => formatDateTime(event.at, language, { seconds: true }),
    },
    {
      id: 'user',
      header: t('usage.accessLog.columns.user'),
      // An anonymous download through a share link is the link's, not its creator's.
      cell: (event) => (event.link_id ? t('accessLog.anonymousThroughLink', { link: event.link_id }) : `${event.user_nm} (${event.user_id})`),
    },
    {
      id: 'action',
      header: t('usage.accessLog.columns.action'),
      cell: (event) => (
        <span data-testid="access-log-row" data-action={event.action} data-item-name={event.item_name} data-user-id={event.user_id}>
          {t(`accessLog.${event.action}`)}
        </span>
      ),
    },
    {
      id: 'name',
      header: t('usage.accessLog.columns.name'),
      isRowHeader: true,
      cell: (event) => {
        const kind = fileKind({ type: event.item_type, name: event.item_name });
        return (
          <span className="drive-name">
            <FileTypeIcon kind={kind} title={t(`drive.kinds.${kind}`)} />
            <span>{event.item_name}</span>
          </span>
        );
      },
    },
    {
      id: 'type',
      header: t('usage.accessLog.columns.type'),
      cell: (event) => t(`usage.accessLog.types.${event.item_type}`),
    },
    {
      id: 'size',
      header: t('usage.accessLog.columns.size'),
      cell: (event) => (event.size === null ? t('common.notAvailable') : formatBytes(event.size)),
    },
    {
      id: 'detail',
      header: t('usage.accessLog.columns.detail'),
      cell: (event) => event.detail ?? t('common.notAvailable'),
    },
  ];
}

/** Columns shown until the user chooses (they fit 1280 px with the side navigation open). */
export const DEFAULT_COLUMNS = ['at', 'user', 'action', 'name', 'size', 'detail'];
