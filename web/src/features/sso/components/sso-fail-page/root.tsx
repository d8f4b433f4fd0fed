import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ssoFailReasons, type SsoFailReason } from '@shared/schemas/sso.ts';
import { usePageTitle } from '@/components/page-layout.tsx';

const isReason = (value: string | null): value is SsoFailReason => (ssoFailReasons as readonly string[]).includes(value ?? '');

/**
 * /com_drive/sso-fail?reason=: a refused SAML sign-in. Only the known reason keys are shown (a link
 * cannot make the page show other text); the details are in the server's log.
 */
export default function SsoFailPage() {
  const { t } = useTranslation();
  usePageTitle(t('sso.fail.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reason = params.get('reason');
  const go = (path: string) => (event: CustomEvent) => {
    event.preventDefault();
    navigate(path);
  };

  return (
    <div className="login-page" data-testid="sso-fail-page">
      <SpaceBetween size="l">
        <Container header={<Header variant="h1">{t('sso.fail.title')}</Header>}>
          <Alert type="error" data-testid="sso-fail-reason" data-reason={isReason(reason) ? reason : 'unknown'}>
            {isReason(reason) ? t(reason) : t('sso.fail.unknown')}
          </Alert>
        </Container>
        <Box textAlign="center">
          <SpaceBetween size="s">
            <Link href="/com_drive/sso" onFollow={go('/com_drive/sso')} data-testid="sso-fail-retry">
              {t('sso.fail.retry')}
            </Link>
            <Link href="/login" onFollow={go('/login')} data-testid="sso-fail-back">
              {t('sso.fail.back')}
            </Link>
          </SpaceBetween>
        </Box>
      </SpaceBetween>
    </div>
  );
}
