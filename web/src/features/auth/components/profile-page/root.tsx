import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { languages, type Language } from '@shared/messages.ts';
import { usePageLayout } from '@/components/page-layout.tsx';
import { setLanguage } from '@/lib/i18n/index.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { changeFileRegistMethod } from '../../api/change-file-regist-method.ts';
import { changeLanguage } from '../../api/change-language.ts';
import { useLoginUser } from '../../api/get-login-user.ts';
import { DevicesSection } from './devices-section.tsx';
import { DisplaySettings } from './display-settings.tsx';

/**
 * /profile (SPEC.md §2): the signed-in user's own information, language, file-registration method,
 * display settings (kept on the server), password change and trusted second-step devices.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useLoginUser();
  const user = data?.user;
  const [saving, setSaving] = useState(false);
  const [savingMethod, setSavingMethod] = useState(false);
  /** The method chosen and being saved (shown at once; dropped again if the save fails). */
  const [chosenMethod, setChosenMethod] = useState<string>();

  usePageLayout([
    { text: t('pages.profile'), href: '/profile' },
  ]);

  const options = languages.map((language) => ({ value: language, label: t(`languages.${language}`) }));
  const chooseLanguage = async (language: Language) => {
    setLanguage(language);
    setSaving(true);
    try {
      await changeLanguage({ language });
    } catch {
      // the error modal has told the user
    } finally {
      setSaving(false);
    }
  };

  const chooseFileMethod = async (value: string) => {
    setChosenMethod(value);
    setSavingMethod(true);
    try {
      await changeFileRegistMethod({ file_regist_method: value === '1' ? 1 : 0 });
      notify({ id: newNotificationId('file-method'), type: 'success', content: <span data-testid="profile-file-method-saved">{t('signIn.fileMethod.saved')}</span>, dismissLabel: t('common.close') }, 6000);
    } catch {
      // the error modal has told the user
    } finally {
      setChosenMethod(undefined);
      setSavingMethod(false);
    }
  };

  const item = (label: string, testId: string, value: string | undefined) => (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <div data-testid={testId}>{value || t('common.notAvailable')}</div>
    </div>
  );

  return (
    <ContentLayout header={<Header variant="h1">{t('pages.profile')}</Header>}>
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">{t('account.profile.information')}</Header>} data-testid="profile">
          <ColumnLayout columns={2} variant="text-grid">
            {item(t('account.profile.name'), 'profile-name', user?.user_nm)}
            {item(t('account.profile.email'), 'profile-email', user?.email)}
            {item(t('account.profile.contractId'), 'profile-contract-id', user?.kyk_id)}
            {item(t('account.profile.userId'), 'profile-user-id', user?.user_id)}
          </ColumnLayout>
        </Container>
        <Container header={<Header variant="h2">{t('account.profile.settings')}</Header>}>
          <SpaceBetween size="l">
            <FormField label={t('account.profile.language')} description={t('account.profile.languageDescription')}>
              <Select
                data-testid="profile-language"
                disabled={!user || saving}
                selectedOption={options.find((option) => option.value === user?.language) ?? null}
                options={options}
                onChange={({ detail }) => void chooseLanguage(detail.selectedOption.value as Language)}
              />
            </FormField>
            <FormField label={t('signIn.fileMethod.label')} description={t('signIn.fileMethod.description')}>
              <RadioGroup
                data-testid="profile-file-method"
                value={chosenMethod ?? (user ? String(user.file_regist_method) : null)}
                onChange={({ detail }) => void chooseFileMethod(detail.value)}
                items={[
                  { value: '0', label: t('signIn.fileMethod.simple'), description: t('signIn.fileMethod.simpleDescription'), disabled: !user || savingMethod, controlId: 'profile-file-method-0' },
                  { value: '1', label: t('signIn.fileMethod.detailed'), description: t('signIn.fileMethod.detailedDescription'), disabled: !user || savingMethod, controlId: 'profile-file-method-1' },
                ]}
              />
            </FormField>
            <FormField label={t('account.profile.password')} description={t('account.profile.passwordDescription')}>
              <Button onClick={() => navigate('/change-password')} nativeButtonAttributes={{ 'data-testid': 'profile-change-password' }}>
                {t('account.profile.changePassword')}
              </Button>
            </FormField>
          </SpaceBetween>
        </Container>
        <DisplaySettings />
        <DevicesSection />
      </SpaceBetween>
    </ContentLayout>
  );
}
