import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { securityInfoSaveRequest } from '@shared/schemas/security.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { RecordLoading } from '@/components/record-loading.tsx';
import { UnsavedChangesModal, useLeaveGuard } from '@/components/unsaved-changes.tsx';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { useSecurityInfo, type GetSecurityInfoResponse } from '../../api/get-security-info.ts';
import { saveSecurityInfo } from '../../api/save-security-info.ts';
import { draftChanged, draftFromPolicy, policyFromDraft } from '../../utils/policy-form.ts';
import { IpPolicyTab } from './ip-policy-tab.tsx';
import { PasswordPolicyForm } from './password-policy-form.tsx';
import { SsoTab } from './sso-tab/root.tsx';
import { ResetSaveActions } from '@/components/reset-save-actions.tsx';

type TabKey = 'password' | 'ip' | 'sso';
/** Tab ids are also the tab headers' data-testid (Cloudscape sets it). */
const tabIds: Record<TabKey, string> = { password: 'security-tab-password', ip: 'security-tab-ip', sso: 'security-tab-sso' };
const tabOf = (value: string | null): TabKey => (value === 'ip' || value === 'sso' ? value : 'password');
const tabKeyOfId = (id: string): TabKey => (Object.entries(tabIds).find(([, tabId]) => tabId === id)?.[0] as TabKey | undefined) ?? 'password';

/**
 * /security-policy (SPEC.md §2): password policy, IP address restriction and single sign-on tabs.
 * Changing tab, or leaving the page, with unsaved edits of the policy asks for confirmation.
 */
export default function SecurityPolicyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const { data, error, isLoading, mutate } = useSecurityInfo();
  const [dirty, setDirty] = useState(false);
  const [ipDirty, setIpDirty] = useState(false);
  const [ssoDirty, setSsoDirty] = useState(false);
  /** Unsaved edits on any tab. */
  const unsaved = dirty || ipDirty || ssoDirty;
  const [pendingTab, setPendingTab] = useState<TabKey>();
  const [formKey, setFormKey] = useState(0);

  usePageLayout([
    { text: t('pages.securityPolicy'), href: '/security-policy' },
  ]);

  // Leaving the page (another screen) with unsaved edits: the same confirmation.
  const guard = useLeaveGuard(unsaved);

  const goToTab = (next: TabKey) => setParams(next === 'password' ? {} : { tab: next }, { replace: true });
  const askOpen = pendingTab !== undefined || guard.blocked;
  const stay = () => {
    setPendingTab(undefined);
    guard.stay();
  };
  const discard = () => {
    setDirty(false);
    setIpDirty(false);
    setSsoDirty(false);
    setFormKey((count) => count + 1);
    if (pendingTab) goToTab(pendingTab);
    setPendingTab(undefined);
    guard.proceed();
  };

  return (
    <ContentLayout header={<Header variant="h1" description={t('security.description')}>{t('pages.securityPolicy')}</Header>}>
      <Tabs
        data-testid="security-tabs"
        activeTabId={tabIds[tab]}
        onChange={({ detail }) => {
          const next = tabKeyOfId(detail.activeTabId);
          if (next === tab) return;
          if (unsaved) setPendingTab(next);
          else goToTab(next);
        }}
        tabs={[
          {
            id: tabIds.password,
            label: t('security.tabs.password'),
            content: data ? (
              <PasswordPolicyTab
                key={formKey}
                info={data}
                onDirtyChange={setDirty}
                onSaved={(saved) => {
                  void mutate(saved, { revalidate: false });
                  setFormKey((count) => count + 1);
                  setDirty(false);
                }}
                onReload={async () => {
                  await mutate();
                  setFormKey((count) => count + 1);
                  setDirty(false);
                }}
              />
            ) : (
              <RecordLoading
                testId="policy-loading"
                loading={isLoading}
                error={error}
                backLabel={t('underConstruction.back')}
                onBack={() => navigate('/storage')}
                onRetry={() => void mutate()}
              />
            ),
          },
          {
            id: tabIds.ip,
            label: t('security.tabs.ip'),
            content: <IpPolicyTab key={formKey} onDirtyChange={setIpDirty} onBack={() => navigate('/storage')} />,
          },
          {
            id: tabIds.sso,
            label: t('security.tabs.sso'),
            content: <SsoTab key={formKey} onDirtyChange={setSsoDirty} onBack={() => navigate('/storage')} />,
          },
        ]}
      />
      <UnsavedChangesModal
        visible={askOpen}
        message={dirty || (!ipDirty && !ssoDirty) ? t('security.unsaved.message') : ipDirty ? t('ipPolicy.unsaved') : t('sso.unsaved')}
        onStay={stay}
        onDiscard={discard}
      />
    </ContentLayout>
  );
}

function PasswordPolicyTab({
  info,
  onDirtyChange,
  onSaved,
  onReload,
}: {
  info: GetSecurityInfoResponse;
  onDirtyChange: (dirty: boolean) => void;
  onSaved: (saved: GetSecurityInfoResponse) => void;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useZodForm({
    initial: draftFromPolicy(info.policy),
    schema: securityInfoSaveRequest,
    toBody: (draft) => ({ row_version: info.row_version, ...policyFromDraft(draft) }),
    send: (body) => saveSecurityInfo(body, { silent: true }),
    savedMessage: () => t('security.policy.saved'),
    onSaved,
    onReload,
  });
  const { busy, conflict, reloading, reload } = form;
  const changed = draftChanged(form.values, draftFromPolicy(info.policy));

  useEffect(() => onDirtyChange(changed), [changed, onDirtyChange]);

  return (
    <form {...form.formProps} data-testid="policy-form">
      <Form
        actions={
          <ResetSaveActions
            changed={changed}
            busy={busy}
            reloading={reloading}
            testIdPrefix="policy"
            onReset={form.reset}
          />
        }
      >
        <SpaceBetween size="l">
          {conflict && <ConflictAlert message={conflict} onReload={() => void reload()} reloading={reloading} discardsChanges />}
          <PasswordPolicyForm draft={form.values} disabled={busy} errors={form.errors} onChange={form.change} />
        </SpaceBetween>
      </Form>
    </form>
  );
}
