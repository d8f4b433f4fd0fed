import { useTranslation } from 'react-i18next';
import Icon from '@cloudscape-design/components/icon';
import { formatBytes, formatDate } from '@/lib/format.ts';
import type { DriveItem } from '../../api/get-file-info.ts';
import { ItemMarkers } from './markers.tsx';
import { ReceivedBadge } from './received-badge.tsx';

/** What a tile and a phone item show under an entry's name: its marks, then its size (or kind) and date. */
export function EntryMeta({ item, favorite, className }: { item: DriveItem; favorite: boolean; className: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  return (
    <span className={className}>
      {favorite && <Icon name="star-filled" variant="warning" size="small" ariaLabel={t('places.favoriteMark')} />}
      <ItemMarkers item={item} />
      <ReceivedBadge item={item} />
      {item.scan_status === 'THREATS_FOUND' && <Icon name="status-negative" variant="error" size="small" ariaLabel={t('drive.scan.THREATS_FOUND')} />}
      <span>
        {item.type === 'folder' ? t('driveViews.grid.folder') : item.status === 'pending' ? t('drive.pending') : formatBytes(item.size)}
        {' · '}
        {formatDate(item.update_date, language)}
      </span>
    </span>
  );
}
