import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Icon from '@cloudscape-design/components/icon';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import TreeView from '@cloudscape-design/components/tree-view';
import { isAbortError } from '@/lib/api-client.ts';
import { loadErrorText } from '@/components/list-error.tsx';
import { listLocations } from '../api/list-locations.ts';

/** A folder the dialog answers: its id ('root' for the drive's top), name and the folders above it. */
export interface ChosenFolder {
  id: string;
  name: string;
  /** From the root down to the folder's parent (empty for the root itself). */
  path: { id: string; name: string }[];
}

type Folder = { id: string; name: string; level: number; restricted?: boolean };

type Children =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'loaded';
      folders: Folder[];
      /** The next page's cursor (null: all read), and how reading it goes. */
      nextCursor: string | null;
      more?: { status: 'loading' } | { status: 'error'; message: string };
    };

type Node =
  | ({ kind: 'folder' } & Folder)
  | { kind: 'loading'; parentId: string }
  | { kind: 'error'; parentId: string; message: string }
  | { kind: 'more'; parentId: string };

const nodeId = (node: Node): string => (node.kind === 'folder' ? `location-${node.id}` : `location-${node.parentId}-${node.kind}`);

/** Folders a page: one "Show more" (shared/schemas/drive-locations.ts `LOCATION_PAGE_SIZE`; not imported, to keep zod out of the chunk). */
const PAGE_SIZE = 50;

/** Below this level nothing can be saved in a folder (drive levels: 1 view, 2 active, 3 update). */
const SAVE_LEVEL = 2;

/** One page of a folder's subfolders, by name (com_drive/location_sel); the root page also gives the caller's level at the top. */
async function readPage(folderId: string, cursor: string | null, signal: AbortSignal): Promise<{ folders: Folder[]; nextCursor: string | null; level: number }> {
  const answer = await listLocations({ folder_id: folderId, page_size: PAGE_SIZE, ...(cursor ? { cursor } : {}) }, { signal, silent: true });
  return { folders: answer.folders, nextCursor: answer.next_cursor, level: answer.level };
}

/**
 * The drive's folder chooser: a modal with the folder tree from the drive's root, each folder's
 * subfolders read a page at a time (com_drive/location_sel, SPEC.md §7 "location selection") when it
 * is first opened, "Show more" reading the next page. A folder the caller may only read is shown
 * but cannot be chosen. Cloudscape's tree view gives the
 * keyboard model (arrow keys between folders, right arrow to a folder's name, Enter or Space
 * selects it). Answers the chosen folder; the caller runs the action and closes the dialog, or
 * shows why it failed in `error`. Used to copy, to move and to restore from the trash.
 */
export function LocationDialog({
  header,
  description,
  children,
  submitLabel,
  busy,
  error,
  onSubmit,
  onDismiss,
}: {
  header: string;
  description?: ReactNode;
  /** Notes shown above the tree (e.g. what cannot go elsewhere). */
  children?: ReactNode;
  submitLabel: string;
  busy: boolean;
  /** Why the last submit failed, shown in place: another folder can be chosen. */
  error?: ReactNode;
  onSubmit: (folder: ChosenFolder) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const rootName = t('location.root');
  const [childrenOf, setChildrenOf] = useState<Record<string, Children>>({ root: { status: 'loading' } });
  const [expanded, setExpanded] = useState<string[]>(['location-root']);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  /** The caller's level at the drive's top (the root page says it). */
  const [rootLevel, setRootLevel] = useState<number | undefined>();
  const controllers = useRef(new Map<string, AbortController>());

  /** Reads a folder's first page (`cursor` null) or its next one, appended to what is shown. */
  const load = (folderId: string, cursor: string | null = null) => {
    const key = cursor === null ? folderId : `${folderId}#more`;
    controllers.current.get(key)?.abort();
    const controller = new AbortController();
    controllers.current.set(key, controller);
    return readPage(folderId, cursor, controller.signal).then(
      (page) => {
        if (folderId === 'root' && cursor === null) setRootLevel(page.level);
        setChildrenOf((current) => {
          const known = current[folderId];
          const before = cursor !== null && known?.status === 'loaded' ? known.folders : [];
          return { ...current, [folderId]: { status: 'loaded', folders: [...before, ...page.folders], nextCursor: page.nextCursor } };
        });
      },
      (reason: unknown) => {
        if (isAbortError(reason)) return;
        const message = loadErrorText(reason, t);
        setChildrenOf((current) => {
          const known = current[folderId];
          if (cursor !== null && known?.status === 'loaded') return { ...current, [folderId]: { ...known, more: { status: 'error', message } } };
          return { ...current, [folderId]: { status: 'error', message } };
        });
      },
    ).finally(() => {
      if (controllers.current.get(key) === controller) controllers.current.delete(key);
    });
  };

  const showMore = (folderId: string) => {
    const known = childrenOf[folderId];
    if (known?.status !== 'loaded' || !known.nextCursor || known.more?.status === 'loading') return;
    setChildrenOf((current) => ({ ...current, [folderId]: { ...known, more: { status: 'loading' } } }));
    void load(folderId, known.nextCursor);
  };

  const open = (folderId: string) => {
    const known = childrenOf[folderId];
    if (known && known.status !== 'error') return;
    setChildrenOf((current) => ({ ...current, [folderId]: { status: 'loading' } }));
    void load(folderId);
  };

  // The root is open from the start; every read still running stops with the dialog.
  useEffect(() => {
    const running = controllers.current;
    void load('root');
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
    // Once per dialog: `load` only reads state setters and refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Where each folder seen sits (for the chosen folder's path); the root has no parent.
  const parents = useMemo(() => {
    const map = new Map<string, { name: string; parentId: string }>();
    for (const [parentId, state] of Object.entries(childrenOf)) {
      if (state.status === 'loaded') for (const folder of state.folders) map.set(folder.id, { name: folder.name, parentId });
    }
    return map;
  }, [childrenOf]);
  const chosen = (id: string): ChosenFolder => {
    if (id === 'root') return { id, name: rootName, path: [] };
    const path: { id: string; name: string }[] = [];
    let parentId = parents.get(id)?.parentId;
    while (parentId !== undefined) {
      const parent = parents.get(parentId);
      path.unshift({ id: parentId, name: parent?.name ?? rootName });
      parentId = parent?.parentId;
    }
    return { id, name: parents.get(id)?.name ?? '', path };
  };
  const selection = selectedId === undefined ? undefined : chosen(selectedId);
  const selectionText = selection ? [...selection.path.map((folder) => folder.name), selection.name].join(' / ') : undefined;

  const childNodes = (folderId: string): Node[] => {
    const state = childrenOf[folderId];
    if (!state || state.status === 'loading') return [{ kind: 'loading', parentId: folderId }];
    if (state.status === 'error') return [{ kind: 'error', parentId: folderId, message: state.message }];
    const folders: Node[] = state.folders.map((folder) => ({ kind: 'folder', ...folder }));
    return state.nextCursor ? [...folders, { kind: 'more', parentId: folderId }] : folders;
  };

  const retry = (folderId: string) => {
    setChildrenOf((current) => ({ ...current, [folderId]: { status: 'loading' } }));
    void load(folderId);
  };

  const renderNode = (node: Node) => {
    switch (node.kind) {
      case 'loading':
        return { content: <StatusIndicator type="loading">{t('location.loading')}</StatusIndicator>, announcementLabel: t('location.loading') };
      case 'error':
        return {
          content: <StatusIndicator type="error">{node.message}</StatusIndicator>,
          announcementLabel: node.message,
          actions: (
            <Button variant="inline-link" onClick={() => retry(node.parentId)} nativeButtonAttributes={{ 'data-testid': 'location-retry' }}>
              {t('location.retry')}
            </Button>
          ),
        };
      case 'more': {
        const more = (() => {
          const state = childrenOf[node.parentId];
          return state?.status === 'loaded' ? state.more : undefined;
        })();
        if (more?.status === 'loading') return { content: <StatusIndicator type="loading">{t('location.loading')}</StatusIndicator>, announcementLabel: t('location.loading') };
        return {
          announcementLabel: t('location.showMore'),
          content: (
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              {more?.status === 'error' && <StatusIndicator type="error">{more.message}</StatusIndicator>}
              <Button variant="inline-link" onClick={() => showMore(node.parentId)} nativeButtonAttributes={{ 'data-testid': 'location-more' }}>
                {more?.status === 'error' ? t('location.retry') : t('location.showMore')}
              </Button>
            </SpaceBetween>
          ),
        };
      }
      case 'folder': {
        const isSelected = node.id === selectedId;
        const isOpen = expanded.includes(nodeId(node));
        const readOnly = node.level < SAVE_LEVEL;
        return {
          icon: <Icon name={isOpen ? 'folder-open' : 'folder'} />,
          announcementLabel: [node.name, ...(node.restricted ? [t('location.restricted')] : []), ...(readOnly ? [t('location.viewOnly')] : [])].join(', '),
          content: (
            <span className="location-folder">
              <Button
                variant="inline-link"
                disabled={readOnly}
                onClick={() => setSelectedId(node.id)}
                nativeButtonAttributes={{
                  'aria-pressed': isSelected,
                  'data-testid': 'location-folder',
                  'data-folder-id': node.id,
                  'data-folder-name': node.name,
                }}
              >
                {node.name}
              </Button>
              {node.restricted && <Icon name="lock-private" variant="subtle" ariaLabel={t('location.restricted')} />}
              {readOnly && (
                <Box variant="small" color="text-status-inactive" display="inline" data-testid="location-view-only">
                  {t('location.viewOnly')}
                </Box>
              )}
              {isSelected && (
                <StatusIndicator type="success" data-testid="location-selected-mark">
                  {t('location.selected')}
                </StatusIndicator>
              )}
            </span>
          ),
        };
      }
    }
  };

  return (
    <Modal
      visible
      size="medium"
      data-testid="location-dialog"
      onDismiss={() => !busy && onDismiss()}
      header={header}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'location-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              disabled={!selection}
              disabledReason={t('location.noneChosen')}
              loading={busy}
              onClick={() => selection && onSubmit(selection)}
              nativeButtonAttributes={{ 'data-testid': 'location-submit' }}
            >
              {submitLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {description && <Box variant="p">{description}</Box>}
        {children}
        <TreeView<Node>
          data-testid="location-tree"
          ariaLabel={t('location.treeLabel')}
          items={[{ kind: 'folder', id: 'root', name: rootName, level: rootLevel ?? SAVE_LEVEL }]}
          getItemId={nodeId}
          getItemChildren={(node) => (node.kind === 'folder' ? childNodes(node.id) : undefined)}
          renderItem={renderNode}
          expandedItems={expanded}
          onItemToggle={({ detail }) => {
            if (detail.expanded) {
              setExpanded((current) => [...current, detail.id]);
              if (detail.item.kind === 'folder') open(detail.item.id);
            } else {
              setExpanded((current) => current.filter((id) => id !== detail.id));
            }
          }}
          i18nStrings={{ expandButtonLabel: () => t('location.expand'), collapseButtonLabel: () => t('location.collapse') }}
        />
        <Box variant="small" data-testid="location-chosen">
          {selectionText ? `${t('location.chosen')}: ${selectionText}` : t('location.noneChosen')}
        </Box>
        {error && (
          <Alert type="error" data-testid="location-error">
            {error}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
