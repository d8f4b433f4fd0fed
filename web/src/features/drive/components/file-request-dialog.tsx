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
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import Modal from '@/components/app-modal.tsx';
import { FileRequestStateIndicator } from '@/components/file-request-state.tsx';
import {
  fileRequestCreateRequest,
  REQUEST_FILE_BYTES_MAX,
  REQUEST_FILES_MAX,
  REQUEST_MEGABYTES_MAX,
  REQUEST_MESSAGE_MAX,
  requestFileKinds,
  type RequestFileKind,
} from '@shared/schemas/file-requests.ts';
import type { ShareLinkRules } from '@shared/schemas/share-links.ts';
import { ListErrorState } from '@/components/list-error.tsx';
import { announce } from '@/lib/announcer.ts';
import { actionKeys, isAbortError, reportApiError } from '@/lib/api-client.ts';
import { formatBytes, formatDateTime } from '@/lib/format.ts';
import { newNotificationId, notify, SUCCESS_DISMISS_MS } from '@/lib/notifications.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import { createFileRequest, type CreateFileRequestRequest } from '../api/create-file-request.ts';
import { refreshFileRequests, useFileRequests, type FileRequestRow } from '../api/list-file-requests.ts';
import { revokeFileRequest } from '../api/revoke-file-request.ts';
import { acceptanceStyles, requestDaysLimit, wholeNumber, type AcceptanceStyle } from '../utils/request-form.ts';

interface RequestValues {
  title: string;
  message: string;
  days: string;
  max_files: string;
  max_megabytes: string;
  allowed_kinds: RequestFileKind[];
  document_style: AcceptanceStyle | '';
  password: string;
}


/**
 * The folder's "Request files" dialog (docs/drive.md "File requests"): a new upload-only link to
 * the folder within the contract's link rules (validity, files, bytes, kinds, the style accepting
 * applies, a password when the settings ask for one), whose URL is shown once, to copy; and the
 * caller's links to the folder with their state and what they received, each revocable.
 */
export function FileRequestDialog({ folder, onDismiss }: { folder: { id: string; name: string }; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useFileRequests(folder.id);
  return (
    <Modal
      visible
      size="large"
      data-testid="file-request-dialog"
      onDismiss={onDismiss}
      header={t('fileRequests.dialog.title', { name: folder.name })}
      footer={
        <Box float="right">
          <Button variant="link" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'file-request-close' }}>
            {t('fileRequests.dialog.close')}
          </Button>
        </Box>
      }
    >
      {data ? (
        <SpaceBetween size="l">
          {data.rules?.allowed === false ? (
            <Alert type="info" data-testid="file-request-not-allowed">
              {t('fileRequests.dialog.notAllowed')}
            </Alert>
          ) : (
            <NewRequestForm folder={folder} rules={data.rules} onCreated={() => void mutate()} />
          )}
          <RequestsTable requests={data.requests} onChanged={() => void mutate()} />
        </SpaceBetween>
      ) : error !== undefined ? (
        <ListErrorState error={error} onRetry={() => void mutate()} />
      ) : (
        <Box textAlign="center" padding="l">
          <Spinner /> {t('fileRequests.dialog.loading')}
        </Box>
      )}
    </Modal>
  );
}

function NewRequestForm({ folder, rules, onCreated }: { folder: { id: string; name: string }; rules: ShareLinkRules | undefined; onCreated: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string>();
  // A submit sent again after a failure, unchanged, is the same action: the link is made once.
  const [keys] = useState(actionKeys);
  const maxDays = requestDaysLimit(rules);
  const form = useZodForm({
    initial: {
      title: folder.name,
      message: '',
      days: String(Math.min(rules?.default_days ?? 7, maxDays)),
      max_files: '20',
      max_megabytes: '1024',
      allowed_kinds: [],
      document_style: '',
      password: '',
    } satisfies RequestValues as RequestValues,
    schema: fileRequestCreateRequest,
    toBody: (values: RequestValues): CreateFileRequestRequest => ({
      folder_id: folder.id,
      ...(values.title.trim() ? { title: values.title } : {}),
      ...(values.message.trim() ? { message: values.message } : {}),
      days: wholeNumber(values.days),
      max_files: wholeNumber(values.max_files),
      max_megabytes: wholeNumber(values.max_megabytes),
      allowed_kinds: values.allowed_kinds,
      ...(values.document_style ? { document_style: values.document_style } : {}),
      ...(values.password ? { password: values.password } : {}),
    }),
    // The contract's rules the schema cannot know: its longest validity, and a password on every link.
    crossCheck: (body) => ({
      ...(typeof body.days === 'number' && body.days > maxDays ? { days: t('fileRequests.dialog.daysConstraint', { max: maxDays }) } : {}),
      ...(rules?.password_required && !body.password ? { password: t('validation.required') } : {}),
    }),
    send: (body) => createFileRequest(body, { silent: true, idempotencyKey: keys.for(body) }),
    onSaved: (result) => {
      keys.done();
      setUrl(`${window.location.origin}${result.url_path}`);
      // The alert inside the dialog is not a live region: a screen reader hears the link was made.
      announce(t('fileRequests.dialog.created'));
      form.reset();
      onCreated();
    },
  });
  const values = form.values;
  const kindOptions = requestFileKinds.map((kind) => ({ value: kind, label: t(`fileRequests.kinds.${kind}`) }));
  const styleOptions = [
    { value: '', label: t('versions.documentStyles.general') },
    ...acceptanceStyles.map((style) => ({ value: style, label: t(`versions.documentStyles.${style}`) })),
  ];
  return (
    <Container header={<Header variant="h3" description={t('fileRequests.dialog.newLinkDescription')}>{t('fileRequests.dialog.newLink')}</Header>}>
      <SpaceBetween size="m">
        {url && (
          <Alert type="success" header={t('fileRequests.dialog.created')} data-testid="file-request-created">
            <SpaceBetween size="xs">
              <Box>{t('fileRequests.dialog.copyNow')}</Box>
              <Box variant="code" data-testid="file-request-url">{url}</Box>
              <CopyToClipboard
                variant="button"
                textToCopy={url}
                copyButtonText={t('fileRequests.dialog.copy')}
                copySuccessText={t('fileRequests.dialog.copied')}
                copyErrorText={t('fileRequests.dialog.copyFailed')}
              />
            </SpaceBetween>
          </Alert>
        )}
        <form {...form.formProps}>
          <Form
            actions={
              <Button variant="primary" loading={form.busy} formAction="submit" nativeButtonAttributes={{ 'data-testid': 'file-request-create' }}>
                {t('fileRequests.dialog.create')}
              </Button>
            }
          >
            <SpaceBetween size="m">
              <ColumnLayout columns={2}>
                <FormField label={t('fileRequests.dialog.titleField')} description={t('fileRequests.dialog.titleDescription')} errorText={form.errorOf('title')}>
                  <Input value={values.title} onChange={({ detail }) => form.change('title', detail.value)} data-testid="file-request-title" />
                </FormField>
                <FormField
                  label={t('fileRequests.dialog.style')}
                  description={t('fileRequests.dialog.styleDescription')}
                  errorText={form.errorOf('document_style')}
                >
                  <Select
                    selectedOption={styleOptions.find((option) => option.value === values.document_style) ?? styleOptions[0]!}
                    options={styleOptions}
                    onChange={({ detail }) => form.change('document_style', (detail.selectedOption.value ?? '') as RequestValues['document_style'])}
                    data-testid="file-request-style"
                  />
                </FormField>
              </ColumnLayout>
              <FormField
                label={t('common.optionalLabel', { label: t('fileRequests.dialog.message') })}
                constraintText={t('fileRequests.dialog.messageDescription', { max: REQUEST_MESSAGE_MAX })}
                errorText={form.errorOf('message')}
                stretch
              >
                <Textarea rows={2} value={values.message} onChange={({ detail }) => form.change('message', detail.value)} data-testid="file-request-message" />
              </FormField>
              <ColumnLayout columns={3}>
                <FormField
                  label={t('fileRequests.dialog.days')}
                  constraintText={rules ? t('fileRequests.dialog.daysConstraint', { max: maxDays }) : t('fileRequests.dialog.daysConstraintAny')}
                  errorText={form.errorOf('days')}
                >
                  <Input type="number" inputMode="numeric" value={values.days} onChange={({ detail }) => form.change('days', detail.value)} data-testid="file-request-days" />
                </FormField>
                <FormField label={t('fileRequests.dialog.maxFiles')} constraintText={t('fileRequests.dialog.maxFilesConstraint', { max: REQUEST_FILES_MAX })} errorText={form.errorOf('max_files')}>
                  <Input type="number" inputMode="numeric" value={values.max_files} onChange={({ detail }) => form.change('max_files', detail.value)} data-testid="file-request-files" />
                </FormField>
                <FormField
                  label={t('fileRequests.dialog.maxMegabytes')}
                  constraintText={t('fileRequests.dialog.maxMegabytesConstraint', { max: REQUEST_MEGABYTES_MAX, file: formatBytes(REQUEST_FILE_BYTES_MAX) })}
                  errorText={form.errorOf('max_megabytes')}
                >
                  <Input type="number" inputMode="numeric" value={values.max_megabytes} onChange={({ detail }) => form.change('max_megabytes', detail.value)} data-testid="file-request-megabytes" />
                </FormField>
              </ColumnLayout>
              <ColumnLayout columns={2}>
                <FormField label={t('fileRequests.dialog.kinds')} constraintText={t('fileRequests.dialog.kindsConstraint')} errorText={form.errorOf('allowed_kinds')}>
                  <Multiselect
                    selectedOptions={kindOptions.filter((option) => values.allowed_kinds.includes(option.value))}
                    options={kindOptions}
                    placeholder={t('fileRequests.dialog.kindsPlaceholder')}
                    onChange={({ detail }) => form.change('allowed_kinds', detail.selectedOptions.map((option) => option.value as RequestFileKind))}
                    data-testid="file-request-kinds"
                  />
                </FormField>
                <FormField
                  label={
                    <>
                      {t('fileRequests.dialog.password')}
                      {!rules?.password_required && <i> - {t('fileRequests.dialog.passwordOptional')}</i>}
                    </>
                  }
                  constraintText={t('fileRequests.dialog.passwordConstraint')}
                  errorText={form.errorOf('password')}
                >
                  <Input type="password" autoComplete={false} value={values.password} onChange={({ detail }) => form.change('password', detail.value)} data-testid="file-request-password" />
                </FormField>
              </ColumnLayout>
            </SpaceBetween>
          </Form>
        </form>
      </SpaceBetween>
    </Container>
  );
}

function RequestsTable({ requests, onChanged }: { requests: FileRequestRow[]; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  // Revoking asks first, inside the dialog (a dialog over a dialog loses the focus order).
  const [confirming, setConfirming] = useState<FileRequestRow>();
  const [busy, setBusy] = useState(false);
  const revoke = async (request: FileRequestRow) => {
    setBusy(true);
    try {
      await revokeFileRequest({ request_id: request.request_id }, { silent: true });
      setConfirming(undefined);
      notify({ id: newNotificationId('file-request-revoked'), type: 'success', header: t('fileRequests.dialog.revoked'), dismissLabel: t('common.close') }, SUCCESS_DISMISS_MS);
      void refreshFileRequests();
      onChanged();
    } catch (error) {
      if (!isAbortError(error)) reportApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <SpaceBetween size="s">
      {confirming && (
        <Alert
          type="warning"
          header={t('fileRequests.dialog.revokeTitle')}
          data-testid="file-request-revoke-confirm"
          action={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => setConfirming(undefined)} nativeButtonAttributes={{ 'data-testid': 'file-request-revoke-cancel' }}>
                {t('common.cancel')}
              </Button>
              <Button variant="primary" loading={busy} onClick={() => void revoke(confirming)} nativeButtonAttributes={{ 'data-testid': 'file-request-revoke-submit' }}>
                {t('fileRequests.dialog.revokeSubmit')}
              </Button>
            </SpaceBetween>
          }
        >
          {t('fileRequests.dialog.revokeBody', { title: confirming.title })}
        </Alert>
      )}
      <Table<FileRequestRow>
        data-testid="file-requests"
        variant="embedded"
        wrapLines
        header={<Header variant="h3" counter={`(${requests.length})`}>{t('fileRequests.dialog.existing')}</Header>}
        items={requests}
        trackBy="request_id"
        empty={<Box color="text-body-secondary">{t('fileRequests.dialog.none')}</Box>}
        columnDefinitions={[
          { id: 'title', header: t('fileRequests.columns.title'), cell: (request) => <span data-testid="file-request-row" data-request-id={request.request_id}>{request.title}</span> },
          { id: 'state', header: t('fileRequests.columns.state'), minWidth: 110, cell: (request) => (
            <span className="share-link-state" data-testid="file-request-state" data-state={request.state} title={request.state === 'stopped' ? t('fileRequests.stoppedDescription') : undefined}>
              <FileRequestStateIndicator state={request.state} />
            </span>
          ) },
          {
            id: 'received',
            header: t('fileRequests.columns.received'),
            minWidth: 150,
            cell: (request) => (
              <span data-testid="file-request-received">
                {t('fileRequests.receivedOf', { files: request.files_received, maxFiles: request.max_files, bytes: formatBytes(request.bytes_received), maxBytes: formatBytes(request.max_bytes) })}
              </span>
            ),
          },
          { id: 'expires', header: t('fileRequests.columns.expires'), minWidth: 140, cell: (request) => <span className="date-time-cell">{formatDateTime(request.expires_at, language)}</span> },
          { id: 'password', header: t('fileRequests.columns.password'), minWidth: 90, cell: (request) => (request.has_password ? t('fileRequests.withPassword') : t('fileRequests.withoutPassword')) },
          {
            id: 'actions',
            header: '',
            minWidth: 96,
            cell: (request) =>
              request.may_revoke && request.state !== 'revoked' && (
                <Button variant="inline-link" onClick={() => setConfirming(request)} nativeButtonAttributes={{ 'data-testid': 'file-request-revoke' }}>
                  {t('fileRequests.dialog.revoke')}
                </Button>
              ),
          },
        ]}
      />
    </SpaceBetween>
  );
}
