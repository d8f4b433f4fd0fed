import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { CollectionPagination, collectionAriaLabels, ListPreferences, RefreshButton } from '@/components/collection.tsx';
import { DeleteModal } from '@/components/delete-modal.tsx';
import { ListErrorState } from '@/components/list-error.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { isAbortError, reportApiError, reportRefusal } from '@/lib/api-client.ts';
import { revalidateApi } from '@/lib/api-swr.ts';
import { useCursorPaging } from '@/lib/cursor-paging.ts';
import { formatDateTime } from '@/lib/format.ts';
import { newNotificationId, notify, SUCCESS_DISMISS_MS } from '@/lib/notifications.ts';
import { readPageSize, writePageSize, type PageSize } from '@/lib/paging.ts';
import { deleteCommonTag } from '../../api/delete-common-tag.ts';
import { useCommonTagsPage, type CommonTag } from '../../api/list-common-tags.ts';
import { saveCommonTag } from '../../api/save-common-tag.ts';

const PAGE_SIZE_KEY = 'tags-admin.page_size';
const TAGS_HREF = '/tags';

/** The create or rename dialog: the server judges the name (40 characters, unique) and its message shows in place. */
function TagNameModal({ tag, onDone, onDismiss }: { tag?: CommonTag; onDone: (saved: CommonTag) => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(tag?.name ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const { tag: saved } = await saveCommonTag({ ...(tag ? { id: tag.id } : {}), name }, { silent: true });
      onDone(saved);
    } catch (failure) {
      reportRefusal(failure, (refusal) => setError(refusal.fields.name ?? refusal.message));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      visible
      data-testid="tag-name-dialog"
      onDismiss={() => !busy && onDismiss()}
      header={tag ? t('tagAdmin.renameTitle', { name: tag.name }) : t('tagAdmin.createTitle')}
    >
      <form onSubmit={(event) => void submit(event)}>
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" disabled={busy} onClick={onDismiss}>{t('tagAdmin.cancel')}</Button>
              <Button variant="primary" loading={busy} nativeButtonAttributes={{ 'data-testid': 'tag-name-save' }}>{t('tagAdmin.save')}</Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="s">
            <FormField label={t('tagAdmin.nameLabel')} constraintText={t('tagAdmin.nameConstraint')} errorText={error}>
              <Input
                value={name}
                autoFocus
                onChange={({ detail }) => { setName(detail.value); setError(undefined); }}
                nativeInputAttributes={{ 'data-testid': 'tag-name-input' } as Record<string, string>}
              />
            </FormField>
            {tag && <Box variant="small">{t('tagAdmin.renameNote')}</Box>}
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}

/**
 * Tags administration (/tags, administrators): Cloudscape's table view of the contract's common
 * tags by name, found by the start of their name, with create, rename and delete (docs/drive.md
 * "Tags administration"). A deleted tag leaves every file and folder; many are done in the background.
 */
export default function TagsAdminPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  usePageLayout([{ text: t('pages.tags'), href: TAGS_HREF }], 'table');
  const [pageSize, setPageSize] = useState<PageSize>(() => readPageSize(PAGE_SIZE_KEY));
  const [filterText, setFilterText] = useState('');
  const prefix = filterText.trim();
  const paging = useCursorPaging(JSON.stringify([prefix, pageSize]));
  const { current, error, isValidating, mutate } = useCommonTagsPage({ prefix, page_size: pageSize, ...(paging.cursor ? { cursor: paging.cursor } : {}) });
  const tags = current?.tags ?? [];
  const [selectedId, setSelectedId] = useState<string>();
  const selected = tags.find((tag) => tag.id === selectedId);
  const [dialog, setDialog] = useState<'create' | 'rename' | 'delete'>();
  const [busy, setBusy] = useState(false);

  const refresh = () => void revalidateApi('com/tag_info_list');
  const saved = (tag: CommonTag) => {
    notify({ id: newNotificationId('tag-saved'), type: 'success', header: t(dialog === 'rename' ? 'tagAdmin.renamed' : 'tagAdmin.created', { name: tag.name }), dismissLabel: t('common.close') }, SUCCESS_DISMISS_MS);
    setDialog(undefined);
    setSelectedId(tag.id);
    refresh();
  };
  const remove = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      const answer = await deleteCommonTag(selected.id);
      notify({
        id: newNotificationId('tag-deleted'), type: 'success', dismissLabel: t('common.close'),
        header: t(answer.job_id ? 'tagAdmin.deletedInBackground' : 'tagAdmin.deleted', { name: selected.name }),
      }, SUCCESS_DISMISS_MS);
      setDialog(undefined);
      setSelectedId(undefined);
    } catch (failure) {
      if (!isAbortError(failure)) reportApiError(failure);
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <>
      <Table<CommonTag>
        data-testid="tags-admin-table"
        variant="full-page"
        stickyHeader
        items={tags}
        trackBy="id"
        selectionType="single"
        selectedItems={selected ? [selected] : []}
        onSelectionChange={({ detail }) => setSelectedId(detail.selectedItems[0]?.id)}
        loading={!current && error === undefined}
        loadingText={t('tagAdmin.loading')}
        ariaLabels={collectionAriaLabels<CommonTag>(t, t('tagAdmin.tableLabel'), (tag) => tag.name)}
        columnDefinitions={[
          { id: 'name', header: t('tagAdmin.columnName'), isRowHeader: true, cell: (tag) => <span data-testid="tags-admin-row" data-name={tag.name}>{tag.name}</span> },
          { id: 'created', header: t('tagAdmin.columnCreated'), cell: (tag) => `${formatDateTime(tag.regist_date, language)} (${tag.regist_user_id})` },
          { id: 'updated', header: t('tagAdmin.columnUpdated'), cell: (tag) => (tag.update_date ? `${formatDateTime(tag.update_date, language)} (${tag.update_user_id ?? ''})` : '-') },
        ]}
        header={
          <Header
            variant="awsui-h1-sticky"
            description={t('tagAdmin.description')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <RefreshButton testId="tags-admin-refresh" loading={isValidating && current !== undefined} onRefresh={() => void mutate()} />
                <Button disabled={!selected} disabledReason={t('tagAdmin.selectOne')} onClick={() => setDialog('delete')} nativeButtonAttributes={{ 'data-testid': 'tags-admin-delete' }}>
                  {t('tagAdmin.delete')}
                </Button>
                <Button disabled={!selected} disabledReason={t('tagAdmin.selectOne')} onClick={() => setDialog('rename')} nativeButtonAttributes={{ 'data-testid': 'tags-admin-rename' }}>
                  {t('tagAdmin.rename')}
                </Button>
                <Button variant="primary" onClick={() => setDialog('create')} nativeButtonAttributes={{ 'data-testid': 'tags-admin-create' }}>
                  {t('tagAdmin.create')}
                </Button>
              </SpaceBetween>
            }
          >
            {t('tagAdmin.title')}
          </Header>
        }
        filter={
          <TextFilter
            filteringText={filterText}
            onChange={({ detail }) => setFilterText(detail.filteringText)}
            filteringPlaceholder={t('tagAdmin.filterPlaceholder')}
            filteringAriaLabel={t('tagAdmin.filterPlaceholder')}
          />
        }
        empty={
          error !== undefined && !current ? (
            <ListErrorState error={error} onRetry={() => void mutate()} />
          ) : (
            <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="tags-admin-empty">
              <SpaceBetween size="xs">
                <Box variant="strong" color="inherit">{prefix ? t('tagAdmin.noMatchTitle') : t('tagAdmin.emptyTitle')}</Box>
                <Box variant="p" color="inherit">{prefix ? t('tagAdmin.noMatchDescription') : t('tagAdmin.emptyDescription')}</Box>
              </SpaceBetween>
            </Box>
          )
        }
        pagination={<CollectionPagination {...paging.paginationProps(current?.next_cursor)} />}
        preferences={<ListPreferences pageSize={pageSize} onChange={(size) => { setPageSize(size); writePageSize(PAGE_SIZE_KEY, size); }} />}
      />
      {dialog === 'create' && <TagNameModal onDone={saved} onDismiss={() => setDialog(undefined)} />}
      {dialog === 'rename' && selected && <TagNameModal tag={selected} onDone={saved} onDismiss={() => setDialog(undefined)} />}
      {dialog === 'delete' && selected && (
        <DeleteModal
          header={t('tagAdmin.deleteTitle')}
          consequences={t('tagAdmin.deleteConsequence')}
          busy={busy}
          onDelete={() => void remove()}
          onDismiss={() => setDialog(undefined)}
        >
          {t('tagAdmin.deleteQuestion', { name: selected.name })}
        </DeleteModal>
      )}
    </>
  );
}
