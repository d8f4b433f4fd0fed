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
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { languages, type Language } from '@shared/messages.ts';
import { usePageLayout } from '@/components/page-layout.tsx';
import { setLanguage } from '@/lib/i18n/index.ts';
import { changeLanguage } from '../../api/change-language.ts';
import { useLoginUser } from '../../api/get-login-user.ts';

/** /profile (SPEC.md §2): the signed-in user's own information, language and password change. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useLoginUser();
  const user = data?.user;
  const [saving, setSaving] = useState(false);

  usePageLayout([
    { text: t('nav.home'), href: '/' },
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
            <FormField label={t('account.profile.password')} description={t('account.profile.passwordDescription')}>
              <Button onClick={() => navigate('/change-password')} nativeButtonAttributes={{ 'data-testid': 'profile-change-password' }}>
                {t('account.profile.changePassword')}
              </Button>
            </FormField>
          </SpaceBetween>
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
