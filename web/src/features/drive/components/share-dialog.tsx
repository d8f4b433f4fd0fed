import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import { shareLinkCreateRequest, type ShareLinkRules } from '@shared/schemas/share-links.ts';
import { ListErrorState } from '@/components/list-error.tsx';
import { announce } from '@/lib/announcer.ts';
import { actionKeys, isAbortError, reportApiError } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { createShareLink, type CreateShareLinkRequest } from '../api/create-share-link.ts';
import { refreshShareLinks, useShareLinks, type ShareLinkRow } from '../api/list-share-links.ts';
import { revokeShareLink } from '../api/revoke-share-link.ts';
import { ShareDownloadsCell, ShareLinkStateCell } from './share-link-cells.tsx';

interface LinkValues {
  days: string;
  max_downloads: string;
  password: string;
}

const wholeNumber = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The share dialog of a file (docs/drive.md "Share links"): a new link within the contract's rules
 * (validity, download limit, password), whose URL is shown once, to copy; and the file's links with
 * their state and downloads, each revocable by its creator, an administrator or an updater.
 */
export function ShareDialog({ file, onDismiss }: { file: DriveItem; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useShareLinks(file.id);
  return (
    <Modal
      visible
      size="large"
      data-testid="share-dialog"
      onDismiss={onDismiss}
      header={t('shares.dialog.title', { name: file.name })}
      footer={
        <Box float="right">
          <Button variant="link" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'share-close' }}>
            {t('shares.dialog.close')}
          </Button>
        </Box>
      }
    >
      {data ? (
        <SpaceBetween size="l">
          {data.rules.allowed ? (
            <NewLinkForm file={file} rules={data.rules} onCreated={() => void mutate()} />
          ) : (
            <Alert type="info" data-testid="share-not-allowed">
              {t('shares.dialog.notAllowed')}
            </Alert>
          )}
          <LinksTable links={data.links} onChanged={() => void mutate()} />
        </SpaceBetween>
      ) : error !== undefined ? (
        <ListErrorState error={error} onRetry={() => void mutate()} />
      ) : (
        <Box textAlign="center" padding="l">
          <Spinner /> {t('shares.dialog.loading')}
        </Box>
      )}
    </Modal>
  );
}

function NewLinkForm({ file, rules, onCreated }: { file: DriveItem; rules: ShareLinkRules; onCreated: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string>();
  // A submit sent again after a failure, unchanged, is the same action: the link is made once.
  const [keys] = useState(actionKeys);
  const form = useZodForm({
    initial: { days: String(rules.default_days), max_downloads: String(rules.default_downloads), password: '' } satisfies LinkValues as LinkValues,
    schema: shareLinkCreateRequest,
    toBody: (values: LinkValues): CreateShareLinkRequest => ({
      id: file.id,
      days: wholeNumber(values.days),
      max_downloads: wholeNumber(values.max_downloads),
      ...(values.password ? { password: values.password } : {}),
    }),
    send: (body) => createShareLink(body, { silent: true, idempotencyKey: keys.for(body) }),
    onSaved: (result) => {
      keys.done();
      setUrl(`${window.location.origin}${result.url_path}`);
      // The alert inside the dialog is not a live region: a screen reader hears the link was made.
      announce(t('shares.dialog.created'));
      form.reset();
      onCreated();
    },
  });
  const values = form.values;
  return (
    <Container header={<Header variant="h3" description={t('shares.dialog.newLinkDescription')}>{t('shares.dialog.newLink')}</Header>}>
      <SpaceBetween size="m">
        {url && (
          <Alert type="success" header={t('shares.dialog.created')} data-testid="share-created">
            <SpaceBetween size="xs">
              <Box>{t('shares.dialog.copyNow')}</Box>
              <Box variant="code" data-testid="share-url">{url}</Box>
              <CopyToClipboard
                variant="button"
                textToCopy={url}
                copyButtonText={t('shares.dialog.copy')}
                copySuccessText={t('shares.dialog.copied')}
                copyErrorText={t('shares.dialog.copyFailed')}
              />
            </SpaceBetween>
          </Alert>
        )}
        <form {...form.formProps}>
          <Form
            actions={
              <Button variant="primary" loading={form.busy} formAction="submit" nativeButtonAttributes={{ 'data-testid': 'share-create' }}>
                {t('shares.dialog.create')}
              </Button>
            }
          >
            <ColumnLayout columns={3}>
              <FormField label={t('shares.dialog.days')} constraintText={t('shares.dialog.daysConstraint', { max: rules.max_days })} errorText={form.errorOf('days')}>
                <Input type="number" inputMode="numeric" value={values.days} onChange={({ detail }) => form.change('days', detail.value)} data-testid="share-days" />
              </FormField>
              <FormField
                label={t('shares.dialog.downloads')}
                constraintText={rules.max_downloads === 0 ? t('shares.dialog.downloadsConstraintNoLimit') : t('shares.dialog.downloadsConstraint', { max: rules.max_downloads })}
                errorText={form.errorOf('max_downloads')}
              >
                <Input type="number" inputMode="numeric" value={values.max_downloads} onChange={({ detail }) => form.change('max_downloads', detail.value)} data-testid="share-downloads" />
              </FormField>
              <FormField
                label={
                  <>
                    {t('shares.dialog.password')}
                    {!rules.password_required && <i> - {t('shares.dialog.passwordOptional')}</i>}
                  </>
                }
                constraintText={t('shares.dialog.passwordConstraint')}
                errorText={form.errorOf('password')}
              >
                <Input type="password" autoComplete={false} value={values.password} onChange={({ detail }) => form.change('password', detail.value)} data-testid="share-password" />
              </FormField>
            </ColumnLayout>
          </Form>
        </form>
      </SpaceBetween>
    </Container>
  );
}

function LinksTable({ links, onChanged }: { links: ShareLinkRow[]; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const [revoking, setRevoking] = useState<string>();
  const revoke = async (link: ShareLinkRow) => {
    setRevoking(link.link_id);
    try {
      await revokeShareLink({ link_id: link.link_id }, { silent: true });
      void refreshShareLinks();
      onChanged();
    } catch (error) {
      if (!isAbortError(error)) reportApiError(error);
    } finally {
      setRevoking(undefined);
    }
  };
  return (
    <Table<ShareLinkRow>
      data-testid="share-links"
      variant="embedded"
      wrapLines
      header={<Header variant="h3" counter={`(${links.length})`}>{t('shares.dialog.existing')}</Header>}
      items={links}
      trackBy="link_id"
      empty={<Box color="text-body-secondary">{t('shares.dialog.none')}</Box>}
      columnDefinitions={[
        // Dates and times read as one token; the short columns keep their headers whole (ダウンロード, パスワード).
        { id: 'created', header: t('shares.columns.createdAt'), minWidth: 140, cell: (link) => <span className="date-time-cell" data-testid="share-link-row" data-link-id={link.link_id}>{formatDateTime(link.created_at, language)}</span> },
        { id: 'creator', header: t('shares.columns.createdBy'), cell: (link) => link.creator_nm },
        { id: 'expires', header: t('shares.columns.expiresAt'), minWidth: 140, cell: (link) => <span className="date-time-cell">{formatDateTime(link.expires_at, language)}</span> },
        { id: 'downloads', header: t('shares.columns.downloads'), minWidth: 100, cell: (link) => <ShareDownloadsCell link={link} /> },
        { id: 'password', header: t('shares.columns.password'), minWidth: 96, cell: (link) => (link.has_password ? t('shares.withPassword') : t('shares.withoutPassword')) },
        { id: 'state', header: t('shares.columns.state'), minWidth: 120, cell: (link) => <ShareLinkStateCell link={link} /> },
        {
          id: 'actions',
          header: '',
          minWidth: 96,
          cell: (link) =>
            link.may_revoke && (
              <Button variant="inline-link" loading={revoking === link.link_id} onClick={() => void revoke(link)} nativeButtonAttributes={{ 'data-testid': 'share-revoke' }}>
                {t('shares.dialog.revoke')}
              </Button>
            ),
        },
      ]}
    />
  );
}
