import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ssoStartRequest } from '@shared/schemas/sso.ts';
import { ApiError, isAbortError } from '@/lib/api-client.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { ssoStart } from '../../api/sso-start.ts';
import { usePageTitle } from '@/components/page-layout.tsx';

/**
 * /com_drive/sso: SAML sign-in. The contract ID (prefilled and submitted at once from ?kyk_id=, the
 * SP login URL administrators hand out) asks sso_start for the IdP URL, and the browser goes there.
 */
export default function SsoPage() {
  const { t } = useTranslation();
  usePageTitle(t('sso.page.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initial = params.get('kyk_id') ?? '';
  const [kykId, setKykId] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const started = useRef(false);

  const errors = submitted ? fieldErrors(ssoStartRequest, { kyk_id: kykId }, t) : {};

  const start = async (value: string) => {
    setSubmitted(true);
    setFailure(undefined);
    if (Object.keys(fieldErrors(ssoStartRequest, { kyk_id: value }, t)).length > 0) return;
    setBusy(true);
    try {
      const { redirect_url } = await ssoStart({ kyk_id: value.trim() }, { silent: true });
      setRedirecting(true);
      window.location.assign(redirect_url);
    } catch (error) {
      if (isAbortError(error)) return;
      setFailure(error instanceof ApiError ? error.message : t('notice.networkError'));
      setBusy(false);
    }
  };

  // The SP login URL carries the contract: go straight on (once, also under StrictMode).
  useEffect(() => {
    if (!initial || started.current) return;
    started.current = true;
    void start(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once for the URL's contract ID
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void start(kykId);
  };

  return (
    <div className="login-page" data-testid="sso-page">
      <form onSubmit={onSubmit} noValidate>
        <SpaceBetween size="l">
          {failure && (
            <Alert type="error" data-testid="sso-error">
              {failure}
            </Alert>
          )}
          {redirecting && (
            <Alert type="info" data-testid="sso-redirecting">
              {t('sso.page.redirecting')}
            </Alert>
          )}
          <Container header={<Header variant="h1" description={t('sso.page.description')}>{t('sso.page.title')}</Header>}>
            <Form
              actions={
                <Button variant="primary" formAction="submit" loading={busy} nativeButtonAttributes={{ 'data-testid': 'sso-submit' }}>
                  {t('sso.page.submit')}
                </Button>
              }
            >
              <FormField label={t('sso.page.kykId')} errorText={errors.kyk_id} controlId="sso-kyk-id">
                <Input
                  value={kykId}
                  autoFocus
                  autoComplete="organization"
                  disableBrowserAutocorrect
                  invalid={!!errors.kyk_id}
                  onChange={({ detail }) => {
                    setKykId(detail.value);
                    setFailure(undefined);
                  }}
                  nativeInputAttributes={{ 'data-testid': 'sso-kyk-id', name: 'kyk_id' }}
                />
              </FormField>
            </Form>
          </Container>
          <Box textAlign="center">
            <Link
              href="/login"
              onFollow={(event) => {
                event.preventDefault();
                navigate(kykId ? `/login?kyk_id=${encodeURIComponent(kykId.trim())}` : '/login');
              }}
              data-testid="sso-back"
            >
              {t('sso.page.back')}
            </Link>
          </Box>
        </SpaceBetween>
      </form>
    </div>
  );
}
