import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { DeleteModal } from '@/components/delete-modal.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { RecordLoading } from '@/components/record-loading.tsx';
import { Tx } from '@/components/translated.tsx';
import { ApiError, isAbortError } from '@/lib/api-client.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { deleteCorp } from '../../api/delete-corp.ts';
import { useCorp } from '../../api/get-corp.ts';
import { refreshCorpLists, type Corp } from '../../api/list-corps.ts';
import { detailHref, LIST_HREF } from '../corp-list-page/table-config.tsx';
import { BasicInfoTab } from './basic-info-tab.tsx';
import { RestrictionTab } from './restriction-tab.tsx';

type TabKey = 'basic' | 'restriction';
/** Tab ids are also the tab headers' data-testid (Cloudscape sets it). */
const tabIds: Record<TabKey, string> = { basic: 'legal-tab-basic', restriction: 'legal-tab-restriction' };

/** /legal/:id (SPEC.md §2): Cloudscape "details page with tabs" for one legal entity. */
export default function CorpDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'restriction' ? 'restriction' : 'basic';
  const { data, error, isLoading, mutate } = useCorp(id);
  const corp = data?.corp;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();

  usePageLayout([
    { text: t('legal.title'), href: LIST_HREF },
    { text: corp?.corp_nm || t('pages.legalDetail'), href: id ? detailHref(id) : '#' },
  ]);

  if (!corp) {
    return (
      <RecordLoading
        testId="corp-detail-loading"
        loading={isLoading}
        error={error}
        backLabel={t('legal.detail.backToList')}
        onBack={() => navigate(LIST_HREF)}
        onRetry={() => void mutate()}
      />
    );
  }

  const onSaved = (saved: Corp) => {
    void mutate({ corp: saved }, { revalidate: false });
    void refreshCorpLists();
  };
  const reload = async () => {
    await mutate();
  };

  const remove = async () => {
    setDeleting(true);
    setDeleteError(undefined);
    try {
      await deleteCorp({ corp_id: corp.corp_id, row_version: corp.row_version }, { silent: true });
      setDeleteOpen(false);
      notify(
        { id: newNotificationId('corp-deleted'), type: 'success', header: <Tx k="legal.delete.deletedOne" values={{ name: corp.corp_nm }} />, dismissLabel: t('common.close') },
        5000,
      );
      void refreshCorpLists();
      navigate(LIST_HREF);
    } catch (failure) {
      if (isAbortError(failure)) return;
      setDeleteError(failure instanceof ApiError ? failure.message : t('notice.networkError'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div data-testid="corp-detail" data-corp-id={corp.corp_id}>
      <ContentLayout
        header={
          <Header
            variant="h1"
            description={t('legal.detail.codeLine', { code: corp.corp_cd })}
            actions={
              <Button
                onClick={() => {
                  setDeleteError(undefined);
                  setDeleteOpen(true);
                }}
                nativeButtonAttributes={{ 'data-testid': 'corp-detail-delete-button' }}
              >
                {t('legal.actions.delete')}
              </Button>
            }
          >
            {corp.corp_nm}
          </Header>
        }
      >
        <Tabs
          data-testid="legal-tabs"
          activeTabId={tabIds[tab]}
          onChange={({ detail }) => setParams(detail.activeTabId === tabIds.restriction ? { tab: 'restriction' } : {}, { replace: true })}
          ariaLabel={t('legal.detail.tabsLabel')}
          tabs={[
            {
              id: tabIds.basic,
              label: t('legal.detail.tabs.basic'),
              contentRenderStrategy: 'lazy',
              content: <BasicInfoTab corp={corp} onSaved={onSaved} onReload={reload} />,
            },
            {
              id: tabIds.restriction,
              label: t('legal.detail.tabs.restriction'),
              contentRenderStrategy: 'lazy',
              content: <RestrictionTab corp={corp} onSaved={onSaved} onReload={reload} />,
            },
          ]}
        />
      </ContentLayout>
      {deleteOpen && (
        <DeleteModal
          header={t('legal.delete.headerOne')}
          consequences={
            <>
              {t('legal.delete.consequences')}
              {corp.user_count > 0 && ` ${t('legal.delete.inUse', { count: corp.user_count })}`}
            </>
          }
          error={deleteError}
          busy={deleting}
          onDelete={() => void remove()}
          onDismiss={() => setDeleteOpen(false)}
        >
          {t('legal.delete.confirmOne', { name: corp.corp_nm, code: corp.corp_cd })}
        </DeleteModal>
      )}
    </div>
  );
}
