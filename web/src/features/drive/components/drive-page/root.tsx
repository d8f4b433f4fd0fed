import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext, useSearchParams } from 'react-router';
import type { LoginRights } from '@shared/schemas/auth.ts';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { ITEM_ID_PATTERN } from '@shared/constants.ts';
import { CollectionPagination } from '@/components/collection.tsx';
import { useCursorPaging } from '@/lib/cursor-paging.ts';
import { usePageLayout, usePageSplitPanel, type PageSplitPanel } from '@/components/page-layout.tsx';
import { displayProps, TablePreferences, useTableDisplay } from '@/components/table-preferences.tsx';
import { Tx } from '@/components/translated.tsx';
import { dismiss, newNotificationId, notify } from '@/lib/notifications.ts';
import { readStoredUser } from '@/lib/session.ts';
import { isAbortError, reportApiError } from '@/lib/api-client.ts';
import type { DriveItem } from '../../api/get-file-info.ts';
import { refreshFolder, useFolderPage } from '../../api/list-folder.ts';
import type { ExistingFile } from '../../api/check-duplicates.ts';
import { useFavoriteIds } from '../../api/list-favorites.ts';
import { useItemsTags } from '../../api/list-items-tags.ts';
import { ATTENTION_FILTER, useDriveWidePage } from '../../api/list-attention.ts';
import { placeText } from '../../utils/place.ts';
import { TagFilter } from './tag-filter.tsx';
import { AttentionFilter } from './attention-filter.tsx';
import { ViewToggle } from './view-toggle.tsx';
import { useDriveView } from './view-choice.ts';
import { usePhoneWidth } from '@/lib/phone-width.ts';
import { SearchField, type FolderFilter } from './search-field.tsx';
import type { planDrop, UploadTarget } from '../../utils/transfers.tsx';
import { DropZone } from './drop-zone.tsx';
import type { DroppedEntries } from '../../utils/dropped-files.ts';

import {
  defaultDriveColumns,
  driveColumns,
  entryDragProps,
  folderHref,
  readPageSize,
  writePageSize,
  type DrivePageSize,
  type DriveSortItem,
  type DriveColumnExtras,
} from './table-config.tsx';
import { mayShareLinks } from '../../utils/share-right.ts';
import { actionMenuIds, contextMenuIds, useDriveCommands, type DriveCommandId } from './commands.tsx';
import { useDriveShortcuts } from './use-drive-shortcuts.ts';
import { droppedIds, overTarget, copies, carriesEntries } from './drag-move.ts';

interface Sort {
  item: DriveSortItem;
  flg: 1 | 2;
}

const isFolderId = (value: string | null): value is string => value !== null && ITEM_ID_PATTERN.test(value);

// Uploads, downloads and the create-folder dialog (with the shared schema, and zod) load when first used.
const transfers = () => import('../../utils/transfers.tsx');
const CreateFolderModal = lazy(() => import('../create-folder-modal.tsx').then((module) => ({ default: module.CreateFolderModal })));
const DuplicateChoiceModal = lazy(() => import('../duplicate-choice-modal.tsx').then((module) => ({ default: module.DuplicateChoiceModal })));
const DetailedRegistrationModal = lazy(() => import('../detailed-registration-modal.tsx').then((module) => ({ default: module.DetailedRegistrationModal })));
// The grid and the phone list (two more renderings of the same selection) load when first shown.
const GridView = lazy(() => import('./grid-view.tsx').then((module) => ({ default: module.GridView })));
const PhoneList = lazy(() => import('./phone-list.tsx').then((module) => ({ default: module.PhoneList })));
const PhoneActions = lazy(() => import('./phone-actions.tsx').then((module) => ({ default: module.PhoneActions })));
const DetailsPanel = lazy(() => import('./details-panel.tsx').then((module) => ({ default: module.DetailsPanel })));
// The context menu and the shortcut help load on first use.
const DriveContextMenu = lazy(() => import('./context-menu.tsx').then((module) => ({ default: module.DriveContextMenu })));
const ShortcutHelp = lazy(() => import('./shortcut-help.tsx').then((module) => ({ default: module.ShortcutHelp })));
// The folder menu's dialogs: file-request links and the intake mail address (docs/drive.md "Receiving documents").
const FileRequestDialog = lazy(() => import('../file-request-dialog.tsx').then((module) => ({ default: module.FileRequestDialog })));
const MailAddressDialog = lazy(() => import('../mail-address-dialog.tsx').then((module) => ({ default: module.MailAddressDialog })));
const ListErrorState = lazy(() => import('@/components/list-error.tsx').then((module) => ({ default: module.ListErrorState })));
const planDropOf = (...args: Parameters<typeof planDrop>) => transfers().then((module) => module.planDrop(...args));
const isTagId = (value: string | null): value is string => value !== null && /^[0-9a-f-]{36}$/.test(value);

/** The drive (SPEC.md §2, /storage): Cloudscape's table view of one folder's contents. */
export default function DrivePage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const [params, setParams] = useSearchParams();
  const requested = params.get('folder');
  const folderId = isFolderId(requested) ? requested : 'root';
  // The tag filter (?tag=<id>): the table lists that tag's entries drive-wide (com_drive/tag_items).
  const tagParam = params.get('tag');
  // "Needs attention" (?attention=1) is the other drive-wide list: the page treats it as it does a tag's.
  const tagId = isTagId(tagParam) ? tagParam : params.get('attention') === '1' ? ATTENTION_FILTER : undefined;
  // Opened from favourites or recent files (?select=<id>): the entry starts selected.
  const preselected = params.get('select');

  const [sort, setSort] = useState<Sort>({ item: 'name', flg: 1 });
  const [pageSize, setPageSize] = useState<DrivePageSize>(readPageSize);
  const scope = `${folderId}|${sort.item}|${sort.flg}|${pageSize}${tagId ? `|tag:${tagId}` : ''}`;
  const paging = useCursorPaging(scope);
  const [selection, setSelection] = useState<{ scope: string; ids: string[] }>({ scope, ids: [] });
  const selectedIds = selection.scope === `${scope}|${paging.index}` ? selection.ids : preselected && !tagId ? [preselected] : [];
  const [creating, setCreating] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // Files whose names are taken in the folder wait here for the user's choice (duplicate dialog).
  const [conflicted, setConflicted] = useState<{ targets: UploadTarget[]; conflicts: (ExistingFile & { place?: string })[] }>();
  // Files chosen for detailed registration wait here for their fields.
  const [detailing, setDetailing] = useState<File[]>();
  const detailedInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  // View (1) lists and downloads; active (2) and update (3) also add folders and files.
  const rights = useOutletContext<LoginRights>();
  const userId = readStoredUser()?.user_id;
  const [view, setView] = useDriveView(userId);
  const phone = usePhoneWidth();

  const cursor = paging.cursor;
  const { data, isLoading, error, mutate } = useFolderPage({
    folder_id: folderId,
    sort_item: sort.item,
    sort_flg: sort.flg,
    page_size: pageSize,
    // While the tag filter is on, the cursors are the filter's: the folder stays on its first page.
    ...(cursor && !tagId ? { cursor } : {}),
  });
  // keepPreviousData shows the last folder while the next loads; never show another folder's rows as this one's.
  const current = data && data.folder.id === folderId ? data : undefined;
  const { current: taggedPage, error: taggedError, mutate: reloadTagged } = useDriveWidePage(tagId, pageSize, cursor);
  const listed = tagId ? taggedPage : current;
  // While the name box has text, its matches in this folder replace the rows (search-field.tsx).
  const [filter, setFilter] = useState<FolderFilter>();
  const filtering = !!filter && !tagId;
  const items = useMemo(
    () => (filtering ? filter.items : tagId ? taggedPage?.items : current?.items) ?? [],
    [filtering, filter, tagId, taggedPage, current],
  );
  // What the caller may do in this folder after its permissions (the listing says; 1: view only).
  const mayAdd = (!tagId && current ? Math.min(rights.drive, current.level) : rights.drive) >= 2;
  const favoriteIds = useFavoriteIds();
  const itemsTags = useItemsTags(useMemo(() => items.map((item) => item.id), [items]));
  const selectedItems = items.filter((item) => selectedIds.includes(item.id));
  const openFolder = useCallback((id: string) => setParams(id === 'root' ? {} : { folder: id }), [setParams]);
  // What can be done to the selection (commands.tsx): the header, the menus, the keyboard and undo render it.
  const commands = useDriveCommands({
    folderId,
    items,
    selected: selectedItems,
    scope: {
      drive: rights.drive,
      userId,
      mayAdd,
      mayShareLinks: mayShareLinks(rights, !tagId && current ? current.level : selectedItems.length === 1 ? selectedItems[0]!.level : undefined),
      favoriteIds,
    },
    admin: rights.admin === 1,
    onDone: () => setSelection({ scope, ids: [] }),
    openFolder,
  });
  const command = commands.command;

  const tagsOf = useCallback((id: string) => itemsTags.data?.tags[id], [itemsTags.data]);
  const chooseTag = (id: string | undefined) =>
    setParams(() => {
      const next = new URLSearchParams();
      if (folderId !== 'root') next.set('folder', folderId);
      if (id) next.set('tag', id);
      return next;
    });

  // The details of the selection in the split panel; where an entry is: this folder, or (filtered by tag) its own path.
  const folderPlace = useMemo(
    () => [...(current?.path ?? []).filter((ancestor) => ancestor.id !== 'root'), ...(folderId === 'root' || !current ? [] : [current.folder])],
    [current, folderId],
  );
  const selectedKey = selectedIds.join(',');
  const splitPanel = useMemo((): PageSplitPanel => {
    const chosen = items.filter((item) => selectedKey.split(',').includes(item.id));
    const one = chosen.length === 1 ? chosen[0]! : undefined;
    const placeOf = (item: DriveItem) => {
      const placed = tagId ? taggedPage?.items.find((entry) => entry.id === item.id) : undefined;
      return placeText({ path: placed ? placed.path : folderPlace }, t('location.root'));
    };
    return {
      header: one ? t('tags.details.title', { name: one.name }) : t('tags.details.header'),
      content: (
        <Suspense fallback={null}>
          <DetailsPanel
            selected={chosen}
            place={placeOf}
            tags={one ? itemsTags.data?.tags[one.id] : undefined}
            onPreview={(item) => commands.run('preview', [item])}
            onEditDetails={one && command('editDetails', [one]).disabled === false ? (item) => commands.run('editDetails', [item]) : undefined}
          />
        </Suspense>
      ),
      labels: {
        open: t('tags.details.open'),
        close: t('tags.details.close'),
        preferences: t('tags.details.preferences'),
        resize: t('tags.details.resize'),
        position: t('tags.details.position'),
        positionBottom: t('tags.details.positionBottom'),
        positionSide: t('tags.details.positionSide'),
        confirm: t('tags.details.confirm'),
        cancel: t('tags.details.cancel'),
      },
    };
  }, [items, selectedKey, tagId, taggedPage, folderPlace, itemsTags.data, t, command, commands]);
  // The details panel appears with the first selection and stays (its code loads then, not with the page).
  const [detailsShown, setDetailsShown] = useState(false);
  if (selectedIds.length > 0 && !detailsShown) setDetailsShown(true);
  usePageSplitPanel(detailsShown ? splitPanel : undefined);

  const folderName = folderId === 'root' ? t('drive.title') : (current?.folder.name ?? '');
  usePageLayout(
    [
      { text: t('drive.title'), href: folderHref('root') },
      ...(current?.path ?? []).filter((ancestor) => ancestor.id !== 'root').map((ancestor) => ({ text: ancestor.name, href: folderHref(ancestor.id) })),
      ...(folderId === 'root' ? [] : [{ text: folderName || '…', href: folderHref(folderId) }]),
    ],
    'table',
  );

  const hasMore = !!listed?.next_cursor;

  const select = (items: DriveItem[]) => setSelection({ scope: `${scope}|${paging.index}`, ids: items.map((item) => item.id) });

  // Where uploads into this folder go, as the transfers panel says it ("Drive / Invoices").
  const currentPlace = placeText({ path: folderPlace }, t('location.root'));

  /**
   * Asks about names already taken first, in every folder the files go to (the files of a dropped
   * folder merged into one of the same name meet its files); the rest (or all, when none is taken)
   * goes at once. `targets` go into this folder; `nested`: files of dropped folders, placed in the
   * folders made (or found) for them.
   */
  const uploadChecked = useCallback(async (targets: UploadTarget[], nested: UploadTarget[] = []) => {
    const checking = newNotificationId('upload-check');
    notify({ id: checking, type: 'in-progress', loading: true, dismissible: false, header: t('versions.duplicates.checking') });
    const all = [...targets, ...nested];
    try {
      const module = await transfers();
      const byFolder = new Map<string, UploadTarget[]>();
      for (const target of all) byFolder.set(target.folderId, [...(byFolder.get(target.folderId) ?? []), target]);
      const conflicts = (
        await Promise.all(
          [...byFolder].map(async ([into, group]) =>
            (await module.findConflicts(group.map((target) => target.file), into)).map((conflict) => ({ ...conflict, ...(into === folderId ? {} : { place: group[0]!.place }) })),
          ),
        )
      ).flat();
      dismiss(checking);
      if (conflicts.length === 0) module.startUploads(all);
      else setConflicted({ targets: all, conflicts });
    } catch (error) {
      dismiss(checking);
      for (const target of all) target.follow?.dropped();
      if (!isAbortError(error)) reportApiError(error);
    }
  }, [t, setConflicted, folderId]);

  /** Files and folders dropped from the desktop: the folders made first, then everything uploaded. */
  const onDropped = useCallback(async (dropped: DroppedEntries, target?: DriveItem) => {
    const into = target?.id ?? folderId;
    const place = target ? `${currentPlace} / ${target.name}` : currentPlace;
    try {
      const { top, nested } = await planDropOf(dropped, into, place);
      if (top.length + nested.length > 0) await uploadChecked(top.map((file) => ({ file, folderId: into, place })), nested);
    } catch (error) {
      if (!isAbortError(error)) reportApiError(error);
    }
  }, [folderId, currentPlace, uploadChecked]);
  const onFilesChosen = (files: FileList | null) => {
    const chosen = files ? Array.from(files) : [];
    if (fileInput.current) fileInput.current.value = '';
    if (chosen.length > 0) void uploadChecked(chosen.map((file) => ({ file, folderId, place: currentPlace })));
  };

  /** A folder chosen through the picker: made in the drive as a dropped one is, then its files uploaded. */
  const onFolderChosen = (files: FileList | null) => {
    const chosen = files ? Array.from(files) : [];
    if (folderInput.current) folderInput.current.value = '';
    if (chosen.length === 0) return;
    void transfers()
      .then((module) => module.planPickedFolder(chosen, folderId, currentPlace))
      .then(({ top, nested }) => uploadChecked(top.map((file) => ({ file, folderId, place: currentPlace })), nested), (error: unknown) => !isAbortError(error) && reportApiError(error));
  };

  const onDetailedChosen = (files: FileList | null) => {
    const chosen = files ? Array.from(files) : [];
    if (detailedInput.current) detailedInput.current.value = '';
    if (chosen.length > 0) setDetailing(chosen);
  };

  // A drop onto a folder's row uploads into that folder.
  const onDropInto = useMemo(() => (mayAdd ? (folder: DriveItem, dropped: DroppedEntries) => void onDropped(dropped, folder) : undefined), [mayAdd, onDropped]);
  // Drive entries dropped on a folder row or a breadcrumb: the same checks as the Move and Copy dialogs'
  // (the server's answer per entry, reportBulk).
  const onEntriesDrop = (folder: { id: string; name: string }, ids: string[], copy: boolean) => {
    const entries = items.filter((entry) => ids.includes(entry.id) && entry.id !== folder.id);
    if (entries.length === 0 || commands.command(copy ? 'copy' : 'move', entries).disabled) return;
    void commands.moveInto(entries, folder, copy);
  };
  // The cells' handlers change with the selection: the columns are made each render (Cloudscape keeps the rows).
  const columnExtras: DriveColumnExtras = {
    favoriteIds,
    tagsOf,
    onDropInto,
    onOpen: (item) => commands.run('open', [item]),
    onToggleFavorite: (item) => commands.run('favorite', [item]),
    favoriteBusy: commands.favoriteBusy,
    // A drag of a selected row carries the selection; of another row, that row alone.
    dragIds: (item) => (selectedIds.includes(item.id) ? [...selectedIds] : [item.id]),
    onEntriesDrop: rights.drive >= 2 ? onEntriesDrop : undefined,
    // The "fields read — confirm" marker runs Edit details, on a file the user may run it on.
    onConfirmFields: (item) => commands.run('editDetails', [item]),
    mayConfirmFields: (item) => command('editDetails', [item]).disabled === false,
  };
  const columns = driveColumns(t, language, openFolder, columnExtras);
  const { display, save: saveDisplay } = useTableDisplay('drive', columns, defaultDriveColumns);

  const onCreated = (item: DriveItem) => {
    setCreating(false);
    const id = newNotificationId('folder');
    notify(
      { id, type: 'success', header: <Tx k="drive.createFolder.created" values={{ name: item.name }} />, dismissLabel: t('common.close') },
      5000,
    );
    void refreshFolder(folderId);
  };

  const createButton = (testId: string) => (
    <Button iconName="folder" onClick={() => setCreating(true)} nativeButtonAttributes={{ 'data-testid': testId }}>
      {t('drive.actions.createFolder')}
    </Button>
  );
  const pickFiles = useCallback(() => fileInput.current?.click(), []);
  const pickDetailedFiles = useCallback(() => detailedInput.current?.click(), []);
  const pickFolder = useCallback(() => folderInput.current?.click(), []);
  // Upload in the user's registration method (SPEC.md §4: simple 0, detailed 1; set on the profile), the other in its menu.
  const detailedFirst = readStoredUser()?.file_regist_method === 1;
  const uploadButton = (variant: 'primary' | 'normal') => (
    <ButtonDropdown
      variant={variant}
      mainAction={{ text: t('drive.actions.upload'), iconName: 'upload', onClick: detailedFirst ? pickDetailedFiles : pickFiles }}
      nativeMainActionAttributes={{ button: { 'data-testid': variant === 'primary' ? 'upload-button' : 'upload-button-empty' } as Record<string, string> }}
      nativeTriggerAttributes={{ 'data-testid': variant === 'primary' ? 'upload-menu' : 'upload-menu-empty' } as Record<string, string>}
      ariaLabel={t('registration.menuLabel')}
      items={[
        detailedFirst
          ? { id: 'simple', text: t('registration.simpleAction'), iconName: 'upload' }
          : { id: 'detailed', text: t('registration.action'), iconName: 'edit' },
        { id: 'folder', text: t('transfers.folder.action'), iconName: 'folder' },
      ]}
      onItemClick={({ detail }) => (detail.id === 'folder' ? pickFolder() : detail.id === 'detailed' ? pickDetailedFiles() : pickFiles())}
    />
  );


  // The Actions menu of the selection (Cloudscape's pattern for a table's secondary actions).
  const actionItems = commands.menuItems(actionMenuIds);
  const runAction = (id: string) => commands.run(id as DriveCommandId);
  const download = command('download');
  const preview = command('preview');
  const trash = command('trash');
  const zip = command('zip');

  const counter = listed ? `(${paging.index * pageSize + items.length}${hasMore ? '+' : ''})` : undefined;
  const taggedName = taggedPage?.tag.name ?? '';
  // The grid (the user's choice) or the phone list (below 688 px) render the entries and the same
  // selection in place of the table's rows; the table keeps the header, filters and pagination.
  const framed = (phone || view === 'grid') && items.length > 0;
  const openEntry = (item: DriveItem) => commands.run('open', [item]);
  // The context menu of the entries under the pointer (or of the selection, from the keyboard).
  const [menu, setMenu] = useState<{ x: number; y: number; ids: string[] }>();
  const closeMenu = useCallback(() => setMenu(undefined), []);
  const menuFor = (item: DriveItem, x: number, y: number) => {
    const ids = selectedIds.includes(item.id) ? selectedIds : [item.id];
    if (!selectedIds.includes(item.id)) select([item]);
    setMenu({ x, y, ids: [...ids] });
  };
  const entryAt = (target: EventTarget | null) => {
    const element = target instanceof Element ? target.closest('tr, [data-item-id]') : null;
    const id = element?.getAttribute('data-item-id') ?? element?.querySelector('[data-item-id]')?.getAttribute('data-item-id');
    return items.find((item) => item.id === id);
  };
  const onContextMenu = (event: ReactMouseEvent<HTMLElement>, item = entryAt(event.target)) => {
    if (!item) return;
    event.preventDefault();
    menuFor(item, event.clientX, event.clientY);
  };
  const [helpOpen, setHelpOpen] = useState(false);
  // The folder menu (the folder shown, never a drive-wide list): request files from people without an
  // account where the user may add and issue links (the share dialog's rule); the intake mail address for administrators.
  const [folderDialog, setFolderDialog] = useState<'requestFiles' | 'mailAddress'>();
  const mayRequestFiles = !tagId && !!current && mayAdd && mayShareLinks(rights, current.level);
  const mayManageMail = !tagId && !!current && rights.admin === 1;
  const folderMenuItems: ButtonDropdownProps.Item[] = [
    ...(mayRequestFiles ? [{ id: 'requestFiles', text: t('fileRequests.action'), iconName: 'upload' as const }] : []),
    ...(mayManageMail ? [{ id: 'mailAddress', text: t('arrivals.folderMenu.mailAddress'), iconName: 'envelope' as const }] : []),
  ];
  const runFolderAction = (id: string) => {
    if (id === 'requestFiles' || id === 'mailAddress') setFolderDialog(id);
  };
  useDriveShortcuts((action) => {
    if (action === 'help') setHelpOpen(true);
    else if (action === 'search') document.querySelector<HTMLInputElement>('[data-testid="drive-search-field"] input')?.focus();
    else if (action === 'selectAll') select(items);
    else if (action === 'clear') {
      if (selectedIds.length === 0) return false;
      select([]);
    } else if (action === 'menu') {
      // From the keyboard: the focused entry's menu (or the selection's), beside it.
      const focused = document.activeElement;
      if (!focused?.closest('[data-drive-entries]')) return false;
      const item = entryAt(focused) ?? selectedItems[0];
      if (!item) return false;
      const row = focused.closest('tr, [data-item-id]') ?? focused;
      const box = row.getBoundingClientRect();
      menuFor(item, box.left + 24, box.bottom);
    } else {
      if (commands.command(action).disabled) return false;
      commands.run(action);
    }
    return true;
  });
  // Drive entries dropped on a breadcrumb (the app layout's links to /storage?folder=...) move there.
  const dropOnCrumb = useRef(onEntriesDrop);
  useEffect(() => {
    dropOnCrumb.current = onEntriesDrop;
  });
  useEffect(() => {
    const crumb = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLAnchorElement>('nav a[href^="/storage"]') : null);
    const over = (event: DragEvent) => {
      const link = crumb(event.target);
      if (link) overTarget(event, link);
    };
    const leave = (event: DragEvent) => crumb(event.target)?.classList.remove('drive-name-drop');
    const drop = (event: DragEvent) => {
      const link = crumb(event.target);
      if (!link || !carriesEntries(event.dataTransfer)) return;
      event.preventDefault();
      link.classList.remove('drive-name-drop');
      const id = new URL(link.href).searchParams.get('folder') ?? 'root';
      dropOnCrumb.current({ id, name: link.textContent ?? '' }, droppedIds(event.dataTransfer!), copies(event));
    };
    document.addEventListener('dragover', over);
    document.addEventListener('dragleave', leave);
    document.addEventListener('drop', drop);
    return () => {
      document.removeEventListener('dragover', over);
      document.removeEventListener('dragleave', leave);
      document.removeEventListener('drop', drop);
    };
  }, []);
  const entryViewProps = {
    // Dragging a tile moves it (or the selection) as a row does; a folder tile takes drops.
    entryProps: (item: DriveItem) => entryDragProps(item, columnExtras),
    items, selectedIds, onSelectionChange: select, onOpen: openEntry, onContextMenu: (event: ReactMouseEvent<HTMLElement>, item: DriveItem) => onContextMenu(event, item), favoriteIds, ariaLabel: t('driveViews.grid.label'),
  };
  // Below 688 px the header's buttons are one menu (phone-actions.tsx): what each item runs.
  const runPhoneAction = (id: string) => {
    if (id === 'upload') (detailedFirst ? pickDetailedFiles : pickFiles)();
    else if (id === 'createFolder') setCreating(true);
    else if (id === 'delete') commands.run('trash');
    else if (id === 'refresh') void mutate();
    else if (id === 'requestFiles' || id === 'mailAddress') runFolderAction(id);
    else runAction(id);
  };

  return (
    <>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        aria-label={t('drive.upload.inputLabel')}
        data-testid="upload-input"
        onChange={(event) => onFilesChosen(event.currentTarget.files)}
      />
      <input
        ref={detailedInput}
        type="file"
        multiple
        hidden
        aria-label={t('registration.action')}
        data-testid="detailed-upload-input"
        onChange={(event) => onDetailedChosen(event.currentTarget.files)}
      />
      {/* The folder picker: every file of the chosen folder, with its path inside it (webkitRelativePath). */}
      <input
        ref={folderInput}
        type="file"
        hidden
        {...{ webkitdirectory: '' }}
        aria-label={t('transfers.folder.inputLabel')}
        data-testid="folder-upload-input"
        onChange={(event) => onFolderChosen(event.currentTarget.files)}
      />
      {mayAdd && !tagId && <DropZone hint={t('transfers.drop.hint', { place: currentPlace })} onDrop={(dropped) => void onDropped(dropped)} />}
      {/* The entries: right-click opens the context menu, a double click on a row opens it (data-drive-entries: where the menu key acts). */}
      <div
        className={framed ? 'drive-framed' : undefined}
        data-drive-entries
        onContextMenu={(event) => onContextMenu(event)}
        onDoubleClick={(event) => {
          const item = entryAt(event.target);
          if (item && !(event.target instanceof Element && event.target.closest('a, button, input'))) commands.run('open', [item]);
        }}
      >
      <Table<DriveItem>
        data-testid="drive-table"
        variant="full-page"
        stickyHeader
        items={framed ? [] : items}
        // Where the grid or the phone list goes: under the (hidden) rows, above a phone's pagination.
        footer={framed ? (
          <div className="drive-entries">
            <Suspense fallback={null}>{phone ? <PhoneList {...entryViewProps} /> : <GridView {...entryViewProps} />}</Suspense>
          </div>
        ) : undefined}
        trackBy="id"
        columnDefinitions={columns}
        {...displayProps(display)}
        // While the name box's first answer is on its way the table waits, never "This folder is empty".
        loading={tagId ? !taggedPage && taggedError === undefined : (isLoading && !current) || (filtering && filter.items === undefined)}
        loadingText={t('drive.loadingItems')}
        selectionType="multi"
        selectedItems={selectedItems}
        onSelectionChange={({ detail }) => select(detail.selectedItems)}
        onRowClick={({ detail }) => select([detail.item])}
        // The tag filter reads newest tagging first: no other order.
        sortingDisabled={!!tagId}
        filter={
          <div className="drive-filters">
            {!tagId && <SearchField folderId={folderId} folderName={folderId === 'root' ? '' : (current?.folder.name ?? '')} onFilter={setFilter} />}
            <TagFilter tagId={tagId === ATTENTION_FILTER ? undefined : tagId} onChange={chooseTag} />
            <AttentionFilter active={tagId === ATTENTION_FILTER} />
          </div>
        }
        sortingColumn={columns.find((column) => column.sortingField === sort.item)}
        sortingDescending={sort.flg === 2}
        onSortingChange={({ detail }) =>
          setSort({ item: (detail.sortingColumn.sortingField as DriveSortItem) ?? 'name', flg: detail.isDescending ? 2 : 1 })
        }
        ariaLabels={{
          tableLabel: t('drive.tableLabel'),
          selectionGroupLabel: t('drive.selection.group'),
          allItemsSelectionLabel: () => t('drive.selection.all'),
          itemSelectionLabel: (_, item) => t('drive.selection.item', { name: item.name }),
        }}
        renderAriaLive={({ firstIndex, lastIndex }) => `${firstIndex}–${lastIndex}`}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={counter}
            description={
              tagId === ATTENTION_FILTER ? <span data-testid="attention-active">{t('arrivals.attention.active')}</span> : tagId ? <span data-testid="tag-filter-active">{t('tags.filter.active', { name: taggedName })}</span> : folderId === 'root' ? t('drive.description') : undefined
            }
            actions={phone ? (
              <Suspense fallback={null}>
                <PhoneActions
                  mayAdd={mayAdd}
                  canDownload={!download.disabled}
                  downloadReason={download.disabledReason ?? ''}
                  previewReason={preview.disabledReason ?? ''}
                  canZip={!zip.disabled}
                  canTrash={!trash.disabled}
                  actionItems={actionItems}
                  commandItems={[...commands.menuItems(['preview', 'download', 'zip', ...actionMenuIds, 'trash']), ...folderMenuItems]}
                  onRun={runPhoneAction}
                />
              </Suspense>
            ) : (
              <SpaceBetween direction="horizontal" size="xs">
                <ViewToggle view={view} onChange={setView} />
                <Button
                  iconName="refresh"
                  ariaLabel={t('drive.actions.refresh')}
                  onClick={() => void mutate()}
                  nativeButtonAttributes={{ 'data-testid': 'refresh-button' }}
                />
                <Button
                  iconName="file-open"
                  disabled={preview.disabled}
                  disabledReason={preview.disabledReason}
                  onClick={() => commands.run('preview')}
                  nativeButtonAttributes={{ 'data-testid': 'preview-button' }}
                >
                  {t('preview.action')}
                </Button>
                <ButtonDropdown
                  mainAction={{
                    text: t('drive.actions.download'),
                    iconName: 'download',
                    disabled: download.disabled,
                    disabledReason: download.disabledReason,
                    onClick: () => commands.run('download'),
                  }}
                  nativeMainActionAttributes={{ button: { 'data-testid': 'download-button' } as Record<string, string> }}
                  nativeTriggerAttributes={{ 'data-testid': 'download-menu' } as Record<string, string>}
                  ariaLabel={t('drive.actions.moreDownloads')}
                  loading={commands.zipBusy}
                  items={commands.menuItems(['zip'])}
                  onItemClick={({ detail }) => commands.run(detail.id as DriveCommandId)}
                  data-testid="download-dropdown"
                />
                <ButtonDropdown
                  items={actionItems}
                  onItemClick={({ detail }) => runAction(detail.id)}
                  loading={commands.favoriteBusy}
                  data-testid="drive-actions"
                >
                  {t('drive.actions.actions')}
                </ButtonDropdown>
                {folderMenuItems.length > 0 && (
                  <ButtonDropdown items={folderMenuItems} onItemClick={({ detail }) => runFolderAction(detail.id)} data-testid="drive-folder-menu">
                    {t('arrivals.folderMenu.label')}
                  </ButtonDropdown>
                )}
                {mayAdd && (
                  <Button
                    disabled={trash.disabled}
                    disabledReason={trash.disabledReason}
                    onClick={() => commands.run('trash')}
                    nativeButtonAttributes={{ 'data-testid': 'trash-button' }}
                  >
                    {t('drive.actions.delete')}
                  </Button>
                )}
                {mayAdd && createButton('create-folder-button')}
                {mayAdd && uploadButton('primary')}
              </SpaceBetween>
            )}
          >
            <span data-testid="drive-folder-name">{folderName}</span>
          </Header>
        }
        empty={
          // A folder that could not be loaded says so (never "This folder is empty" behind the error dialog).
          tagId ? (
            taggedError !== undefined && !taggedPage ? (
              <Suspense fallback={null}>
                <ListErrorState error={taggedError} onRetry={() => void reloadTagged()} />
              </Suspense>
            ) : (
              <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="tag-filter-empty">
                <SpaceBetween size="m">
                  <Box variant="strong" color="inherit">
                    {t(tagId === ATTENTION_FILTER ? 'driveViews.attention.empty' : 'tags.filter.empty')}
                  </Box>
                  <Button onClick={() => chooseTag(undefined)}>{t(tagId === ATTENTION_FILTER ? 'driveViews.attention.clear' : 'tags.filter.clear')}</Button>
                </SpaceBetween>
              </Box>
            )
          ) : filtering ? (
            <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="drive-filter-empty">
              {t('driveCommands.filter.none', { text: filter.text })}
            </Box>
          ) : error !== undefined && !current ? (
            <Suspense fallback={null}>
              <ListErrorState error={error} onRetry={() => void mutate()} />
            </Suspense>
          ) : (
            <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="drive-empty">
              <SpaceBetween size="m">
                <div>
                  <Box variant="strong" color="inherit">
                    {t('drive.empty.title')}
                  </Box>
                  <Box variant="p" color="inherit">
                    {t(mayAdd ? 'drive.empty.description' : 'drive.empty.viewOnly')}
                  </Box>
                </div>
                {mayAdd && (
                  <div className="drive-empty-actions">
                    <SpaceBetween direction="horizontal" size="xs">
                      {createButton('create-folder-button-empty')}
                      {uploadButton('normal')}
                    </SpaceBetween>
                  </div>
                )}
              </SpaceBetween>
            </Box>
          )
        }
        pagination={
          <CollectionPagination {...paging.paginationProps(listed?.next_cursor)} />
        }
        preferences={
          <TablePreferences
            columns={columns}
            display={display}
            pageSize={pageSize}
            onPageSize={(size) => {
              setPageSize(size);
              writePageSize(size);
            }}
            onDisplay={saveDisplay}
          />
        }
      />
      </div>
      {creating && (
        <Suspense fallback={null}>
          <CreateFolderModal parentId={folderId} onDismiss={() => setCreating(false)} onCreated={onCreated} />
        </Suspense>
      )}
      {detailing && (
        <Suspense fallback={null}>
          <DetailedRegistrationModal
            files={detailing}
            admin={rights.admin === 1}
            onDismiss={() => setDetailing(undefined)}
            // The dialog stays open to confirm each file's read fields (it follows the uploads), and closes itself.
            onUpload={(registrations) => void uploadChecked(detailing.map((file, index) => ({ file, folderId, place: currentPlace, ...registrations[index]! })))}
          />
        </Suspense>
      )}
      {conflicted && (
        <Suspense fallback={null}>
          <DuplicateChoiceModal
            conflicts={conflicted.conflicts}
            onCancel={() => {
              for (const target of conflicted.targets) target.follow?.dropped();
              setConflicted(undefined);
            }}
            onConfirm={(choices, reason) => {
              const { targets, conflicts } = conflicted;
              setConflicted(undefined);
              // Each file gets the choice made for the file of its name in the folder it goes to (and the
              // reason when it keeps the old one as an old version: the server asks it of bookkeeping documents only).
              const choiceOf = (target: UploadTarget) => {
                const key = target.file.name.normalize('NFC').toLowerCase();
                const existing = conflicts.find((conflict) => conflict.item.parent_id === target.folderId && conflict.name.normalize('NFC').toLowerCase() === key);
                const choice = existing ? choices.get(existing.item.id) : undefined;
                return { choice, ...(choice === 'old_version' && reason ? { reason } : {}) };
              };
              void transfers().then((module) => module.startUploads(targets.map((target) => ({ ...target, ...choiceOf(target) }))));
            }}
          />
        </Suspense>
      )}
      {commands.dialogs}
      {menu && (
        <Suspense fallback={null}>
          <DriveContextMenu
            x={menu.x}
            y={menu.y}
            label={t('driveCommands.menu.label')}
            commands={contextMenuIds.filter((id) => commands.commands.some((shown) => shown.id === id)).map((id) => commands.command(id, items.filter((item) => menu.ids.includes(item.id))))}
            onRun={(id) => commands.run(id, items.filter((item) => menu.ids.includes(item.id)))}
            onClose={closeMenu}
          />
        </Suspense>
      )}
      {folderDialog && current && (
        <Suspense fallback={null}>
          {folderDialog === 'requestFiles' ? (
            <FileRequestDialog folder={{ id: folderId, name: folderName }} onDismiss={() => setFolderDialog(undefined)} />
          ) : (
            <MailAddressDialog folder={{ id: folderId, name: folderName }} onDismiss={() => setFolderDialog(undefined)} />
          )}
        </Suspense>
      )}
      {helpOpen && (
        <Suspense fallback={null}>
          <ShortcutHelp onDismiss={() => setHelpOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
