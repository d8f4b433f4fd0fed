import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { RecordLoading } from '@/components/record-loading.tsx';
import { useSsoInfo, type GetSsoInfoResponse } from '../../../api/get-sso-info.ts';
import { AttributesForm } from './attributes-form.tsx';
import { SettingsForm } from './settings-form.tsx';
import { SpKeysContainer } from './sp-keys-container.tsx';

/**
 * The "Single sign-on (SAML)" tab of /security-policy: the IdP/SP settings with the signature and
 * encryption flags and the SSO groups, the SP keys and metadata for the IdP administrator, and the
 * attribute mapping. Both forms report unsaved edits (the page asks before changing tab or leaving).
 * One component per container (as cloudscape-design/demos): settings-form, sp-keys-container,
 * attributes-form; this root owns the record and which form starts again after a save or reload.
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
      <SpKeysContainer info={data} onSaved={update} onReload={reloadAll} />
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
