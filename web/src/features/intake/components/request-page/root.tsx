import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { codes } from '@shared/codes.ts';
import { SHARE_TOKEN_PATTERN } from '@shared/schemas/share-links.ts';
import { usePageTitle } from '@/components/page-layout.tsx';
import { ApiError, isAbortError } from '@/lib/api-client.ts';
import { getRequestInfo, type RequestInfo } from '../../api/get-request-info.ts';
import { refusesLink } from '../../utils/request-files.ts';
import { RequestForm } from './request-form.tsx';

type Shown =
  | { kind: 'loading' }
  | { kind: 'locked'; info: RequestInfo }
  | { kind: 'open'; info: RequestInfo; password?: string }
  | { kind: 'refused'; message: string };

const messageOf = (error: unknown, fallback: string): string => (error instanceof ApiError ? error.message : fallback);

/**
 * The public page of a file-request link (/request/<contract>/<token>; docs/drive.md "File
 * requests"): no sign-in, in the visitor's language (the top bar switches it). It asks for the
 * password when the link has one, then shows what the link takes and lets the sender send files,
 * each with its progress and the name it got. It never shows the folder's contents or what others
 * sent: the API answers neither. A refusal of the link itself replaces the page, as on the share page.
 */
export default function RequestPage() {
  const { t } = useTranslation();
  usePageTitle(t('intake.request.pageTitle'));
  const { kykId = '', token = '' } = useParams();
  // A token of the wrong shape is not worth a call (nor a count against the address).
  const wellFormed = SHARE_TOKEN_PATTERN.test(token);
  const [loaded, setShown] = useState<Shown>({ kind: 'loading' });
  const shown: Shown = wellFormed ? loaded : { kind: 'refused', message: t('code.shareLinkNotFound') };
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!wellFormed) return;
    const controller = new AbortController();
    getRequestInfo({ kyk_id: kykId, token }, { silent: true, signal: controller.signal })
      .then((info) => setShown(info.password_required && info.title === null ? { kind: 'locked', info } : { kind: 'open', info }))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setShown({ kind: 'refused', message: messageOf(error, t('notice.networkError')) });
      });
    return () => controller.abort();
    // The message language of a refusal is the server's at the time of the call.
  }, [kykId, token, wellFormed]); // eslint-disable-line react-hooks/exhaustive-deps

  const unlock = async () => {
    setBusy(true);
    setPasswordError(undefined);
    try {
      const info = await getRequestInfo({ kyk_id: kykId, token, password }, { silent: true });
      setShown({ kind: 'open', info, password });
    } catch (error) {
      if (isAbortError(error)) return;
      if (error instanceof ApiError && error.kind === 'api' && refusesLink(error.code)) setShown({ kind: 'refused', message: error.message });
      else if (error instanceof ApiError && error.code === codes.input.code) setPasswordError(Object.values(error.fields)[0] ?? error.message);
      else setPasswordError(messageOf(error, t('notice.networkError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box padding={{ vertical: 'l', horizontal: 'l' }} data-testid="request-page">
      <Grid gridDefinition={[{ colspan: { default: 12, m: 10, l: 8 }, offset: { default: 0, m: 1, l: 2 } }]}>
        <div>
          {shown.kind === 'loading' && (
            <StatusIndicator type="loading" data-testid="request-page-loading">
              {t('intake.request.loading')}
            </StatusIndicator>
          )}
          {shown.kind === 'refused' && (
            <Alert type="error" header={t('intake.request.unavailable')} data-testid="request-page-refused">
              {shown.message}
            </Alert>
          )}
          {shown.kind === 'locked' && (
            <Container header={<Header variant="h1" description={t('intake.request.intro')}>{t('intake.request.pageTitle')}</Header>}>
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void unlock();
                }}
              >
                <SpaceBetween size="l">
                  <FormField label={t('intake.request.password')} description={t('intake.request.protected')} errorText={passwordError}>
                    <Input type="password" value={password} onChange={({ detail }) => setPassword(detail.value)} data-testid="request-page-password" />
                  </FormField>
                  <Button variant="primary" loading={busy} formAction="submit" nativeButtonAttributes={{ 'data-testid': 'request-page-unlock' }}>
                    {t('intake.request.unlock')}
                  </Button>
                </SpaceBetween>
              </form>
            </Container>
          )}
          {shown.kind === 'open' && (
            <RequestForm
              kykId={kykId}
              token={token}
              info={shown.info}
              password={shown.password}
              onLinkRefused={(message) => setShown({ kind: 'refused', message })}
            />
          )}
        </div>
      </Grid>
    </Box>
  );
}
