import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { usePageLayout } from '@/components/page-layout.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { usePropertyItems, type PropertyItem } from '@/lib/property-items-api.ts';
import { deletePropertyItem } from '../../api/delete-property-item.ts';
import { ItemFormModal } from './item-form-modal.tsx';
import { columnsOf } from './table-config.tsx';

/**
 * /property-items (SPEC.md §2 "Property item settings", administrators): the contract's numbered
 * property items in a table; create and edit in a form whose fixed and dropdown values are nested
 * lists; delete with a confirmation. Refusals (duplicates, values in use) show in the form or the dialog.
 */
export default function PropertyItemsPage() {
  const { t } = useTranslation();
  const { data, isLoading, mutate } = usePropertyItems();
  const [selected, setSelected] = useState<PropertyItem[]>([]);
  const [editing, setEditing] = useState<PropertyItem | 'new'>();
  const [deleting, setDeleting] = useState<PropertyItem>();
  const [deleteError, setDeleteError] = useState<string>();
  const [busy, setBusy] = useState(false);
  usePageLayout([{ text: t('pages.propertyItems'), href: '/property-items' }]);
  const items = data?.items ?? [];
  const current = selected[0] ? items.find((item) => item.item_no === selected[0]!.item_no) : undefined;

  const remove = async (item: PropertyItem) => {
    setBusy(true);
    try {
      await deletePropertyItem({ item_no: item.item_no, row_version: item.row_version }, { silent: true });
      notify({ id: newNotificationId('property'), type: 'success', content: t('properties.deleted', { name: item.name }) });
      setDeleting(undefined);
      setSelected([]);
      await mutate();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setDeleteError(error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ContentLayout header={<Header variant="h1" description={t('properties.description')}>{t('pages.propertyItems')}</Header>}>
      <Table
        data-testid="property-table"
        items={items}
        loading={isLoading}
        loadingText={t('properties.loading')}
        columnDefinitions={columnsOf(t)}
        trackBy={(item) => String(item.item_no)}
        selectionType="single"
        selectedItems={current ? [current] : []}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
        ariaLabels={{ itemSelectionLabel: (_, item) => item.name, selectionGroupLabel: t('properties.tableTitle') }}
        empty={<Box textAlign="center" color="inherit">{t('properties.empty')}</Box>}
        header={
          <Header
            counter={`(${items.length})`}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button disabled={!current} onClick={() => { setDeleteError(undefined); setDeleting(current); }} data-testid="property-delete">{t('properties.delete')}</Button>
                <Button disabled={!current} onClick={() => setEditing(current)} data-testid="property-edit">{t('properties.edit')}</Button>
                <Button variant="primary" onClick={() => setEditing('new')} data-testid="property-create">{t('properties.create')}</Button>
              </SpaceBetween>
            }
          >
            {t('properties.tableTitle')}
          </Header>
        }
      />
      {editing && (
        <ItemFormModal
          key={editing === 'new' ? 'new' : `${editing.item_no}-${editing.row_version}`}
          item={editing === 'new' ? undefined : editing}
          onDismiss={() => setEditing(undefined)}
          onSaved={(saved) => {
            notify({ id: newNotificationId('property'), type: 'success', content: t('properties.saved', { name: saved.name }) });
            setEditing(undefined);
            void mutate();
          }}
        />
      )}
      {deleting && (
        <Modal
          visible
          onDismiss={() => setDeleting(undefined)}
          header={t('properties.deleteTitle')}
          data-testid="property-delete-modal"
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setDeleting(undefined)}>{t('properties.cancel')}</Button>
                <Button variant="primary" loading={busy} onClick={() => void remove(deleting)} data-testid="property-delete-confirm">{t('properties.delete')}</Button>
              </SpaceBetween>
            </Box>
          }
        >
          <SpaceBetween size="s">
            <Box>{t('properties.deleteConfirm', { name: deleting.name })}</Box>
            {deleteError && <Box color="text-status-error" data-testid="property-delete-error">{deleteError}</Box>}
          </SpaceBetween>
        </Modal>
      )}
    </ContentLayout>
  );
}
