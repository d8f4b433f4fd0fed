import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Icon from '@cloudscape-design/components/icon';
import { EntryMeta } from './entry-meta.tsx';
import { NoEntries } from './no-entries.tsx';
import { TileThumbnail } from './tile-thumbnail.tsx';
import { useEntrySelection, type EntryViewProps } from './entry-selection.ts';

/** How many tiles the first row holds (the grid wraps with the width): what Up and Down move by. */
function columnsOf(list: HTMLElement | null): number {
  const tiles = list ? Array.from(list.querySelectorAll<HTMLElement>('[role="option"]')) : [];
  if (tiles.length === 0) return 1;
  const top = tiles[0]!.offsetTop;
  const first = tiles.findIndex((tile) => tile.offsetTop !== top);
  return first === -1 ? tiles.length : first;
}

/**
 * The drive's grid view: one tile per entry with its thumbnail (or icon), name, markers and a
 * checkbox, as a multi-select listbox over the page's one selection (entry-selection.ts). Click
 * selects, Ctrl/Cmd-click and the checkbox toggle, Shift-click extends; the arrow keys move the
 * focus (Shift extends), Space selects, Enter or a double click opens; the context menu is the
 * page's (right-click, the menu key, Shift+F10).
 */
export function GridView(props: EntryViewProps & { loading?: boolean; loadingText?: string; empty?: ReactNode; ariaLabel: string }) {
  const { items, onOpen, onContextMenu, favoriteIds, entryProps } = props;
  const { t } = useTranslation();
  const selection = useEntrySelection(props);
  const list = useRef<HTMLDivElement>(null);
  const [focusId, setFocusId] = useState<string>();
  const focusIndex = Math.max(0, items.findIndex((item) => item.id === focusId));

  const moveFocus = (index: number) => {
    const target = items[Math.min(items.length - 1, Math.max(0, index))];
    if (!target) return;
    setFocusId(target.id);
    list.current?.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(target.id)}"]`)?.focus();
    return target;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columnsOf(list.current), ArrowUp: -columnsOf(list.current) }[event.key];
    if (step !== undefined || event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      const next = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : index + step!;
      if (moveFocus(next) && event.shiftKey) selection.pick(Math.min(items.length - 1, Math.max(0, next)), { extend: true });
    } else if (event.key === ' ') {
      event.preventDefault();
      selection.pick(index, { toggle: true, extend: event.shiftKey });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(items[index]!);
    }
  };

  if (items.length === 0) return <NoEntries loading={props.loading} loadingText={props.loadingText} empty={props.empty} />;
  return (
    <div
      ref={list}
      className="drive-grid"
      role="listbox"
      aria-multiselectable="true"
      aria-label={props.ariaLabel}
      aria-describedby="drive-grid-hint"
      data-testid="drive-grid"
    >
      <span id="drive-grid-hint" hidden>
        {t('driveViews.grid.hint')}
      </span>
      {items.map((item, index) => {
        const isSelected = selection.selected.has(item.id);
        return (
          <div
            key={item.id}
            {...entryProps?.(item)}
            role="option"
            aria-selected={isSelected}
            tabIndex={index === focusIndex ? 0 : -1}
            className={`drive-tile${isSelected ? ' drive-tile-selected' : ''}`}
            data-testid="drive-tile"
            data-item-id={item.id}
            data-item-name={item.name}
            data-item-type={item.type}
            data-item-status={item.status}
            onFocus={() => setFocusId(item.id)}
            onClick={(event) => selection.pick(index, { toggle: event.ctrlKey || event.metaKey, extend: event.shiftKey })}
            onDoubleClick={() => onOpen(item)}
            onKeyDown={(event) => onKeyDown(event, index)}
            onContextMenu={onContextMenu ? (event) => {
              selection.ensureSelected(item);
              onContextMenu(event, item);
            } : undefined}
          >
            <span
              className="drive-tile-check"
              aria-hidden="true"
              data-testid="drive-tile-check"
              onClick={(event) => {
                event.stopPropagation();
                selection.pick(index, { toggle: true, extend: event.shiftKey });
              }}
            >
              {isSelected && <Icon name="check" size="small" variant="inverted" />}
            </span>
            <TileThumbnail item={item} />
            <span className="drive-tile-name" title={item.name}>
              {item.name}
            </span>
            <EntryMeta item={item} favorite={!!favoriteIds?.has(item.id)} className="drive-tile-meta" />
          </div>
        );
      })}
    </div>
  );
}
