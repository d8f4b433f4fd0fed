import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { usePageLayout } from './page-layout.tsx';

/**
 * A screen the user's rights do not reach: an administration screen for a non-administrator, or
 * the drive for a user whose drive level is none. No API call is made.
 */
export function NoPermission({ reason = 'admin' }: { reason?: 'admin' | 'drive' }) {
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
                {t(reason === 'drive' ? 'noPermission.driveDescription' : 'noPermission.description')}
              </Box>
              {reason === 'drive' ? (
                <Button onClick={() => navigate('/profile')}>{t('noPermission.toProfile')}</Button>
              ) : (
                <Button onClick={() => navigate('/storage')}>{t('underConstruction.back')}</Button>
              )}
            </SpaceBetween>
          </Box>
        </Container>
      </ContentLayout>
    </div>
  );
}
