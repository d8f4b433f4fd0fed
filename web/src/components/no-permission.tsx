import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { usePageLayout } from './page-layout.tsx';

/** An administration screen opened by someone who is not an administrator: no API call is made. */
export function NoPermission() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageLayout([
    { text: t('noPermission.title'), href: '#' },
  ]);
  return (
    <div data-testid="no-permission">
      <ContentLayout header={<Header variant="h1">{t('noPermission.title')}</Header>}>
        <Container>
          <Box textAlign="center" padding={{ vertical: 'xxl' }}>
            <SpaceBetween size="m" alignItems="center">
              <Box variant="p" color="text-body-secondary">
                {t('noPermission.description')}
              </Box>
              <Button onClick={() => navigate('/storage')}>{t('underConstruction.back')}</Button>
            </SpaceBetween>
          </Box>
        </Container>
      </ContentLayout>
    </div>
  );
}
