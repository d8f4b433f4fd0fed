import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { CollectionPagination, collectionAriaLabels, ListPreferences, RefreshButton } from '@/components/collection.tsx';
import { ListErrorState } from '@/components/list-error.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { isAbortError, reportApiError } from '@/lib/api-client.ts';
import { useCursorPaging } from '@/lib/cursor-paging.ts';
import { newNotificationId, notify, SUCCESS_DISMISS_MS } from '@/lib/notifications.ts';
import { readPageSize, writePageSize, type PageSize } from '@/lib/paging.ts';
import { refreshContractShareLinks, useContractShareLinks, type ContractShareLink } from '../../api/list-contract-share-links.ts';
import { revokeShareLink } from '../../api/revoke-share-link.ts';
import { PAGE_SIZE_KEY, SHARE_LINKS_HREF, shareLinkColumns } from './table-config.tsx';

/**
 * Every share link of the contract (/share-links, administrators; docs/drive.md "Share links"):
 * Cloudscape's table view, newest first, each link's state now; Revoke ends the selected link at
 * once, after a confirmation.
 */
export default function ShareLinksPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  usePageLayout([{ text: t('pages.shareLinks'), href: SHARE_LINKS_HREF }], 'table');

  const [pageSize, setPageSize] = useState<PageSize>(() => readPageSize(PAGE_SIZE_KEY));
  const paging = useCursorPaging(String(pageSize));
  const { current, error, isValidating, mutate } = useContractShareLinks({ page_size: pageSize, ...(paging.cursor ? { cursor: paging.cursor } : {}) });
  const items = useMemo(() => current?.links ?? [], [current]);
  const [selected, setSelected] = useState<ContractShareLink>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const columns = useMemo(() => shareLinkColumns(t, language), [t, language]);
  const chosen = selected && items.find((link) => link.link_id === selected.link_id);
  const revocable = chosen !== undefined && chosen.state !== 'revoked';

  const revoke = async () => {
    if (!chosen) return;
    setBusy(true);
    try {
      await revokeShareLink({ link_id: chosen.link_id }, { silent: true });
      notify({ id: newNotificationId('share-revoked'), type: 'success', header: t('shares.admin.revoked', { name: chosen.item_name }), dismissLabel: t('common.close') }, SUCCESS_DISMISS_MS);
      setConfirming(false);
      setSelected(undefined);
    } catch (failure) {
      if (!isAbortError(failure)) reportApiError(failure);
    } finally {
      setBusy(false);
      void refreshContractShareLinks();
    }
  };

  return (
    <>
      <Table<ContractShareLink>
        data-testid="share-links-table"
        variant="full-page"
        stickyHeader
        wrapLines
        items={items}
        trackBy="link_id"
        columnDefinitions={columns}
        loading={!current && error === undefined}
        loadingText={t('shares.admin.loading')}
        selectionType="single"
        selectedItems={chosen ? [chosen] : []}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems[0])}
        ariaLabels={collectionAriaLabels<ContractShareLink>(t, t('shares.admin.tableLabel'), (link) => link.item_name)}
        header={
          <Header
            variant="awsui-h1-sticky"
            description={t('shares.admin.description')}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <RefreshButton testId="share-links-refresh" loading={isValidating && current !== undefined} onRefresh={() => void mutate()} />
                <Button
                  disabled={!revocable}
                  disabledReason={t('shares.admin.revokeDisabled')}
                  onClick={() => setConfirming(true)}
                  nativeButtonAttributes={{ 'data-testid': 'share-links-revoke' }}
                >
                  {t('shares.admin.revoke')}
                </Button>
              </SpaceBetween>
            }
          >
            {t('shares.admin.title')}
          </Header>
        }
        empty={
          error !== undefined && !current ? (
            <ListErrorState error={error} onRetry={() => void mutate()} />
          ) : (
            <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }} data-testid="share-links-empty">
              {t('shares.admin.empty')}
            </Box>
          )
        }
        pagination={<CollectionPagination {...paging.paginationProps(current?.next_cursor)} />}
        preferences={
          <ListPreferences
            pageSize={pageSize}
            onChange={(size) => {
              setPageSize(size);
              writePageSize(PAGE_SIZE_KEY, size);
            }}
          />
        }
      />
      {confirming && chosen && (
        <Modal
          visible
          data-testid="share-links-revoke-dialog"
          onDismiss={() => !busy && setConfirming(false)}
          header={t('shares.admin.revokeTitle')}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" disabled={busy} onClick={() => setConfirming(false)}>
                  {t('common.cancel')}
                </Button>
                <Button variant="primary" loading={busy} onClick={() => void revoke()} nativeButtonAttributes={{ 'data-testid': 'share-links-revoke-confirm' }}>
                  {t('shares.admin.revoke')}
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          {t('shares.admin.revokeBody', { name: chosen.item_name, creator: chosen.creator_nm })}
        </Modal>
      )}
    </>
  );
}
