import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from '@cloudscape-design/components/checkbox';
import { EntryMeta } from './entry-meta.tsx';
import { NoEntries } from './no-entries.tsx';
import { TileThumbnail } from './tile-thumbnail.tsx';
import { useEntrySelection, type EntryViewProps } from './entry-selection.ts';

/**
 * The drive below 688 px (docs/drive.md "Needs attention, markers and views"): one column of
 * entries, each with its icon or thumbnail, its name (a tap opens it), size and date and markers,
 * and a checkbox for the page's one selection, whose actions are the header's one menu. A long
 * press is the context menu.
 */
export function PhoneList(props: EntryViewProps & { loading?: boolean; loadingText?: string; empty?: ReactNode; ariaLabel: string }) {
  const { items, onOpen, onContextMenu, favoriteIds, entryProps } = props;
  const { t } = useTranslation();
  const selection = useEntrySelection(props);

  if (items.length === 0) return <NoEntries loading={props.loading} loadingText={props.loadingText} empty={props.empty} />;
  const all = items.every((item) => selection.selected.has(item.id));
  const some = !all && items.some((item) => selection.selected.has(item.id));
  return (
    <div className="drive-phone" data-testid="drive-phone-list">
      <div className="drive-phone-all">
        <Checkbox checked={all} indeterminate={some} onChange={() => (all ? selection.clear() : selection.selectAll())}>
          {t('driveViews.phone.selectAll')}
        </Checkbox>
      </div>
      <ul className="drive-phone-items" aria-label={props.ariaLabel}>
        {items.map((item, index) => {
          const isSelected = selection.selected.has(item.id);
          return (
            <li
              key={item.id}
              {...entryProps?.(item)}
              className={`drive-phone-item${isSelected ? ' drive-tile-selected' : ''}`}
              data-testid="drive-phone-item"
              data-item-id={item.id}
              data-item-name={item.name}
              data-item-type={item.type}
              data-item-status={item.status}
              onContextMenu={onContextMenu ? (event) => {
                selection.ensureSelected(item);
                onContextMenu(event, item);
              } : undefined}
            >
              <Checkbox checked={isSelected} onChange={() => selection.pick(index, { toggle: true })} ariaLabel={t('driveViews.grid.select', { name: item.name })} />
              <TileThumbnail item={item} />
              <span className="drive-phone-text">
                <button type="button" className="drive-phone-name" onClick={() => onOpen(item)}>
                  {item.name}
                </button>
                <EntryMeta item={item} favorite={!!favoriteIds?.has(item.id)} className="drive-phone-meta" />
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
