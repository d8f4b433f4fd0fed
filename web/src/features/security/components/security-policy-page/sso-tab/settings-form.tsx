import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import { ssoInfoSaveRequest, type SsoSettings } from '@shared/schemas/sso.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { formatDate } from '@/lib/format.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import type { GetSsoInfoResponse } from '../../../api/get-sso-info.ts';
import { useAtaGroups } from '../../../api/list-ata-groups.ts';
import { saveSsoInfo } from '../../../api/save-sso-info.ts';
import { ResetSaveActions } from '@/components/reset-save-actions.tsx';

type SettingsDraft = Omit<SsoSettings, 'attr_user_id' | 'attr_mail'>;
type FlagField = 'enabled' | 'request_signed' | 'response_signed' | 'assertion_encrypted';

const settingsDraftOf = ({ attr_user_id: _user, attr_mail: _mail, ...settings }: SsoSettings): SettingsDraft => settings;

/**
 * "Identity provider and service provider" container: the IdP/SP settings, the signature and
 * encryption flags, and the account-area groups that use single sign-on.
 */
export function SettingsForm({ info, onDirtyChange, onSaved, onReload }: {
  info: GetSsoInfoResponse;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (saved: GetSsoInfoResponse) => void;
  onReload: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const groups = useAtaGroups();
  const form = useZodForm({
    initial: settingsDraftOf(info.settings),
    schema: ssoInfoSaveRequest,
    toBody: (values) => ({ row_version: info.row_version, ...values }),
    send: (body) => saveSsoInfo(body, { silent: true }),
    savedMessage: () => t('sso.settings.saved'),
    onSaved,
    onReload,
  });
  const { values: draft, errors, busy, changed, conflict, reloading, reload } = form;

  useEffect(() => onDirtyChange(changed), [changed, onDirtyChange]);

  /** A change also clears the server's key rule (it concerns the flags and the key together). */
  const change = <K extends keyof SettingsDraft>(field: K, value: SettingsDraft[K]) => {
    form.change(field, value);
    form.clearServerErrors('sp_certificate');
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
      {...form.formProps}
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
            onReset={form.reset}
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
              constraintText={info.idp_certificate && draft.idp_cert === info.settings.idp_cert
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
