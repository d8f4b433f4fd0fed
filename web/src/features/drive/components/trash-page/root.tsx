import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutletContext } from 'react-router';
import type { LoginRights } from '@shared/schemas/auth.ts';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { codes } from '@shared/codes.ts';
import { CollectionPagination } from '@/components/collection.tsx';
import { useCursorPaging } from '@/lib/cursor-paging.ts';
import { collectionAriaLabels, listCounter, RefreshButton } from '@/components/collection.tsx';
import { DeleteModal } from '@/components/delete-modal.tsx';
import { ListErrorState } from '@/components/list-error.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { displayProps, TablePreferences, useTableDisplay } from '@/components/table-preferences.tsx';
import { Tx } from '@/components/translated.tsx';
import { ApiError, isAbortError, reportApiError } from '@/lib/api-client.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { readPageSize, usePageSelection, writePageSize, type PageSize } from '@/lib/paging.ts';
import { deleteForever } from '../../api/delete-forever.ts';
import { emptyTrash } from '../../api/empty-trash.ts';
import { refreshTrash, useTrashPage, type ListTrashRequest, type TrashEntry } from '../../api/list-trash.ts';
import { refreshFolderListings, restoreItems } from '../../api/restore-items.ts';
import { bulkOutcome, refusedOutcome, type BulkOutcome } from '../../utils/bulk-outcome.ts';
import { originalFolderId, restorableInPlace } from '../../utils/trash.ts';
import { deleteForeverPlan } from '../../utils/trash-retention.ts';
import { formatCalendarDate } from '@/lib/format.ts';
import { LocationDialog, type ChosenFolder } from '../location-dialog.tsx';
import { DEFAULT_COLUMNS, PAGE_SIZE_KEY, PREFERENCES_KEY, TRASH_HREF, trashColumns } from './table-config.tsx';

type Dialog = 'restoreTo' | 'deleteForever' | 'emptyTrash';
type Action = 'restore' | 'deleteForever';

/** Texts that count entries (i18next picks `_one` / `_other`), rendered when shown: they follow a language switch. */
type CountedKey = 'trash.restore.failed' | 'trash.deleteForever.failed' | 'trash.notChanged' | 'trash.deleteForever.kept' | 'trash.deleteForever.retainedIntro';
function Counted({ k, count }: { k: CountedKey; count: number }) {
  const { t } = useTranslation();
  return <>{t(k, { count })}</>;
}

/** What was done: one entry by name, several by count. */
function DoneText({ action, done }: { action: Action; done: TrashEntry[] }) {
  const { t } = useTranslation();
  const name = done[0]?.name ?? '';
  if (action === 'restore') return <>{done.length === 1 ? t('trash.restore.doneOne', { name }) : t('trash.restore.doneMany', { count: done.length })}</>;
  return <>{done.length === 1 ? t('trash.deleteForever.doneOne', { name }) : t('trash.deleteForever.doneMany', { count: done.length })}</>;
}

const folderHref = (id: string): string => (id === 'root' ? '/storage' : `/storage?folder=${encodeURIComponent(id)}`);

/**
 * The drive's trash (/trash): Cloudscape's table view of the deleted entries, newest first, with
 * where each was. Restore (level 2 and up) puts entries back where they were; "Restore to…" into a
 * folder chosen in the location dialog (needed when the original place is gone or in the trash);
 * "Delete forever" (level 3) and "Empty trash" (administrators) ask for confirmation first. Bulk
 * answers are reported in one success flash and one flash listing every refused entry.
 */
export default function TrashPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const navigate = useNavigate();
  const rights = useOutletContext<LoginRights>();
  const mayRestore = rights.drive >= 2;
  const mayDeleteForever = rights.drive >= 3;
  const mayEmpty = rights.admin === 1;

  const [pageSize, setPageSize] = useState<PageSize>(() => readPageSize(PAGE_SIZE_KEY));
  const scope = String(pageSize);
  const paging = useCursorPaging(scope);
  const cursor = paging.cursor;
  const request: ListTrashRequest = { page_size: pageSize, ...(cursor ? { cursor } : {}) };
  const { current, data, error, isValidating, mutate } = useTrashPage(request);
  const items = useMemo(() => current?.items ?? [], [current]);
  const selection = usePageSelection({ scope, page: paging.index }, items, (entry) => entry.id);
  const selected = selection.selected;

  const [dialog, setDialog] = useState<Dialog | undefined>();
  const [busy, setBusy] = useState<Action | 'empty' | undefined>();
  const [dialogError, setDialogError] = useState<ReactNode>();

  const columns = useMemo(() => trashColumns(t, language), [t, language]);
  const { display, save: saveDisplay } = useTableDisplay(PREFERENCES_KEY, columns, DEFAULT_COLUMNS);

  usePageLayout(
    [
      { text: t('pages.storage'), href: '/storage' },
      { text: t('pages.trash'), href: TRASH_HREF },
    ],
    'table',
  );

  /** After an action: when it took every entry of a later page, back to the first page rather than an empty one. */
  const afterChange = (gone: number) => {
    if (paging.index > 0 && gone >= items.length) paging.reset();
  };

  const hasMore = !!current?.next_cursor;

  // Until the first answer, the scope the rights will get (level 3 reads the contract's trash).
  const listScope = current?.scope ?? data?.scope ?? (rights.drive >= 3 ? 'contract' : 'own');
  const shown = paging.index * pageSize + items.length;
  const counter = current ? listCounter(shown, selected.length, !hasMore) : undefined;
  const trashEmpty = current !== undefined && items.length === 0 && paging.index === 0;

  /**
   * One flash per action: all done is a success that dismisses itself ("Open folder" when the
   * entries all went to one folder); anything refused stays until dismissed and lists each refused
   * entry with the server's reason (a warning when some were done, an error when none was).
   */
  const report = (action: Action, outcome: BulkOutcome<TrashEntry>, destination?: string, kept = 0) => {
    const { done } = outcome;
    const refused = outcome.failed.length + outcome.unreported.length;
    if (done.length === 0 && refused === 0) return;
    const doneText = done.length > 0 && <DoneText action={action} done={done} />;
    // Retained documents left out of a Delete forever: said with the result, as the dialog said.
    const keptText = kept > 0 && <div data-testid="trash-kept"><Counted k="trash.deleteForever.kept" count={kept} /></div>;
    const openFolder = destination !== undefined && done.length > 0 && (
      <Button onClick={() => navigate(folderHref(destination))} nativeButtonAttributes={{ 'data-testid': 'trash-open-folder' }}>
        <Tx k="trash.restore.openFolder" />
      </Button>
    );
    if (refused === 0) {
      notify({
        id: newNotificationId(`trash-${action}-done`),
        type: 'success',
        header: doneText,
        ...(keptText ? { content: keptText } : {}),
        ...(openFolder ? { action: openFolder } : {}),
        dismissLabel: t('common.close'),
      });
      return;
    }
    notify({
      id: newNotificationId(`trash-${action}-failed`),
      type: done.length > 0 ? 'warning' : 'error',
      header: <Counted k={action === 'restore' ? 'trash.restore.failed' : 'trash.deleteForever.failed'} count={refused} />,
      content: (
        <div data-testid="trash-failures">
          {doneText && <div data-testid="trash-done">{doneText}</div>}
          {keptText}
          <ul className="trash-failures">
            {outcome.failed.map(({ entry, message }) => (
              <li key={entry.id} data-item-name={entry.name}>
                <strong>{entry.name}</strong>: {message}
              </li>
            ))}
          </ul>
          {outcome.unreported.length > 0 && (
            <div>
              <Counted k="trash.notChanged" count={outcome.unreported.length} />
            </div>
          )}
        </div>
      ),
      ...(openFolder ? { action: openFolder } : {}),
      dismissLabel: t('common.close'),
    });
  };

  /**
   * Runs a bulk action over the selected entries. The answer names each refused entry; a call
   * refused as a whole names only the first. Answers the outcome, or undefined when the call did not
   * get an answer (the API client showed the network error; the list is read again either way).
   */
  const runBulk = async (entries: TrashEntry[], call: () => Promise<{ done: string[]; failed: { id: string; code: number; message: string }[] }>) => {
    try {
      return bulkOutcome(entries, await call());
    } catch (failure) {
      if (isAbortError(failure)) return undefined;
      if (failure instanceof ApiError && failure.kind === 'api' && failure.code !== codes.tokenTimeout.code) {
        return refusedOutcome(entries, { code: failure.code, message: failure.message });
      }
      reportApiError(failure);
      return undefined;
    } finally {
      void refreshTrash();
    }
  };

  /** The refusal of a whole call, for a dialog to show in place (another choice may work). */
  const refusalText = (outcome: BulkOutcome<TrashEntry>): ReactNode => {
    const first = outcome.failed[0];
    if (!first) return undefined;
    return (
      <SpaceBetween size="xxs">
        <span>{outcome.failed.length + outcome.unreported.length > 1 ? `${first.entry.name}: ${first.message}` : first.message}</span>
        {outcome.unreported.length > 0 && <Counted k="trash.notChanged" count={outcome.unreported.length} />}
      </SpaceBetween>
    );
  };

  const restoreInPlace = async () => {
    const entries = selected;
    setBusy('restore');
    const outcome = await runBulk(entries, () => restoreItems({ items: entries.map(({ id, row_version }) => ({ id, row_version })) }, { silent: true }));
    setBusy(undefined);
    if (!outcome) return;
    const places = new Set(outcome.done.map(originalFolderId));
    report('restore', outcome, places.size === 1 ? [...places][0] : undefined);
    if (outcome.done.length > 0) {
      selection.clear();
      afterChange(outcome.done.length);
      void refreshFolderListings();
    }
  };

  const restoreTo = async (folder: ChosenFolder) => {
    const entries = selected;
    setBusy('restore');
    setDialogError(undefined);
    const outcome = await runBulk(entries, () =>
      restoreItems({ items: entries.map(({ id, row_version }) => ({ id, row_version })), folder_id: folder.id }, { silent: true }),
    );
    setBusy(undefined);
    if (!outcome) return;
    if (outcome.done.length === 0) {
      setDialogError(refusalText(outcome));
      return;
    }
    setDialog(undefined);
    selection.clear();
    afterChange(outcome.done.length);
    report('restore', outcome, folder.id);
    void refreshFolderListings();
  };

  const deleteSelectedForever = async () => {
    // Retained documents are never sent: the server would refuse them, and the dialog said they stay.
    const entries = plan.deletable;
    const kept = plan.retained.length;
    setBusy('deleteForever');
    setDialogError(undefined);
    const outcome = await runBulk(entries, () => deleteForever({ items: entries.map(({ id, row_version }) => ({ id, row_version })) }, { silent: true }));
    setBusy(undefined);
    if (!outcome) return;
    if (outcome.done.length === 0) {
      setDialogError(refusalText(outcome));
      return;
    }
    setDialog(undefined);
    selection.clear();
    afterChange(outcome.done.length);
    report('deleteForever', outcome, undefined, kept);
  };

  const emptyAll = async () => {
    setBusy('empty');
    setDialogError(undefined);
    try {
      const { finished } = await emptyTrash({ silent: true });
      setDialog(undefined);
      selection.clear();
      afterChange(items.length);
      notify(
        {
          id: newNotificationId('trash-emptied'),
          type: finished ? 'success' : 'info',
          header: <Tx k={finished ? 'trash.emptyTrash.done' : 'trash.emptyTrash.background'} />,
          dismissLabel: t('common.close'),
        },
        finished ? undefined : 15_000,
      );
    } catch (failure) {
      if (!isAbortError(failure)) setDialogError(failure instanceof ApiError ? failure.message : t('notice.networkError'));
    } finally {
      setBusy(undefined);
      void refreshTrash();
    }
  };

  const openDialog = (next: Dialog) => {
    setDialogError(undefined);
    setDialog(next);
  };
  const closeDialog = () => {
    if (busy) return;
    setDialog(undefined);
    setDialogError(undefined);
  };

  const nothingSelected = selected.length === 0;
  const someElsewhere = selected.some((entry) => !restorableInPlace(entry));
  const selectedFolders = selected.some((entry) => entry.type === 'folder');
  const plan = deleteForeverPlan(selected);
  const allRetained = selected.length > 0 && plan.deletable.length === 0;
  const retainedReason =
    selected.length === 1
      ? t('trash.disabled.retainedOne', { name: selected[0]!.name, date: formatCalendarDate(plan.firstEnd ?? '', language) })
      : t('trash.disabled.retainedMany', { date: formatCalendarDate(plan.firstEnd ?? '', language) });

  const actions = (
    <SpaceBetween direction="horizontal" size="xs">
      <RefreshButton testId="trash-refresh-button" loading={isValidating && current !== undefined} onRefresh={() => void mutate()} />
      {mayEmpty && (
        <Button
          disabled={trashEmpty}
          disabledReason={t('trash.disabled.alreadyEmpty')}
          onClick={() => openDialog('emptyTrash')}
          nativeButtonAttributes={{ 'data-testid': 'trash-empty-button' }}
        >
          {t('trash.actions.emptyTrash')}
        </Button>
      )}
      {mayDeleteForever && (
        <Button
          disabled={nothingSelected || allRetained}
          disabledReason={nothingSelected ? t('trash.disabled.selectFirst') : retainedReason}
          loading={busy === 'deleteForever' && dialog === undefined}
          onClick={() => openDialog('deleteForever')}
          nativeButtonAttributes={{ 'data-testid': 'trash-delete-forever-button' }}
        >
          {t('trash.actions.deleteForever')}
        </Button>
      )}
      {mayRestore && (
        <Button
          disabled={nothingSelected}
          disabledReason={t('trash.disabled.selectFirst')}
          onClick={() => openDialog('restoreTo')}
          nativeButtonAttributes={{ 'data-testid': 'trash-restore-to-button' }}
        >
          {t('trash.actions.restoreTo')}
        </Button>
      )}
      {mayRestore && (
        <Button
          variant="primary"
          disabled={nothingSelected || someElsewhere}
          disabledReason={nothingSelected ? t('trash.disabled.selectFirst') : t('trash.disabled.placeUnavailable')}
          loading={busy === 'restore' && dialog === undefined}
          onClick={() => void restoreInPlace()}
          nativeButtonAttributes={{ 'data-testid': 'trash-restore-button' }}
        >
          {t('trash.actions.restore')}
        </Button>
      )}
    </SpaceBetween>
  );

  return (
    <>
      <Table<TrashEntry>
        data-testid="trash-table"
        variant="full-page"
        stickyHeader
        items={items}
        trackBy="id"
        columnDefinitions={columns}
        {...displayProps(display)}
        loading={!current && error === undefined}
        loadingText={t('trash.loading')}
        selectionType={mayRestore || mayDeleteForever ? 'multi' : undefined}
        selectedItems={selected}
        onSelectionChange={({ detail }) => selection.select(detail.selectedItems)}
        ariaLabels={collectionAriaLabels<TrashEntry>(t, t('trash.tableLabel'), (entry) => entry.name)}
        renderAriaLive={({ firstIndex, lastIndex }) => `${firstIndex}–${lastIndex}`}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={counter}
            description={<span data-testid="trash-scope" data-scope={listScope}>{t(`trash.description.${listScope}`)}</span>}
            actions={actions}
          >
            {t('trash.title')}
          </Header>
        }
        empty={
          // A trash that could not be loaded says so (never "The trash is empty" behind the error).
          error !== undefined && !current ? (
            <ListErrorState error={error} onRetry={() => void mutate()} />
          ) : (
            <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="trash-empty">
              <Box variant="strong" color="inherit">
                {t('trash.empty.title')}
              </Box>
              <Box variant="p" color="inherit">
                {t('trash.empty.description')}
              </Box>
            </Box>
          )
        }
        pagination={
          <CollectionPagination {...paging.paginationProps(current?.next_cursor)} />
        }
        preferences={
          <TablePreferences
            columns={columns}
            display={display}
            pageSize={pageSize}
            onPageSize={(size) => {
              setPageSize(size);
              writePageSize(PAGE_SIZE_KEY, size);
            }}
            onDisplay={saveDisplay}
          />
        }
      />
      {dialog === 'restoreTo' && selected.length > 0 && (
        <LocationDialog
          header={t('trash.restoreTo.title')}
          description={
            selected.length === 1
              ? t('trash.restoreTo.descriptionOne', { name: selected[0]!.name })
              : t('trash.restoreTo.descriptionMany', { count: selected.length })
          }
          submitLabel={t('trash.restoreTo.submit')}
          busy={busy === 'restore'}
          error={dialogError}
          onSubmit={(folder) => void restoreTo(folder)}
          onDismiss={closeDialog}
        >
          {selectedFolders && (
            <Box variant="p" color="text-body-secondary" data-testid="trash-restore-folders-note">
              {t('trash.restoreTo.foldersNote')}
            </Box>
          )}
        </LocationDialog>
      )}
      {dialog === 'deleteForever' && plan.deletable.length > 0 && (
        <DeleteModal
          header={t('trash.deleteForever.header')}
          submitLabel={t('trash.actions.deleteForever')}
          consequences={plan.deletable.some((entry) => entry.type === 'folder') ? t('trash.deleteForever.folders') : undefined}
          error={dialogError}
          busy={busy === 'deleteForever'}
          onDelete={() => void deleteSelectedForever()}
          onDismiss={closeDialog}
        >
          <SpaceBetween size="s">
            <span data-testid="trash-delete-forever-text">
              {plan.deletable.length === 1
                ? t('trash.deleteForever.confirmOne', { name: plan.deletable[0]!.name })
                : t('trash.deleteForever.confirmMany', { count: plan.deletable.length })}
            </span>
            {plan.retained.length > 0 && (
              <div data-testid="trash-delete-forever-retained">
                <Counted k="trash.deleteForever.retainedIntro" count={plan.retained.length} />
                <ul className="trash-failures">
                  {plan.retained.map((entry) => (
                    <li key={entry.id} data-item-name={entry.name}>
                      {t('trash.deleteForever.retainedItem', { name: entry.name, date: formatCalendarDate(entry.retained_until!, language) })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </SpaceBetween>
        </DeleteModal>
      )}
      {dialog === 'emptyTrash' && (
        <DeleteModal
          header={t('trash.emptyTrash.header')}
          submitLabel={t('trash.actions.emptyTrash')}
          consequences={t('trash.emptyTrash.consequences')}
          error={dialogError}
          busy={busy === 'empty'}
          onDelete={() => void emptyAll()}
          onDismiss={closeDialog}
        >
          {t('trash.emptyTrash.confirm')}
        </DeleteModal>
      )}
    </>
  );
}
