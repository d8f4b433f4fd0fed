import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import type { CollectionPreferencesProps } from '@cloudscape-design/components/collection-preferences';
import type { TableProps } from '@cloudscape-design/components/table';
import { isPageSize, pageSizes, type PageSize } from '@/lib/paging.ts';

/**
 * The table view's preferences (page size, visible columns and their order, wrap lines, sticky
 * first column), shared by the server-paged lists and the drive; the display choices are kept in
 * localStorage under `<key>.display`.
 *
 * Cloudscape's CollectionPreferences (with its drag-and-drop column list) loads when the gear is first
 * pointed at or pressed, not with the page: until then the same icon button stands in for it, and a
 * press opens the dialog once it is there.
 */

const CollectionPreferences = lazy(() => import('@cloudscape-design/components/collection-preferences'));
const preload = () => void import('@cloudscape-design/components/collection-preferences').catch(() => {});

export interface DisplayPreferences {
  contentDisplay: { id: string; visible: boolean }[];
  wrapLines: boolean;
  stickyFirst: 0 | 1;
}

/** Stored display preferences, reconciled with today's columns (new columns appear where the defaults say). */
export function readDisplay(storageKey: string, columnIds: string[], defaultVisible: string[]): DisplayPreferences {
  const defaults: DisplayPreferences = {
    contentDisplay: columnIds.map((id) => ({ id, visible: defaultVisible.includes(id) })),
    wrapLines: true,
    stickyFirst: 1,
  };
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Partial<DisplayPreferences> | null;
    if (!stored || !Array.isArray(stored.contentDisplay)) return defaults;
    const known = stored.contentDisplay.filter((entry) => columnIds.includes(entry.id));
    const added = defaults.contentDisplay.filter((entry) => !known.some((item) => item.id === entry.id));
    return {
      contentDisplay: [...known.map(({ id, visible }) => ({ id, visible: visible === true })), ...added],
      wrapLines: stored.wrapLines !== false,
      stickyFirst: stored.stickyFirst === 0 ? 0 : 1,
    };
  } catch {
    return defaults;
  }
}

function writeDisplay(storageKey: string, display: DisplayPreferences): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(display));
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

/** The display preferences of one table (`<preferencesKey>.display`), and the setter that stores them. */
export function useTableDisplay<T>(preferencesKey: string, columns: TableProps.ColumnDefinition<T>[], defaultColumns: string[]) {
  const storageKey = `${preferencesKey}.display`;
  const [display, setDisplay] = useState(() =>
    readDisplay(
      storageKey,
      columns.map((column) => column.id ?? ''),
      defaultColumns,
    ),
  );
  const save = (next: DisplayPreferences) => {
    setDisplay(next);
    writeDisplay(storageKey, next);
  };
  return { display, save };
}

/** The Table props that show the display preferences. */
export const displayProps = (display: DisplayPreferences) => ({
  columnDisplay: display.contentDisplay,
  wrapLines: display.wrapLines,
  stickyColumns: { first: display.stickyFirst },
});

/** The column, wrap-lines and sticky-column sections of the dialog. */
const displayPreferences = <T,>(t: TFunction, columns: TableProps.ColumnDefinition<T>[]): Partial<CollectionPreferencesProps> => ({
  wrapLinesPreference: { label: t('collection.wrapLines'), description: t('collection.wrapLinesDescription') },
  stickyColumnsPreference: {
    firstColumns: {
      title: t('collection.stickyFirst'),
      description: t('collection.stickyFirstDescription'),
      options: [
        { label: t('collection.stickyNone'), value: 0 },
        { label: t('collection.stickyFirstColumn'), value: 1 },
      ],
    },
  },
  contentDisplayPreference: {
    title: t('collection.columns'),
    description: t('collection.columnsDescription'),
    options: columns.map((column, index) => ({
      id: column.id ?? '',
      label: typeof column.header === 'string' ? column.header : (column.id ?? ''),
      alwaysVisible: index === 0,
    })),
  },
});

/** Page size, and with `display` the columns, wrap lines and sticky first column. */
export function TablePreferences<T>({ columns, display, pageSize, onPageSize, onDisplay }: {
  pageSize: PageSize;
  onPageSize: (size: PageSize) => void;
  columns?: TableProps.ColumnDefinition<T>[];
  display?: DisplayPreferences;
  onDisplay?: (display: DisplayPreferences) => void;
}) {
  const { t } = useTranslation();
  const title = t('collection.preferences');
  const [wanted, setWanted] = useState(false);
  const openOnArrival = useRef(false);
  const box = useRef<HTMLSpanElement>(null);

  // A press on the stand-in opens the real dialog as soon as it has loaded (its own trigger, clicked once).
  useEffect(() => {
    if (!wanted || !openOnArrival.current) return;
    const timer = setInterval(() => {
      const trigger = box.current?.querySelector('button');
      if (!trigger || trigger.dataset.standIn === '1') return;
      openOnArrival.current = false;
      clearInterval(timer);
      trigger.click();
    }, 20);
    return () => clearInterval(timer);
  }, [wanted]);

  const standIn = (
    <Button
      variant="icon"
      iconName="settings"
      ariaLabel={title}
      nativeButtonAttributes={{ 'data-stand-in': '1' } as Record<string, string>}
      onClick={() => {
        openOnArrival.current = true;
        setWanted(true);
      }}
    />
  );

  const preferences: CollectionPreferencesProps.Preferences = display
    ? { pageSize, contentDisplay: display.contentDisplay, wrapLines: display.wrapLines, stickyColumns: { first: display.stickyFirst, last: 0 } }
    : { pageSize };

  return (
    <span ref={box} onPointerEnter={preload} onFocus={preload} style={{ display: 'contents' }}>
      {!wanted ? (
        standIn
      ) : (
        <Suspense fallback={standIn}>
          <CollectionPreferences
            title={title}
            confirmLabel={t('collection.confirm')}
            cancelLabel={t('common.cancel')}
            preferences={preferences}
            pageSizePreference={{
              title: t('collection.pageSize'),
              options: pageSizes.map((size) => ({ value: size, label: t('collection.pageSizeOption', { size }) })),
            }}
            {...(display && columns ? displayPreferences(t, columns) : {})}
            onConfirm={({ detail }) => {
              if (isPageSize(detail.pageSize)) onPageSize(detail.pageSize);
              if (!display || !onDisplay) return;
              onDisplay({
                contentDisplay: detail.contentDisplay ? detail.contentDisplay.map(({ id, visible }) => ({ id, visible })) : display.contentDisplay,
                wrapLines: detail.wrapLines ?? display.wrapLines,
                stickyFirst: detail.stickyColumns?.first === 0 ? 0 : 1,
              });
            }}
          />
        </Suspense>
      )}
    </span>
  );
}
