import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Resources } from '@/lib/i18n/en.ts';
import { usePageLayout } from './page-layout.tsx';

export type PageKey = keyof Resources['pages'];

/** The under-construction page of SPEC.md §2 for screens not built yet. */
export function UnderConstruction({ page, publicPage = false }: { page: PageKey; publicPage?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t(`pages.${page}`);
  usePageLayout([
    { text: title, href: '#' },
  ]);
  return (
    <div data-testid="under-construction" data-page={page}>
      <ContentLayout header={<Header variant="h1">{title}</Header>}>
        <Container>
          <Box textAlign="center" padding={{ vertical: 'xxl' }}>
            <SpaceBetween size="m" alignItems="center">
              <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true">
                <path d="M32 6 60 56H4Z" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
                <path d="M32 24v16" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
                <circle cx="32" cy="47" r="2.5" fill="currentColor" />
              </svg>
              <Box variant="h2">{t('underConstruction.title')}</Box>
              <Box variant="p" color="text-body-secondary">
                {t('underConstruction.description')}
              </Box>
              <Button onClick={() => navigate(publicPage ? '/login' : '/storage')}>
                {publicPage ? t('underConstruction.backToLogin') : t('underConstruction.back')}
              </Button>
            </SpaceBetween>
          </Box>
        </Container>
      </ContentLayout>
    </div>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageLayout([
    { text: t('pages.notFound'), href: '#' },
  ]);
  return (
    <div data-testid="not-found">
      <ContentLayout header={<Header variant="h1">{t('pages.notFound')}</Header>}>
        <Container>
          <Box textAlign="center" padding={{ vertical: 'xxl' }}>
            <SpaceBetween size="m" alignItems="center">
              <Box variant="h2">404</Box>
              <Box variant="p" color="text-body-secondary">
                {t('notFound.description')}
              </Box>
              <Button onClick={() => navigate('/')}>{t('notFound.home')}</Button>
            </SpaceBetween>
          </Box>
        </Container>
      </ContentLayout>
    </div>
  );
}
