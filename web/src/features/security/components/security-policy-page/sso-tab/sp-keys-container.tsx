import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { reportApiError } from '@/lib/api-client.ts';
import { handleSaveError, useReload } from '@/lib/edit-form.ts';
import { formatDate } from '@/lib/format.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { downloadSpMetadata } from '../../../api/download-sp-metadata.ts';
import { generateSpKey } from '../../../api/generate-sp-key.ts';
import type { GetSsoInfoResponse } from '../../../api/get-sso-info.ts';

/** "SP keys and metadata" container: the ACS URL, the SP entity ID, the certificate, key generation and the metadata download. */
export function SpKeysContainer({ info, onSaved, onReload }: { info: GetSsoInfoResponse; onSaved: (saved: GetSsoInfoResponse) => void; onReload: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'generate' | 'download'>();
  const [conflict, setConflict] = useState<string>();
  const { reloading, reload } = useReload(onReload);
  const hasKey = info.sp.certificate !== null;

  const generate = async () => {
    setBusy('generate');
    setConflict(undefined);
    try {
      const saved = await generateSpKey({ row_version: info.row_version }, { silent: true });
      notify({ id: newNotificationId('sso-key'), type: 'success', header: t('sso.sp.generated'), dismissLabel: t('common.close') }, 8000);
      onSaved(saved);
    } catch (error) {
      handleSaveError(error, { conflict: setConflict, fieldErrors: () => reportApiError(error) });
    } finally {
      setBusy(undefined);
      setConfirming(false);
    }
  };
  const download = async () => {
    setBusy('download');
    try {
      await downloadSpMetadata();
      notify({ id: newNotificationId('sso-metadata'), type: 'success', header: t('sso.sp.downloaded'), dismissLabel: t('common.close') }, 5000);
    } catch {
      // Reported by the API client's error modal (e.g. -4 until the SP entity ID and login URL are saved).
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Container
      data-testid="sso-sp"
      header={
        <Header
          variant="h2"
          description={t('sso.sp.description')}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                loading={busy === 'generate'}
                disabled={busy !== undefined}
                onClick={() => (hasKey ? setConfirming(true) : void generate())}
                nativeButtonAttributes={{ 'data-testid': 'sso-generate-key' }}
              >
                {hasKey ? t('sso.sp.regenerate') : t('sso.sp.generate')}
              </Button>
              <Button
                iconName="download"
                loading={busy === 'download'}
                disabled={busy !== undefined}
                onClick={() => void download()}
                nativeButtonAttributes={{ 'data-testid': 'sso-download-metadata' }}
              >
                {t('sso.sp.download')}
              </Button>
            </SpaceBetween>
          }
        >
          {t('sso.sp.title')}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {conflict && <ConflictAlert message={conflict} onReload={() => void reload()} reloading={reloading} />}
        <ColumnLayout columns={3} variant="text-grid">
          <div>
            <Box variant="awsui-key-label">{t('sso.sp.acsUrl')}</Box>
            <div data-testid="sso-acs-url">{info.sp.acs_url ?? <Box color="text-status-inactive">{t('sso.sp.notSet')}</Box>}</div>
          </div>
          <div>
            <Box variant="awsui-key-label">{t('sso.sp.entityId')}</Box>
            <div data-testid="sso-sp-entity-id-value">{info.sp.entity_id || <Box color="text-status-inactive">{t('sso.sp.notSet')}</Box>}</div>
          </div>
          <div>
            <Box variant="awsui-key-label">{t('sso.sp.certificate')}</Box>
            <div data-testid="sso-sp-certificate" data-state={hasKey ? 'present' : 'none'}>
              {hasKey ? (
                <StatusIndicator type="success">
                  {t('sso.sp.certificateUntil', { date: formatDate(info.sp.certificate_not_after, language) })}
                </StatusIndicator>
              ) : (
                <StatusIndicator type="info">{t('sso.sp.certificateNone')}</StatusIndicator>
              )}
            </div>
          </div>
        </ColumnLayout>
      </SpaceBetween>
      <Modal
        visible={confirming}
        onDismiss={() => setConfirming(false)}
        header={t('sso.sp.generateConfirmTitle')}
        data-testid="sso-generate-modal"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" disabled={busy === 'generate'} onClick={() => setConfirming(false)} nativeButtonAttributes={{ 'data-testid': 'sso-generate-cancel' }}>
                {t('common.cancel')}
              </Button>
              <Button variant="primary" loading={busy === 'generate'} onClick={() => void generate()} nativeButtonAttributes={{ 'data-testid': 'sso-generate-submit' }}>
                {t('sso.sp.regenerate')}
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {t('sso.sp.generateConfirm')}
      </Modal>
    </Container>
  );
}
