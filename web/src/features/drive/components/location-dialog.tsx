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
import { listFolder } from '../api/list-folder.ts';

/** A folder the dialog answers: its id ('root' for the drive's top), name and the folders above it. */
export interface ChosenFolder {
  id: string;
  name: string;
  /** From the root down to the folder's parent (empty for the root itself). */
  path: { id: string; name: string }[];
}

/** Largest listing page; a folder's subfolders come first, so reading stops at the first file. */
const PAGE_SIZE = 1000;
/** Pages read per folder at most: past this many subfolders the tree says only the first are shown. */
const MAX_PAGES = 5;

type Children =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; folders: { id: string; name: string }[]; truncated: boolean };

type Node =
  | { kind: 'folder'; id: string; name: string }
  | { kind: 'loading'; parentId: string }
  | { kind: 'error'; parentId: string; message: string }
  | { kind: 'more'; parentId: string; count: number };

const nodeId = (node: Node): string => (node.kind === 'folder' ? `location-${node.id}` : `location-${node.parentId}-${node.kind}`);

/** The subfolders of one folder, in name order (the listing's folders-only pages). */
async function readSubfolders(folderId: string, signal: AbortSignal): Promise<Extract<Children, { status: 'loaded' }>> {
  const folders: { id: string; name: string }[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await listFolder(
      { folder_id: folderId, sort_item: 'name', sort_flg: 1, page_size: PAGE_SIZE, folders_only: 1, ...(cursor ? { cursor } : {}) },
      { signal, silent: true },
    );
    folders.push(...answer.items.map((item) => ({ id: item.id, name: item.name })));
    if (!answer.next_cursor) return { status: 'loaded', folders, truncated: false };
    cursor = answer.next_cursor;
  }
  return { status: 'loaded', folders, truncated: true };
}

/**
 * The drive's folder chooser: a modal with the folder tree from the drive's root, each folder's
 * subfolders read (com_drive/drive_info) when it is first opened. Cloudscape's tree view gives the
 * keyboard model (arrow keys between folders, right arrow to a folder's name, Enter or Space
 * selects it). Answers the chosen folder; the caller runs the action and closes the dialog, or
 * shows why it failed in `error`. Used to restore from the trash (and later to move).
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
  const controllers = useRef(new Map<string, AbortController>());

  const load = (folderId: string) => {
    controllers.current.get(folderId)?.abort();
    const controller = new AbortController();
    controllers.current.set(folderId, controller);
    return readSubfolders(folderId, controller.signal).then(
      (loaded) => setChildrenOf((current) => ({ ...current, [folderId]: loaded })),
      (reason: unknown) => {
        if (isAbortError(reason)) return;
        setChildrenOf((current) => ({ ...current, [folderId]: { status: 'error', message: loadErrorText(reason, t) } }));
      },
    ).finally(() => {
      if (controllers.current.get(folderId) === controller) controllers.current.delete(folderId);
    });
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
    return state.truncated ? [...folders, { kind: 'more', parentId: folderId, count: state.folders.length }] : folders;
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
      case 'more':
        return { content: <Box color="text-status-inactive">{t('location.more', { count: node.count })}</Box>, announcementLabel: t('location.more', { count: node.count }) };
      case 'folder': {
        const isSelected = node.id === selectedId;
        const isOpen = expanded.includes(nodeId(node));
        return {
          icon: <Icon name={isOpen ? 'folder-open' : 'folder'} />,
          announcementLabel: node.name,
          content: (
            <span className="location-folder">
              <Button
                variant="inline-link"
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
          items={[{ kind: 'folder', id: 'root', name: rootName }]}
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
