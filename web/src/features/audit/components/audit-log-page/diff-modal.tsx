import { useTranslation } from 'react-i18next';
import { auditDiff } from '@shared/audit-diff.ts';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { AuditLogRecord } from '../../api/list-audit-log.ts';
import { actionText, fieldText, targetTypeText } from '../../utils/audit-words.ts';

/** One record's before and after as a table of the fields that changed (shared/audit-diff.ts), named as the screens name them. */
export function AuditDiffModal({ record, time, onDismiss }: { record: AuditLogRecord; time: (iso: string) => string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const changes = auditDiff(record.before, record.after);
  return (
    <Modal
      visible
      size="large"
      data-testid="audit-diff-dialog"
      onDismiss={onDismiss}
      header={t('auditLogPage.detailTitle', { action: actionText(t, record.action), item: record.target_nm ?? `${targetTypeText(t, record.target_type)} ${record.target_id}` })}
      footer={<Box float="right"><Button variant="primary" onClick={onDismiss}>{t('auditLogPage.close')}</Button></Box>}
    >
      <SpaceBetween size="m">
        <Box variant="small">
          {t('auditLogPage.detailMeta', { user: `${record.user_nm} (${record.user_id})`, at: time(record.at), address: record.source_ip, request: record.request_id })}
        </Box>
        <Table
          variant="embedded"
          wrapLines
          ariaLabels={{ tableLabel: t('auditLogPage.diffLabel') }}
          items={changes}
          trackBy="path"
          empty={<Box textAlign="center" color="inherit">{t('auditLogPage.noChanges')}</Box>}
          columnDefinitions={[
            { id: 'path', header: t('auditLogPage.diffField'), isRowHeader: true, cell: (change) => <span data-testid="audit-diff-row" data-path={change.path} title={change.path}>{fieldText(t, change.path)}</span> },
            {
              id: 'before', header: t('auditLogPage.diffBefore'),
              cell: (change) => (change.kind === 'added' ? <StatusIndicator type="info">{t('auditLogPage.diffAdded')}</StatusIndicator> : <Box variant="code" data-testid="audit-diff-before">{change.before}</Box>),
            },
            {
              id: 'after', header: t('auditLogPage.diffAfter'),
              cell: (change) => (change.kind === 'removed' ? <StatusIndicator type="stopped">{t('auditLogPage.diffRemoved')}</StatusIndicator> : <Box variant="code" data-testid="audit-diff-after">{change.after}</Box>),
            },
          ]}
        />
      </SpaceBetween>
    </Modal>
  );
}
