import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import FormField from '@cloudscape-design/components/form-field';
import Link from '@cloudscape-design/components/link';
import Modal from '@/components/app-modal.tsx';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { importStartRequest, type ImportKind } from '@shared/schemas/imports.ts';
import { downloadPresigned } from '@/components/presigned-download.tsx';
import { actionKeys, ApiError, callApi, isAbortError, uploadToUrl, type TransferProgress } from '@/lib/api-client.ts';
import { formatBytes, percent } from '@/lib/format.ts';
import { fieldErrors } from '@/lib/form-validation.ts';

/** Routes of the import screens (features/imports). */
export const IMPORT_HISTORY_HREF = '/import-history';
export const importResultHref = (requestId: string): string => `${IMPORT_HISTORY_HREF}/${encodeURIComponent(requestId)}`;

type Encoding = 'utf-8' | 'shift_jis';
const encodings: Encoding[] = ['utf-8', 'shift_jis'];

/** What the list shows, sent with an export (users also take group, legal entity and status). */
export interface ExportFilters {
  search_key?: string;
  user_group_id?: string;
  corp_id?: string;
  status?: 0 | 1 | 9;
}

/** The menu item ids (Cloudscape puts them in `data-testid` of each item). */
export const importExportItemIds = {
  template: (encoding: Encoding) => `template-${encoding}`,
  export: (encoding: Encoding) => `export-${encoding}`,
  exportAtp: (encoding: Encoding) => `export-atp-${encoding}`,
  import: 'import-open',
  history: 'import-history-open',
} as const;

/**
 * The "Import / export" tool of the user and legal-entity lists (SPEC.md §2): template download and
 * export (UTF-8 or Shift_JIS), import of a CSV (a modal), and a way to the import history.
 */
export function ImportExportButton({ kind, exportFilters = {} }: { kind: ImportKind; exportFilters?: ExportFilters }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [importOpen, setImportOpen] = useState(false);
  const encodingText = (encoding: Encoding) => (encoding === 'utf-8' ? t('imports.menu.utf8') : t('imports.menu.sjis'));
  const group = (text: string, id: (encoding: Encoding) => string): ButtonDropdownProps.ItemGroup => ({
    text,
    items: encodings.map((encoding) => ({ id: id(encoding), text: encodingText(encoding) })),
  });
  const items: ButtonDropdownProps.ItemOrGroup[] = [
    group(t('imports.menu.template'), importExportItemIds.template),
    group(t('imports.menu.export'), importExportItemIds.export),
    ...(kind === 'user' ? [group(t('imports.menu.exportAtp'), importExportItemIds.exportAtp)] : []),
    { id: importExportItemIds.import, text: t('imports.menu.import') },
    { id: importExportItemIds.history, text: t('imports.menu.history') },
  ];

  const onItem = (id: string) => {
    for (const encoding of encodings) {
      if (id === importExportItemIds.template(encoding)) {
        const path = kind === 'user' ? 'com/user_import_template_download' : 'com/corp_import_template_download';
        void downloadPresigned((signal) => callApi(path, { encoding }, { signal }), 'imports.download.template');
        return;
      }
      if (id === importExportItemIds.export(encoding)) {
        void downloadPresigned(
          (signal) =>
            kind === 'user'
              ? callApi('com/user_export', { ...exportFilters, encoding }, { signal })
              : callApi('com/corp_export', { ...(exportFilters.search_key ? { search_key: exportFilters.search_key } : {}), encoding }, { signal }),
          'imports.download.export',
        );
        return;
      }
      if (id === importExportItemIds.exportAtp(encoding)) {
        void downloadPresigned((signal) => callApi('com/user_export_atp', { ...exportFilters, encoding }, { signal }), 'imports.download.export');
        return;
      }
    }
    if (id === importExportItemIds.import) setImportOpen(true);
    if (id === importExportItemIds.history) navigate(IMPORT_HISTORY_HREF);
  };

  return (
    <>
      <ButtonDropdown items={items} onItemClick={({ detail }) => onItem(detail.id)} nativeTriggerAttributes={{ 'data-testid': 'import-export-button' }}>
        {t('imports.menu.button')}
      </ButtonDropdown>
      {importOpen && <ImportModal kind={kind} onDismiss={() => setImportOpen(false)} />}
    </>
  );
}

type Phase = { step: 'choose' } | { step: 'uploading'; progress: TransferProgress } | { step: 'started'; requestId: string };

/**
 * Import of one CSV: the shared schema checks name and size first, `com/<kind>_import` answers a
 * presigned PUT, the upload (with progress) starts the job; then a link to its result page.
 */
export function ImportModal({ kind, onDismiss }: { kind: ImportKind; onDismiss: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [controller] = useState(() => new AbortController());
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  // A user import may mail each user it creates a one-time link to set a password.
  const [invite, setInvite] = useState(false);
  // The same file submitted again after the start's answer was lost is the same start: one job.
  const [keys] = useState(actionKeys);

  const check = (chosen: File | null): string | undefined => {
    if (!chosen) return t('validation.required');
    const errors = fieldErrors(importStartRequest, { file_name: chosen.name, size: chosen.size }, t);
    return errors.file_name ?? errors.size ?? Object.values(errors)[0];
  };

  const submit = async () => {
    const problem = check(file);
    setError(problem);
    if (problem || !file) return;
    setPhase({ step: 'uploading', progress: { loaded: 0, total: file.size } });
    try {
      const body = { file_name: file.name, size: file.size };
      const options = { signal: controller.signal, silent: true, idempotencyKey: keys.for([kind, body, invite]) };
      const started = kind === 'user'
        ? await callApi('com/user_import', { ...body, invite: invite ? 1 : 0 }, options)
        : await callApi('com/corp_import', body, options);
      // Started: a later submit (e.g. after the upload failed) is a new start with a fresh URL.
      keys.done();
      await uploadToUrl(started.upload, file, {
        signal: controller.signal,
        onProgress: (progress) => setPhase({ step: 'uploading', progress }),
      });
      setPhase({ step: 'started', requestId: started.request_id });
    } catch (failure) {
      if (isAbortError(failure)) return;
      setPhase({ step: 'choose' });
      if (failure instanceof ApiError) setError(failure.fields.file_name ?? failure.fields.size ?? failure.message);
      else setError(t('imports.modal.uploadFailed'));
    }
  };

  const close = () => {
    controller.abort();
    onDismiss();
  };
  const uploading = phase.step === 'uploading';

  return (
    <Modal
      visible
      data-testid="import-modal"
      onDismiss={close}
      header={kind === 'user' ? t('imports.modal.headerUser') : t('imports.modal.headerCorp')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={close} nativeButtonAttributes={{ 'data-testid': 'import-cancel' }}>
              {phase.step === 'started' ? t('common.close') : t('common.cancel')}
            </Button>
            {phase.step !== 'started' && (
              <Button
                variant="primary"
                loading={uploading}
                disabled={!file}
                onClick={() => void submit()}
                nativeButtonAttributes={{ 'data-testid': 'import-submit' }}
              >
                {t('imports.modal.submit')}
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      {phase.step === 'started' ? (
        <Alert type="success" header={t('imports.modal.started')} data-testid="import-started">
          <SpaceBetween size="xs">
            <span>{t('imports.modal.startedDescription', { name: file?.name ?? '' })}</span>
            <Link
              href={importResultHref(phase.requestId)}
              data-testid="import-started-link"
              onFollow={(event) => {
                event.preventDefault();
                onDismiss();
                navigate(importResultHref(phase.requestId));
              }}
            >
              {t('imports.modal.openResult')}
            </Link>
          </SpaceBetween>
        </Alert>
      ) : (
        <SpaceBetween size="m">
          <Box variant="p">{t('imports.modal.description')}</Box>
          <FormField label={t('imports.modal.fileLabel')} constraintText={t('imports.modal.constraint')} errorText={error}>
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <Button iconName="upload" disabled={uploading} onClick={() => input.current?.click()} nativeButtonAttributes={{ 'data-testid': 'import-choose' }}>
                {t('imports.modal.choose')}
              </Button>
              <Box variant="span" color={file ? 'inherit' : 'text-body-secondary'} data-testid="import-file-name">
                {file ? `${file.name} (${formatBytes(file.size)})` : t('imports.modal.noFile')}
              </Box>
            </SpaceBetween>
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              hidden
              data-testid="import-file-input"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                event.target.value = '';
                setFile(chosen);
                setError(chosen ? check(chosen) : undefined);
              }}
            />
          </FormField>
          {kind === 'user' && (
            <FormField description={t('imports.modal.inviteDescription')}>
              <Checkbox checked={invite} disabled={uploading} onChange={({ detail }) => setInvite(detail.checked)} nativeInputAttributes={{ 'data-testid': 'import-invite' }}>
                {t('imports.modal.invite')}
              </Checkbox>
            </FormField>
          )}
          {uploading && (
            <ProgressBar
              data-testid="import-upload-progress"
              value={percent(phase.progress.loaded, phase.progress.total)}
              label={t('imports.modal.uploading', { name: file?.name ?? '' })}
              description={`${formatBytes(phase.progress.loaded)} / ${formatBytes(phase.progress.total ?? phase.progress.loaded)}`}
            />
          )}
        </SpaceBetween>
      )}
    </Modal>
  );
}
