import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import { densities, pageSizes, visualModes } from '@shared/constants.ts';
import type { UserSettings } from '@shared/schemas/user-settings.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { applyUserSettings, useUserSettings } from '../../api/get-user-settings.ts';
import { saveUserSettings, type SaveUserSettingsRequest } from '../../api/save-user-settings.ts';

/**
 * The user's display settings (user_setting_info / user_setting_save_btn): rows per page, visual
 * mode and density, saved on the server at each change and applied at once.
 */
export function DisplaySettings() {
  const { t } = useTranslation();
  const { data } = useUserSettings();
  const settings = data?.settings;
  const [saving, setSaving] = useState(false);

  const save = async (change: SaveUserSettingsRequest) => {
    if (!settings) return;
    setSaving(true);
    try {
      const saved = await saveUserSettings(change);
      applyUserSettings(saved.settings);
      notify({ id: newNotificationId('display'), type: 'success', content: <span data-testid="profile-display-saved">{t('home.display.saved')}</span>, dismissLabel: t('common.close') }, 6000);
    } catch {
      // the error modal has told the user
    } finally {
      setSaving(false);
    }
  };

  const sizeOption = (size: number) => ({ value: String(size), label: String(size) });
  const disabled = !settings || saving;
  return (
    <Container header={<Header variant="h2" description={t('home.display.description')}>{t('home.display.title')}</Header>} data-testid="profile-display">
      <ColumnLayout columns={3}>
        <FormField label={t('home.display.pageSize')} description={t('home.display.pageSizeDescription')}>
          <Select
            data-testid="profile-page-size"
            disabled={disabled}
            selectedOption={settings ? sizeOption(settings.page_size) : null}
            options={pageSizes.map(sizeOption)}
            onChange={({ detail }) => void save({ page_size: Number(detail.selectedOption.value) as UserSettings['page_size'] })}
          />
        </FormField>
        <FormField label={t('home.display.visualMode')}>
          <RadioGroup
            data-testid="profile-visual-mode"
            value={settings?.visual_mode ?? null}
            onChange={({ detail }) => void save({ visual_mode: detail.value as UserSettings['visual_mode'] })}
            items={visualModes.map((mode) => ({ value: mode, label: t(`home.display.${mode}`), disabled }))}
          />
        </FormField>
        <FormField label={t('home.display.density')}>
          <RadioGroup
            data-testid="profile-density"
            value={settings?.density ?? null}
            onChange={({ detail }) => void save({ density: detail.value as UserSettings['density'] })}
            items={densities.map((density) => ({ value: density, label: t(`home.display.${density}`), disabled }))}
          />
        </FormField>
      </ColumnLayout>
    </Container>
  );
}
