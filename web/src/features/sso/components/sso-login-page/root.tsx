import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { codes } from '@shared/codes.ts';
import { ApiError } from '@/lib/api-client.ts';
import { setLanguage } from '@/lib/i18n/index.ts';
import { storeUser } from '@/lib/session.ts';
import { ssoLogin } from '../../api/sso-login.ts';
import { usePageTitle } from '@/components/page-layout.tsx';

/** Codes are single use: a second exchange (StrictMode, a reload) must not run. */
const exchanged = new Set<string>();

/**
 * /com_drive/sso-login?code=: where the ACS sends the browser after a good SAML response. Exchanges
 * the one-time code for a session (the API client keeps the token), keeps the user like the login
 * page does, and opens the drive; a refused code goes to /com_drive/sso-fail.
 */
export default function SsoLoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('sso.login.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const running = useRef(false);

  useEffect(() => {
    if (running.current || exchanged.has(code)) return;
    running.current = true;
    exchanged.add(code);
    const fail = (reason: string) => navigate(`/com_drive/sso-fail?reason=${encodeURIComponent(reason)}`, { replace: true });
    if (!code) {
      fail('notice.ssoCodeInvalid');
      return;
    }
    ssoLogin({ code }, { silent: true })
      .then(({ user }) => {
        if (!user) throw new Error('no user in the answer');
        storeUser(user);
        setLanguage(user.language);
        navigate('/storage', { replace: true });
      })
      .catch((error: unknown) => {
        fail(error instanceof ApiError && error.code === codes.loginLimitedByAdmin.code ? 'code.loginLimitedByAdmin' : 'notice.ssoCodeInvalid');
      });
  }, [code, navigate]);

  return (
    <div className="login-page" data-testid="sso-login-page">
      <Container header={<Header variant="h1">{t('sso.login.title')}</Header>}>
        <StatusIndicator type="loading">{t('sso.login.working')}</StatusIndicator>
      </Container>
    </div>
  );
}
