import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { IP_RANGES_MAX } from '@shared/ip-ranges.ts';
import { allowIpSaveRequest } from '@shared/schemas/ip-policy.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { RecordLoading } from '@/components/record-loading.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { useIpPolicy, type IpPolicyEntry } from '../../api/get-ip-policy.ts';
import { saveIpPolicy } from '../../api/save-ip-policy.ts';
import { sameIpList } from '../../utils/ip-list.ts';
import { IpGroupModal } from './ip-group-modal.tsx';
import { IpGroupsTable } from './ip-groups-table.tsx';
import { YourAddress } from './ip-your-address.tsx';
import { ResetSaveActions } from '@/components/reset-save-actions.tsx';

/**
 * The "IP address restriction" tab of /security-policy: the contract-wide list as a form, the
 * account-area groups' lists in a table with an edit modal per group, and the caller's address.
 */
export function IpPolicyTab({ onDirtyChange, onBack }: { onDirtyChange: (dirty: boolean) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useIpPolicy();
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<IpPolicyEntry>();

  if (!data) {
    return (
      <RecordLoading
        testId="ip-policy-loading"
        loading={isLoading}
        error={error}
        backLabel={t('underConstruction.back')}
        onBack={onBack}
        onRetry={() => void mutate()}
      />
    );
  }
  const [contract, ...groups] = data.data_list;
  /** Puts a saved entry in the cached answer (no refetch: other rows keep their row versions). */
  const replaceEntry = (entry: IpPolicyEntry) =>
    void mutate(
      (current) => current && { ...current, data_list: current.data_list.map((row) => (row.user_group_id === entry.user_group_id ? entry : row)) },
      { revalidate: false },
    );

  return (
    <SpaceBetween size="l">
      <Box variant="p" color="text-body-secondary">
        {t('ipPolicy.intro')}
      </Box>
      {contract && (
        <ContractForm
          key={formKey}
          entry={contract}
          yourIp={data.your_ip}
          onDirtyChange={onDirtyChange}
          onSaved={(entry) => {
            replaceEntry(entry);
            setFormKey((count) => count + 1);
            onDirtyChange(false);
          }}
          onReload={async () => {
            await mutate();
            setFormKey((count) => count + 1);
            onDirtyChange(false);
          }}
        />
      )}
      <IpGroupsTable groups={groups} onEdit={setEditing} />
      {editing && (
        <IpGroupModal
          entry={editing}
          yourIp={data.your_ip}
          onDismiss={() => setEditing(undefined)}
          onSaved={(entry) => {
            replaceEntry(entry);
            setEditing(undefined);
          }}
          onReload={async () => {
            const fresh = await mutate();
            setEditing(fresh?.data_list.find((row) => row.user_group_id === editing.user_group_id));
          }}
        />
      )}
    </SpaceBetween>
  );
}

function ContractForm({
  entry,
  yourIp,
  onDirtyChange,
  onSaved,
  onReload,
}: {
  entry: IpPolicyEntry;
  yourIp: string;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (entry: IpPolicyEntry) => void;
  onReload: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const form = useZodForm({
    initial: { ip_address: entry.ip_address },
    schema: allowIpSaveRequest,
    toBody: (values) => ({ ip_address: values.ip_address, row_version: entry.row_version }),
    send: (body) => saveIpPolicy(body, { silent: true }),
    savedMessage: () => t('ipPolicy.contract.saved'),
    onSaved: (saved) => onSaved(saved.entry),
    onReload,
  });
  const text = form.values.ip_address;
  const changed = !sameIpList(text, entry.ip_address);
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const { busy, conflict, reload, reloading } = form;

  useEffect(() => onDirtyChange(changed), [changed, onDirtyChange]);

  // The field's message; a server message about another part of the request shows here too.
  const errorText = form.errorOf('ip_address') ?? Object.values(form.serverErrors)[0];
  const change = (next: string) => form.change('ip_address', next);

  return (
    <form {...form.formProps} data-testid="ip-contract-form" data-row-version={entry.row_version}>
      <Form
        actions={
          <ResetSaveActions
            changed={changed}
            busy={busy}
            reloading={reloading}
            testIdPrefix="ip-contract"
            onReset={form.reset}
          />
        }
      >
        <Container header={<Header variant="h2" description={t('ipPolicy.contract.description')}>{t('ipPolicy.contract.title')}</Header>}>
          <SpaceBetween size="l">
            {conflict && <ConflictAlert message={conflict} onReload={() => void reload()} reloading={reloading} discardsChanges />}
            <ColumnLayout columns={2} variant="text-grid">
              <div>
                <Box variant="awsui-key-label">{t('ipPolicy.contract.state')}</Box>
                <div data-testid="ip-contract-state" data-count={entry.cidrs.length}>
                  {entry.cidrs.length === 0 ? (
                    <StatusIndicator type="info">{t('ipPolicy.contract.none')}</StatusIndicator>
                  ) : (
                    <StatusIndicator type="success">{t('ipPolicy.contract.ranges', { count: entry.cidrs.length })}</StatusIndicator>
                  )}
                </div>
              </div>
              <div>
                <Box variant="awsui-key-label">{t('ipPolicy.contract.updated')}</Box>
                <div>
                  {entry.update_date
                    ? t('ipPolicy.contract.updatedBy', { date: formatDateTime(entry.update_date, language), name: entry.update_user_nm ?? '' })
                    : t('ipPolicy.contract.never')}
                </div>
              </div>
            </ColumnLayout>
            <YourAddress yourIp={yourIp} text={text} onAdd={change} disabled={busy} />
            <FormField
              label={t('ipPolicy.contract.label')}
              constraintText={t('ipPolicy.contract.constraint', { max: IP_RANGES_MAX })}
              errorText={errorText}
              stretch
            >
              <Textarea
                value={text}
                rows={4}
                spellcheck={false}
                disabled={busy}
                placeholder={t('ipPolicy.contract.placeholder')}
                invalid={!!errorText}
                onChange={({ detail }) => change(detail.value)}
                onBlur={() => form.setSubmitted(text.trim() !== '')}
                ariaLabel={t('ipPolicy.contract.label')}
                nativeTextareaAttributes={{ 'data-testid': 'ip-contract-input' } as Record<string, string>}
              />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
