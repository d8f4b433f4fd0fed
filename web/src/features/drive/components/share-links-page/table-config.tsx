import type { TFunction } from 'i18next';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatDateTime, type DisplayLanguage } from '@/lib/format.ts';
import type { ContractShareLink } from '../../api/list-contract-share-links.ts';
import { ShareDownloadsCell, ShareLinkStateCell } from '../share-link-cells.tsx';

export const SHARE_LINKS_HREF = '/share-links';
export const PAGE_SIZE_KEY = 'share-links.page_size';

/** Columns of the administrators' list of share links (newest first: no sorting). */
export function shareLinkColumns(t: TFunction, language: DisplayLanguage): TableProps.ColumnDefinition<ContractShareLink>[] {
  return [
    {
      id: 'file',
      header: t('shares.columns.file'),
      isRowHeader: true,
      cell: (link) => (
        <span data-testid="share-links-row" data-link-id={link.link_id} data-item-name={link.item_name}>
          {link.item_name}
        </span>
      ),
    },
    { id: 'creator', header: t('shares.columns.createdBy'), cell: (link) => `${link.creator_nm} (${link.creator_id})` },
    // Dates and times read as one token, never split between the date and the time.
    { id: 'created', header: t('shares.columns.createdAt'), minWidth: 140, cell: (link) => <span className="date-time-cell">{formatDateTime(link.created_at, language)}</span> },
    { id: 'expires', header: t('shares.columns.expiresAt'), minWidth: 140, cell: (link) => <span className="date-time-cell">{formatDateTime(link.expires_at, language)}</span> },
    { id: 'downloads', header: t('shares.columns.downloads'), cell: (link) => <ShareDownloadsCell link={link} /> },
    { id: 'password', header: t('shares.columns.password'), cell: (link) => (link.has_password ? t('shares.withPassword') : t('shares.withoutPassword')) },
    { id: 'state', header: t('shares.columns.state'), minWidth: 120, cell: (link) => <ShareLinkStateCell link={link} /> },
  ];
}
