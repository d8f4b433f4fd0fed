import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { codes } from '@shared/codes.ts';
import { SHARE_TOKEN_PATTERN } from '@shared/schemas/share-links.ts';
import { ApiError, isAbortError } from '@/lib/api-client.ts';
import { formatBytes, formatDateTime } from '@/lib/format.ts';
import { downloadSharedFile } from '../../api/download-shared-file.ts';
import { getSharedFile, type SharedFile } from '../../api/get-shared-file.ts';
import { usePageTitle } from '@/components/page-layout.tsx';

type Shown = { kind: 'loading' } | { kind: 'open'; file: SharedFile } | { kind: 'refused'; message: string };

const messageOf = (error: unknown, fallback: string): string => (error instanceof ApiError ? error.message : fallback);

/** Starts the browser's download of a granted URL (an attachment: the page stays). */
function startDownload(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noreferrer';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * The public download page of a share link (/share/<contract>/<token>; docs/drive.md "Share
 * links"): no sign-in, in the visitor's language (the top bar switches it). It shows what the link
 * offers, asks for the password when there is one, and each Download is one counted grant whose URL
 * is used at once. The page is sent with Referrer-Policy: no-referrer, so the token never leaves in
 * a Referer header.
 */
export default function SharePage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('shares.page.title'));
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const { kykId = '', token = '' } = useParams();
  // A token of the wrong shape is not worth a call (nor a count against the address).
  const wellFormed = SHARE_TOKEN_PATTERN.test(token);
  const [loaded, setShown] = useState<Shown>({ kind: 'loading' });
  const shown: Shown = wellFormed ? loaded : { kind: 'refused', message: t('code.shareLinkNotFound') };
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<string>();

  useEffect(() => {
    document.title = t('shares.page.title');
  }, [t]);

  useEffect(() => {
    if (!wellFormed) return;
    const controller = new AbortController();
    getSharedFile({ kyk_id: kykId, token }, { silent: true, signal: controller.signal })
      .then((file) => setShown({ kind: 'open', file }))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setShown({ kind: 'refused', message: messageOf(error, t('notice.networkError')) });
      });
    return () => controller.abort();
    // The message language of a refusal is the server's at the time of the call.
  }, [kykId, token, wellFormed]); // eslint-disable-line react-hooks/exhaustive-deps

  const download = async () => {
    if (shown.kind !== 'open') return;
    setBusy(true);
    setFailure(undefined);
    setPasswordError(undefined);
    setStarted(undefined);
    try {
      const grant = await downloadSharedFile({ kyk_id: kykId, token, ...(shown.file.password_required ? { password } : {}) }, { silent: true });
      startDownload(grant.url);
      setStarted(grant.file_name);
      setShown({ kind: 'open', file: { ...shown.file, file_name: grant.file_name, size: grant.size, downloads_left: grant.downloads_left, password_required: shown.file.password_required } });
    } catch (error) {
      if (isAbortError(error)) return;
      if (error instanceof ApiError && error.code === codes.shareLinkPasswordWrong.code) setPasswordError(error.message);
      else setFailure(messageOf(error, t('notice.networkError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box padding={{ vertical: 'xxl', horizontal: 'l' }} data-testid="share-page">
      <div className="share-page">
        {shown.kind === 'loading' && (
          <StatusIndicator type="loading" data-testid="share-page-loading">
            {t('shares.page.loading')}
          </StatusIndicator>
        )}
        {shown.kind === 'refused' && (
          <Alert type="error" header={t('shares.page.unavailable')} data-testid="share-page-refused">
            {shown.message}
          </Alert>
        )}
        {shown.kind === 'open' && (
          <Container header={<Header variant="h1" description={t('shares.page.intro')}>{t('shares.page.title')}</Header>}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void download();
              }}
            >
              <SpaceBetween size="l">
                <KeyValuePairs
                  columns={2}
                  items={[
                    ...(shown.file.file_name !== null
                      ? [
                          { label: t('shares.page.fileName'), value: <span data-testid="share-page-name">{shown.file.file_name}</span> },
                          { label: t('shares.page.size'), value: formatBytes(shown.file.size) },
                        ]
                      : []),
                    { label: t('shares.page.expiresAt'), value: formatDateTime(shown.file.expires_at, language) },
                    {
                      label: t('shares.page.downloadsLeft'),
                      value: <span data-testid="share-page-left">{shown.file.downloads_left === null ? t('shares.page.noLimit') : shown.file.downloads_left}</span>,
                    },
                  ]}
                />
                {shown.file.password_required && (
                  <FormField label={t('shares.page.password')} description={t('shares.page.protected')} errorText={passwordError}>
                    <Input type="password" value={password} onChange={({ detail }) => setPassword(detail.value)} data-testid="share-page-password" />
                  </FormField>
                )}
                {failure && (
                  <Alert type="error" data-testid="share-page-error">
                    {failure}
                  </Alert>
                )}
                {started && (
                  <Alert type="success" data-testid="share-page-started">
                    {t('shares.page.started', { name: started })}
                  </Alert>
                )}
                <Button variant="primary" iconName="download" loading={busy} formAction="submit" nativeButtonAttributes={{ 'data-testid': 'share-page-download' }}>
                  {t('shares.page.download')}
                </Button>
              </SpaceBetween>
            </form>
          </Container>
        )}
      </div>
    </Box>
  );
}
