import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { ssoAttribSaveRequest, ssoInfoSaveRequest, type SsoSettings } from '@shared/schemas/sso.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { RecordLoading } from '@/components/record-loading.tsx';
import { reportApiError } from '@/lib/api-client.ts';
import { handleSaveError, useReload, useSave } from '@/lib/edit-form.ts';
import { formatDate } from '@/lib/format.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { downloadSpMetadata } from '../../api/download-sp-metadata.ts';
import { generateSpKey } from '../../api/generate-sp-key.ts';
import { useSsoInfo, type GetSsoInfoResponse } from '../../api/get-sso-info.ts';
import { useAtaGroups } from '../../api/list-ata-groups.ts';
import { saveSsoAttributes } from '../../api/save-sso-attributes.ts';
import { saveSsoInfo } from '../../api/save-sso-info.ts';
import { ResetSaveActions } from './form-actions.tsx';

type SettingsDraft = Omit<SsoSettings, 'attr_user_id' | 'attr_mail'>;
type FlagField = 'enabled' | 'request_signed' | 'response_signed' | 'assertion_encrypted';

const settingsDraftOf = ({ attr_user_id: _user, attr_mail: _mail, ...settings }: SsoSettings): SettingsDraft => settings;
const sameDraft = (a: SettingsDraft, b: SettingsDraft) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The "Single sign-on (SAML)" tab of /security-policy: the IdP/SP settings with the signature and
 * encryption flags and the SSO groups, the SP keys and metadata for the IdP administrator, and the
 * attribute mapping. Both forms report unsaved edits (the page asks before changing tab or leaving).
 */
export function SsoTab({ onDirtyChange, onBack }: { onDirtyChange: (dirty: boolean) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSsoInfo();
  const [settingsKey, setSettingsKey] = useState(0);
  const [attributesKey, setAttributesKey] = useState(0);
  const [settingsDirty, setSettingsDirty] = useState(false);
  const [attributesDirty, setAttributesDirty] = useState(false);

  useEffect(() => onDirtyChange(settingsDirty || attributesDirty), [settingsDirty, attributesDirty, onDirtyChange]);

  if (!data) {
    return (
      <RecordLoading testId="sso-loading" loading={isLoading} error={error} backLabel={t('underConstruction.back')} onBack={onBack} onRetry={() => void mutate()} />
    );
  }
  /** A saved answer replaces the cache; the other form keeps its draft and saves with the new row_version. */
  const update = (saved: GetSsoInfoResponse) => void mutate(saved, { revalidate: false });
  const reloadAll = async () => {
    await mutate();
    setSettingsKey((count) => count + 1);
    setAttributesKey((count) => count + 1);
    setSettingsDirty(false);
    setAttributesDirty(false);
  };

  return (
    <SpaceBetween size="l">
      <Box variant="p" color="text-body-secondary">
        <span data-testid="sso-tab">{t('sso.intro')}</span>
      </Box>
      <SettingsForm
        key={`settings-${settingsKey}`}
        info={data}
        onDirtyChange={setSettingsDirty}
        onSaved={(saved) => {
          update(saved);
          setSettingsKey((count) => count + 1);
          setSettingsDirty(false);
        }}
        onReload={reloadAll}
      />
      <SpKeys info={data} onSaved={update} onReload={reloadAll} />
      <AttributesForm
        key={`attributes-${attributesKey}`}
        info={data}
        onDirtyChange={setAttributesDirty}
        onSaved={(saved) => {
          update(saved);
          setAttributesKey((count) => count + 1);
          setAttributesDirty(false);
        }}
        onReload={reloadAll}
      />
    </SpaceBetween>
  );
}

function SettingsForm({ info, onDirtyChange, onSaved, onReload }: {
  info: GetSsoInfoResponse;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (saved: GetSsoInfoResponse) => void;
  onReload: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const [initial] = useState(() => settingsDraftOf(info.settings));
  const [draft, setDraft] = useState<SettingsDraft>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const { busy, conflict, save: send } = useSave({ notificationId: 'sso-settings', savedHeader: t('sso.settings.saved'), fieldErrors: setServerErrors, onSaved });
  const { reloading, reload } = useReload(onReload);
  const groups = useAtaGroups();
  const changed = !sameDraft(draft, initial);

  useEffect(() => onDirtyChange(changed), [changed, onDirtyChange]);

  const body = { row_version: info.row_version, ...draft };
  const errors = { ...(submitted ? fieldErrors(ssoInfoSaveRequest, body, t) : {}), ...serverErrors };

  const change = <K extends keyof SettingsDraft>(field: K, value: SettingsDraft[K]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setServerErrors(({ [field]: _dropped, sp_certificate: _key, ...rest }) => rest);
  };

  const save = async () => {
    setSubmitted(true);
    if (Object.keys(fieldErrors(ssoInfoSaveRequest, body, t)).length > 0) return;
    await send(() => saveSsoInfo(body, { silent: true }));
  };

  const text = (field: 'idp_entity_id' | 'idp_login_url' | 'sp_entity_id' | 'sp_login_url', label: string, testId: string, options: { description?: string; placeholder?: string; type?: 'url' } = {}) => (
    <FormField label={label} description={options.description} errorText={errors[field]} controlId={`sso-${field}`} stretch>
      <Input
        value={draft[field]}
        type={options.type ?? 'text'}
        placeholder={options.placeholder}
        disabled={busy}
        invalid={!!errors[field]}
        onChange={({ detail }) => change(field, detail.value)}
        nativeInputAttributes={{ 'data-testid': testId, name: field }}
      />
    </FormField>
  );
  const flag = (field: FlagField, label: string, testId: string, description?: string) => (
    <Toggle
      checked={draft[field] === 1}
      disabled={busy}
      description={description}
      onChange={({ detail }) => change(field, detail.checked ? 1 : 0)}
      nativeInputAttributes={{ 'data-testid': testId }}
    >
      {label}
    </Toggle>
  );

  const groupList = groups.data?.return_list ?? [];
  const knownNames = new Map([...info.user_groups.map((group) => [group.user_group_id, group.user_group_nm] as const), ...groupList.map((group) => [group.user_group_id, group.user_group_nm] as const)]);
  const suggested = `${window.location.origin}/com_drive/sso`;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
      data-testid="sso-settings-form"
      data-row-version={info.row_version}
    >
      <Form
        actions={
          <ResetSaveActions
            changed={changed}
            busy={busy}
            reloading={reloading}
            testIdPrefix="sso-settings"
            onReset={() => {
              setDraft(initial);
              setServerErrors({});
              setSubmitted(false);
            }}
          />
        }
      >
        <Container header={<Header variant="h2" description={t('sso.settings.description')}>{t('sso.settings.title')}</Header>}>
          <SpaceBetween size="l">
            {conflict && <ConflictAlert message={conflict} onReload={() => void reload()} reloading={reloading} discardsChanges />}
            {flag('enabled', t('sso.settings.enabled'), 'sso-enabled', t('sso.settings.enabledDescription'))}
            <ColumnLayout columns={2}>
              {text('idp_entity_id', t('sso.settings.idpEntityId'), 'sso-idp-entity-id', { placeholder: t('sso.settings.idpEntityIdPlaceholder') })}
              {text('idp_login_url', t('sso.settings.idpLoginUrl'), 'sso-idp-login-url', { description: t('sso.settings.idpLoginUrlDescription'), type: 'url', placeholder: 'https://' })}
            </ColumnLayout>
            <FormField
              label={t('sso.settings.idpCert')}
              description={t('sso.settings.idpCertDescription')}
              constraintText={info.idp_certificate && draft.idp_cert === initial.idp_cert
                ? t('sso.settings.idpCertParsed', { subject: info.idp_certificate.subject, date: formatDate(info.idp_certificate.not_after, language) })
                : undefined}
              errorText={errors.idp_cert}
              controlId="sso-idp_cert"
              stretch
            >
              <Textarea
                value={draft.idp_cert}
                rows={5}
                disabled={busy}
                invalid={!!errors.idp_cert}
                placeholder="-----BEGIN CERTIFICATE-----"
                spellcheck={false}
                onChange={({ detail }) => change('idp_cert', detail.value)}
                nativeTextareaAttributes={{ 'data-testid': 'sso-idp-cert', name: 'idp_cert' }}
              />
            </FormField>
            <ColumnLayout columns={2}>
              {text('sp_entity_id', t('sso.settings.spEntityId'), 'sso-sp-entity-id', { description: t('sso.settings.spEntityIdDescription'), placeholder: `${window.location.origin}/saml` })}
              <SpaceBetween size="xxs">
                {text('sp_login_url', t('sso.settings.spLoginUrl'), 'sso-sp-login-url', { description: t('sso.settings.spLoginUrlDescription'), type: 'url', placeholder: suggested })}
                {draft.sp_login_url === '' && (
                  <Button
                    formAction="none"
                    variant="inline-link"
                    disabled={busy}
                    onClick={() => {
                      change('sp_login_url', suggested);
                      if (!draft.sp_entity_id) change('sp_entity_id', `${window.location.origin}/saml`);
                    }}
                    nativeButtonAttributes={{ 'data-testid': 'sso-sp-login-url-suggest' }}
                  >
                    {t('sso.settings.suggest')}
                  </Button>
                )}
              </SpaceBetween>
            </ColumnLayout>
            <FormField label={t('sso.settings.flags')} errorText={errors.sp_certificate} stretch>
              <SpaceBetween size="xs">
                {flag('request_signed', t('sso.settings.requestSigned'), 'sso-request-signed')}
                {flag('response_signed', t('sso.settings.responseSigned'), 'sso-response-signed')}
                {flag('assertion_encrypted', t('sso.settings.assertionEncrypted'), 'sso-assertion-encrypted')}
              </SpaceBetween>
            </FormField>
            <FormField label={t('sso.settings.groups')} description={t('sso.settings.groupsDescription')} errorText={errors.user_group_list} stretch>
              <Multiselect
                data-testid="sso-groups"
                selectedOptions={draft.user_group_list.map((id) => ({ value: id, label: knownNames.get(id) ?? id }))}
                options={groupList.map((group) => ({
                  value: group.user_group_id,
                  label: group.user_group_nm,
                  description: group.note || undefined,
                  labelTag: String(group.user_count),
                }))}
                disabled={busy}
                invalid={!!errors.user_group_list}
                placeholder={t('sso.settings.groupsPlaceholder')}
                filteringType="auto"
                statusType={groups.isLoading ? 'loading' : groups.error ? 'error' : 'finished'}
                loadingText={t('sso.settings.groupsLoading')}
                errorText={t('notice.networkError')}
                recoveryText={t('common.refresh')}
                onLoadItems={() => {
                  if (groups.error) void groups.mutate();
                }}
                empty={t('sso.settings.groupsEmpty')}
                tokenLimit={8}
                onChange={({ detail }) => change('user_group_list', detail.selectedOptions.map((option) => option.value ?? '').filter(Boolean))}
              />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}

function SpKeys({ info, onSaved, onReload }: { info: GetSsoInfoResponse; onSaved: (saved: GetSsoInfoResponse) => void; onReload: () => Promise<void> }) {
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

function AttributesForm({ info, onDirtyChange, onSaved, onReload }: {
  info: GetSsoInfoResponse;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (saved: GetSsoInfoResponse) => void;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [initial] = useState(() => ({ attr_user_id: info.settings.attr_user_id, attr_mail: info.settings.attr_mail }));
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string>();
  const { reloading, reload } = useReload(onReload);
  const changed = draft.attr_user_id !== initial.attr_user_id || draft.attr_mail !== initial.attr_mail;

  useEffect(() => onDirtyChange(changed), [changed, onDirtyChange]);

  const body = { row_version: info.row_version, ...draft };
  const errors = { ...(submitted ? fieldErrors(ssoAttribSaveRequest, body, t) : {}), ...serverErrors };

  const save = async () => {
    setSubmitted(true);
    if (Object.keys(fieldErrors(ssoAttribSaveRequest, body, t)).length > 0) return;
    setBusy(true);
    setConflict(undefined);
    try {
      const saved = await saveSsoAttributes(body, { silent: true });
      notify({ id: newNotificationId('sso-attributes'), type: 'success', header: t('sso.attributes.saved'), dismissLabel: t('common.close') }, 5000);
      onSaved(saved);
    } catch (error) {
      handleSaveError(error, { conflict: setConflict, fieldErrors: setServerErrors });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'attr_user_id' | 'attr_mail', label: string, testId: string, placeholder: string) => (
    <FormField label={label} errorText={errors[name]} controlId={`sso-${name}`} stretch>
      <Input
        value={draft[name]}
        placeholder={placeholder}
        disabled={busy}
        invalid={!!errors[name]}
        onChange={({ detail }) => {
          setDraft((previous) => ({ ...previous, [name]: detail.value }));
          setServerErrors(({ [name]: _dropped, ...rest }) => rest);
        }}
        nativeInputAttributes={{ 'data-testid': testId, name }}
      />
    </FormField>
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
      data-testid="sso-attributes-form"
    >
      <Form
        actions={
          <Button variant="primary" loading={busy} disabled={!changed || reloading} nativeButtonAttributes={{ 'data-testid': 'sso-attributes-save' }}>
            {t('common.save')}
          </Button>
        }
      >
        <Container header={<Header variant="h2" description={t('sso.attributes.description')}>{t('sso.attributes.title')}</Header>}>
          <SpaceBetween size="l">
            {conflict && <ConflictAlert message={conflict} onReload={() => void reload()} reloading={reloading} discardsChanges />}
            <ColumnLayout columns={2}>
              {field('attr_user_id', t('sso.attributes.userId'), 'sso-attr-user-id', 'uid')}
              {field('attr_mail', t('sso.attributes.mail'), 'sso-attr-mail', 'mail')}
            </ColumnLayout>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
