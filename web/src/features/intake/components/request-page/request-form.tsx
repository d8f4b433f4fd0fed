import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileDropzone, { useFilesDragging } from '@cloudscape-design/components/file-dropzone';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { REQUEST_FILE_BYTES_MAX, REQUEST_SENDER_MAX } from '@shared/schemas/file-requests.ts';
import { formatBytes, formatDateTime } from '@/lib/format.ts';
import type { RequestInfo } from '../../api/get-request-info.ts';
import { acceptOf } from '../../utils/request-files.ts';
import { SendList } from './send-list.tsx';
import { useRequestFiles } from './use-request-files.ts';

/** What an open link takes, the sender's name, the files and the Send button. */
export function RequestForm({ kykId, token, info, password, onLinkRefused }: { kykId: string; token: string; info: RequestInfo; password?: string; onLinkRefused: (message: string) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const files = useRequestFiles({ kykId, token, password }, info, onLinkRefused);
  const [sender, setSender] = useState('');
  const { areFilesDragging } = useFilesDragging();
  const kinds = info.allowed_kinds.length === 0 ? t('intake.request.anyKind') : info.allowed_kinds.map((kind) => t(`intake.kinds.${kind}`)).join(', ');
  const sent = files.items.filter((item) => item.state === 'sent').length;
  // Said once the batch is done: files still waiting to be chosen for sending do not hold it back.
  const pending = files.items.some((item) => item.state === 'queued' || item.state === 'sending');
  const count = files.sendable.length;
  const title = info.title ?? t('intake.request.pageTitle');

  return (
    <Container header={<Header variant="h1" description={t('intake.request.intro')}>{title}</Header>}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void files.send(sender);
        }}
      >
        <SpaceBetween size="l">
          {info.message && (
            <Box variant="p" data-testid="request-page-message">
              {info.message.split('\n').map((line, index) => (
                <span key={index}>
                  {index > 0 && <br />}
                  {line}
                </span>
              ))}
            </Box>
          )}
          <KeyValuePairs
            columns={3}
            items={[
              { label: t('intake.request.askedBy'), value: <span data-testid="request-page-creator">{info.creator_nm ?? t('common.notAvailable')}</span> },
              { label: t('intake.request.expiresAt'), value: formatDateTime(info.expires_at, language) },
              { label: t('intake.request.kinds'), value: <span data-testid="request-page-kinds">{kinds}</span> },
              { label: t('intake.request.filesLeft'), value: <span data-testid="request-page-files-left">{files.limits.files_left}</span> },
              { label: t('intake.request.bytesLeft'), value: <span data-testid="request-page-bytes-left">{formatBytes(files.limits.bytes_left)}</span> },
              { label: t('intake.request.largestFile'), value: formatBytes(Math.min(info.max_file_bytes, REQUEST_FILE_BYTES_MAX)) },
            ]}
          />
          <FormField label={t('common.optionalLabel', { label: t('intake.request.sender') })} description={t('intake.request.senderDescription')} constraintText={t('common.maxCharacters', { max: REQUEST_SENDER_MAX })}>
            <Input value={sender} onChange={({ detail }) => setSender(detail.value.slice(0, REQUEST_SENDER_MAX))} autoComplete="email" disabled={files.sending} data-testid="request-page-sender" />
          </FormField>
          <FormField label={t('intake.request.files')} description={t('intake.request.filesDescription')} stretch>
            {areFilesDragging ? (
              <FileDropzone onChange={({ detail }) => files.add(detail.value)} data-testid="request-page-dropzone">
                <SpaceBetween size="xxs" alignItems="center">
                  <Icon name="upload" size="medium" />
                  <Box color="inherit">{t('intake.request.drop')}</Box>
                </SpaceBetween>
              </FileDropzone>
            ) : (
              <FileInput multiple value={[]} accept={acceptOf(info.allowed_kinds)} onChange={({ detail }) => files.add(detail.value)} data-testid="request-page-choose">
                {t('intake.request.choose')}
              </FileInput>
            )}
          </FormField>
          <SendList items={files.items} verdicts={files.verdicts} busy={files.sending} onRemove={files.remove} />
          {sent > 0 && !pending && (
            <Alert type="success" data-testid="request-page-done">
              {t('intake.request.allSent', { count: sent })}
            </Alert>
          )}
          <Button
            variant="primary"
            iconName="upload"
            formAction="submit"
            loading={files.sending}
            disabled={count === 0}
            disabledReason={t('intake.request.sendDisabled')}
            nativeButtonAttributes={{ 'data-testid': 'request-page-send' }}
          >
            {count === 0 ? t('intake.request.sendNone') : t('intake.request.send', { count })}
          </Button>
        </SpaceBetween>
      </form>
    </Container>
  );
}
