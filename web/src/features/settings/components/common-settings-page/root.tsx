import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Header from '@cloudscape-design/components/header';
import { usePageLayout } from '@/components/page-layout.tsx';
import { RecordLoading } from '@/components/record-loading.tsx';
import { useCommonSettings } from '../../api/get-common-settings.ts';
import { StorageContainer } from './containers.tsx';
import { ReceivingContainer } from './receiving-container.tsx';
import { CommonSettingsForm } from './settings-form.tsx';
import { UnsavedChangesGuard } from './unsaved-changes.tsx';

/**
 * /common-settings (SPEC.md §2 "common settings", administrators): trash retention, sharing, share
 * links, fiscal year and retention years, the reading of documents, saved together; and, read-only, the storage quota the
 * operator set with the current usage, and the receiving of documents (intake addresses, file-request links). Leaving with unsaved edits asks first.
 */
export default function CommonSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useCommonSettings();
  const [dirty, setDirty] = useState(false);
  // A new key starts the form again from the saved values (after a save, a reload or a discard).
  const [formKey, setFormKey] = useState(0);
  const restart = () => {
    setFormKey((count) => count + 1);
    setDirty(false);
  };

  usePageLayout([{ text: t('pages.commonSettings'), href: '/common-settings' }]);

  return (
    <ContentLayout header={<Header variant="h1" description={t('settings.description')}>{t('pages.commonSettings')}</Header>}>
      <SpaceBetween size="l">
      {data ? (
        <CommonSettingsForm
          key={formKey}
          info={data}
          onDirtyChange={setDirty}
          onSaved={(saved) => {
            void mutate(saved, { revalidate: false });
            restart();
          }}
          onReload={async () => {
            await mutate();
            restart();
          }}
        />
      ) : (
        <RecordLoading
          testId="settings-loading"
          loading={isLoading}
          error={error}
          backLabel={t('underConstruction.back')}
          onBack={() => navigate('/storage')}
          onRetry={() => void mutate()}
        />
      )}
      <StorageContainer />
      <ReceivingContainer />
      </SpaceBetween>
      <UnsavedChangesGuard unsaved={dirty} onDiscard={restart} />
    </ContentLayout>
  );
}
