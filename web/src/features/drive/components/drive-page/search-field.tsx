import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import { isAbortError, reportApiError } from '@/lib/api-client.ts';
import type { DriveItem } from '../../api/get-file-info.ts';
import { searchItems } from '../../api/search-items.ts';

/** What the box filters the table to while it has text: this folder's entries whose name holds it. */
export interface FolderFilter {
  text: string;
  /** Undefined while the first answer is on its way. */
  items?: DriveItem[];
  capped?: boolean;
}

const DEBOUNCE_MS = 300;
/** The search reads the folder and below (its only scope): a page large enough that this folder's own entries are rarely cut. */
const FILTER_PAGE = 1000;

/**
 * The drive page's name box: typing filters the table to this folder's entries (com_drive/search
 * scoped to the folder, 300 ms after the last key, the subtree's hits outside this folder left out);
 * Enter opens the search page (/search-result) for the folder and below, and the link under the box
 * the whole drive. The search form's URL code (conditions-config.tsx) loads on use, not with the page.
 */
export function SearchField({ folderId, folderName, onFilter }: { folderId: string; folderName: string; onFilter?: (filter: FolderFilter | undefined) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [shown, setShown] = useState<FolderFilter>();
  const query = text.trim();

  // Another folder: the box starts empty.
  const [forFolder, setForFolder] = useState(folderId);
  if (forFolder !== folderId) {
    setForFolder(folderId);
    setText('');
    setShown(undefined);
  }

  useEffect(() => {
    if (!onFilter) return;
    if (query === '') {
      onFilter(undefined);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const waiting = { text: query };
      setShown(waiting);
      onFilter(waiting);
      searchItems({ name: query, ...(folderId === 'root' ? {} : { folder_id: folderId }), page_size: FILTER_PAGE }, { silent: true, signal: abort.signal }).then(
        (answer) => {
          const found = { text: query, items: answer.items.filter((item) => item.parent_id === folderId && item.trashed_date === undefined), capped: answer.next_cursor !== null };
          setShown(found);
          onFilter(found);
        },
        (error: unknown) => {
          if (!isAbortError(error)) reportApiError(error);
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [query, folderId, onFilter]);

  const go = async (wholeDrive: boolean) => {
    const { paramsFromForm, emptyForm, SEARCH_HREF } = await import('../search-page/conditions-config.tsx');
    const form = { ...(wholeDrive || folderId === 'root' ? emptyForm() : emptyForm(folderId, folderName)), name: text };
    await navigate(`${SEARCH_HREF}?${paramsFromForm(form).toString()}`);
  };
  return (
    <div className="drive-search-field">
      <Input
        type="search"
        value={text}
        onChange={({ detail }) => {
          setText(detail.value);
          // Emptied, the box forgets its last answer: typed again, the same text must not show it before its own comes.
          if (detail.value.trim() === '') setShown(undefined);
        }}
        onKeyDown={({ detail }) => {
          if (detail.key === 'Enter' && query !== '') void go(false);
        }}
        placeholder={t('search.field.placeholder')}
        ariaLabel={t('search.field.label')}
        data-testid="drive-search-field"
      />
      {shown && query !== '' && (
        <div className="drive-search-status" role="status" data-testid="drive-filter-status">
          {shown.items === undefined
            ? t('driveCommands.filter.searching')
            : shown.items.length === 0
              ? t('driveCommands.filter.none', { text: shown.text })
              : t('driveCommands.filter.results', { count: shown.items.length, text: shown.text })}
          {shown.capped && ` ${t('driveCommands.filter.capped')}`}{' '}
          <Link onFollow={() => void go(true)} data-testid="drive-filter-whole-drive">
            {t('driveCommands.filter.wholeDrive')}
          </Link>
        </div>
      )}
    </div>
  );
}
