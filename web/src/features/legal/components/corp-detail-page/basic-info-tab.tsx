import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { corpUpdateRequest } from '@shared/schemas/legal.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { Tx } from '@/components/translated.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import type { Corp } from '../../api/list-corps.ts';
import { updateCorp } from '../../api/update-corp.ts';
import { corpBody, corpFormFromCorp } from '../../utils/corp-form.ts';
import { CorpFormFields } from '../corp-form-fields.tsx';

/** "Basic information" tab: the fields in view mode, or the edit form (Cloudscape "edit resource"). */
export function BasicInfoTab({
  corp,
  onSaved,
  onReload,
}: {
  corp: Corp;
  onSaved: (corp: Corp) => void;
  /** Fetches the current version (after -201). */
  onReload: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  // The edit form starts again from the server's values on every Edit and after a reload.
  const [editing, setEditing] = useState<number | undefined>();

  if (editing !== undefined) {
    return (
      <BasicInfoForm
        key={editing}
        corp={corp}
        onCancel={() => setEditing(undefined)}
        onSaved={(saved) => {
          setEditing(undefined);
          onSaved(saved);
        }}
        onReload={async () => {
          await onReload();
          setEditing((count) => (count ?? 0) + 1);
        }}
      />
    );
  }

  const dash = t('common.notAvailable');
  return (
    <Container
      data-testid="corp-basic-view"
      header={
        <Header
          variant="h2"
          actions={
            <Button onClick={() => setEditing(0)} nativeButtonAttributes={{ 'data-testid': 'corp-edit-button' }}>
              {t('legal.actions.edit')}
            </Button>
          }
        >
          {t('legal.detail.tabs.basic')}
        </Header>
      }
    >
      <KeyValuePairs
        columns={3}
        items={[
          { label: t('legal.columns.code'), value: <span data-testid="corp-view-code">{corp.corp_cd}</span> },
          { label: t('legal.columns.name'), value: <span data-testid="corp-view-name">{corp.corp_nm}</span> },
          { label: t('legal.columns.tel'), value: corp.tel || dash },
          { label: t('legal.columns.address'), value: corp.address || dash },
          { label: t('legal.columns.note'), value: corp.note ? <span className="corp-note">{corp.note}</span> : dash },
          { label: t('legal.detail.users'), value: corp.user_count },
          {
            label: t('legal.columns.registered'),
            value: [formatDateTime(corp.regist_date, language), corp.regist_user_nm].filter(Boolean).join(' · ') || dash,
          },
          {
            label: t('legal.columns.updated'),
            value: [formatDateTime(corp.update_date, language), corp.update_user_nm].filter(Boolean).join(' · ') || dash,
          },
        ]}
      />
    </Container>
  );
}

function BasicInfoForm({
  corp,
  onCancel,
  onSaved,
  onReload,
}: {
  corp: Corp;
  onCancel: () => void;
  onSaved: (corp: Corp) => void;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useZodForm({
    initial: corpFormFromCorp(corp),
    schema: corpUpdateRequest,
    toBody: (values) => ({ corp_id: corp.corp_id, row_version: corp.row_version, ...corpBody(values) }),
    send: (body) => updateCorp(body, { silent: true }),
    savedMessage: ({ corp: saved }) => <Tx k="legal.form.saved" values={{ name: saved.corp_nm }} />,
    onSaved: ({ corp: saved }) => onSaved(saved),
    onReload,
  });
  const { busy, conflict, reloading } = form;

  return (
    <form {...form.formProps} data-testid="corp-form">
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" disabled={busy} onClick={onCancel} nativeButtonAttributes={{ 'data-testid': 'corp-form-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button variant="primary" loading={busy} disabled={reloading} nativeButtonAttributes={{ 'data-testid': 'corp-form-submit' }}>
              {t('legal.form.submitSave')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {conflict && <ConflictAlert message={conflict} onReload={() => void form.reload()} reloading={reloading} discardsChanges />}
          <Container header={<Header variant="h2">{t('legal.detail.editBasic')}</Header>}>
            <CorpFormFields values={form.values} onChange={form.change} errorOf={form.errorOf} />
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
