import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@/components/app-modal.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { ApiError, isAbortError } from '@/lib/api-client.ts';
import { formatBytes, formatCalendarDate, formatDateTime, formatYen } from '@/lib/format.ts';
import type { DriveItem } from '../../api/get-file-info.ts';
import { fetchPreviewBytes, getPreview, TEXT_PREVIEW_BYTES } from '../../api/get-preview.ts';
import { fileKind } from '../../utils/file-kind.ts';
import { FileTypeIcon } from '../file-type-icon.tsx';
import { decodeText, parseCsv } from './text-content.ts';

// pdfjs-dist is large: its own chunk, loaded when a PDF is opened (never on the first load of /storage).
const PdfView = lazy(() => import('./pdf-view.tsx'));

const CSV_ROWS_SHOWN = 500;
const IMAGE_ZOOMS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3] as const;

type Content =
  | { kind: 'image'; src: string; width?: number; height?: number }
  | { kind: 'pdf'; bytes: ArrayBuffer }
  | { kind: 'text'; text: string; encoding: string; truncated: boolean }
  | { kind: 'csv'; rows: string[][]; encoding: string; truncated: boolean }
  | { kind: 'office' };

type State = { state: 'loading' } | { state: 'refused'; message: string } | { state: 'failed' } | { state: 'ready'; content: Content };

/** The preview's content: a `convert` URL fetched and decoded (a blob URL for images, bytes for PDF, text for text and CSV). */
async function load(file: DriveItem, signal: AbortSignal): Promise<Content> {
  const kind = file.preview?.kind;
  if (kind === 'office' && file.preview?.status === 'ready') return { kind: 'office' };
  const answer = await getPreview({ id: file.id, kind: kind === 'image' ? 'page' : 'original' }, { silent: true, signal });
  const preview = answer.preview;
  if (preview.kind === 'image') {
    const page = answer.kind === 'page' ? answer : await getPreview({ id: file.id, kind: 'page' }, { silent: true, signal });
    const { bytes } = await fetchPreviewBytes(page.url, { signal });
    return { kind: 'image', src: URL.createObjectURL(new Blob([bytes], { type: 'image/webp' })), width: preview.width, height: preview.height };
  }
  if (preview.kind === 'pdf') return { kind: 'pdf', bytes: (await fetchPreviewBytes(answer.url, { signal })).bytes };
  const { bytes, truncated } = await fetchPreviewBytes(answer.url, { signal, limit: TEXT_PREVIEW_BYTES });
  const { text, encoding } = decodeText(bytes);
  if (preview.kind === 'csv') {
    const separator = file.name.toLowerCase().endsWith('.tsv') ? '\t' : ',';
    return { kind: 'csv', rows: parseCsv(text, { separator, maxRows: CSV_ROWS_SHOWN + 1 }), encoding, truncated };
  }
  return { kind: 'text', text, encoding, truncated };
}

/**
 * The drive's preview pane (docs/drive.md "Preview"): images (fit, zoom), PDF (pages, zoom; pdfjs-dist
 * in a chunk of its own), text and CSV (the first 1 MiB; CSV as a table; UTF-8 or Shift_JIS), Office
 * files by their icon and properties. What the server refuses (a threat, a file whose bytes are not
 * what its name says, a type without preview) is shown with the server's message, in place.
 */
export function PreviewModal({ file, onDismiss, onDownload }: { file: DriveItem; onDismiss: () => void; onDownload?: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | undefined;
    load(file, controller.signal).then((content) => {
      if (content.kind === 'image') objectUrl = content.src;
      if (!controller.signal.aborted) setState({ state: 'ready', content });
    }, (error: unknown) => {
      if (isAbortError(error) || controller.signal.aborted) return;
      setState(error instanceof ApiError && error.kind === 'api' ? { state: 'refused', message: error.message } : { state: 'failed' });
    });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file]);

  return (
    <Modal
      visible
      size="max"
      onDismiss={onDismiss}
      header={t('preview.title', { name: file.name })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            {onDownload && (
              <Button iconName="download" onClick={onDownload} nativeButtonAttributes={{ 'data-testid': 'preview-download' }}>
                {t('preview.download')}
              </Button>
            )}
            <Button variant="primary" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'preview-close' }}>
              {t('preview.close')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <div data-testid="preview-pane" data-state={state.state} data-kind={state.state === 'ready' ? state.content.kind : undefined}>
        {state.state === 'loading' && <StatusIndicator type="loading">{t('preview.loading')}</StatusIndicator>}
        {state.state === 'failed' && <StatusIndicator type="error">{t('preview.failed')}</StatusIndicator>}
        {state.state === 'refused' && (
          <SpaceBetween size="m">
            <Alert type="error" data-testid="preview-refused">{state.message}</Alert>
            <Properties file={file} />
          </SpaceBetween>
        )}
        {state.state === 'ready' && <PreviewContent file={file} content={state.content} />}
      </div>
    </Modal>
  );
}

function PreviewContent({ file, content }: { file: DriveItem; content: Content }) {
  const { t } = useTranslation();
  switch (content.kind) {
    case 'image':
      return <ImageView src={content.src} name={file.name} width={content.width} height={content.height} />;
    case 'pdf':
      return (
        <Suspense fallback={<StatusIndicator type="loading">{t('preview.loading')}</StatusIndicator>}>
          <PdfView bytes={content.bytes} name={file.name} />
        </Suspense>
      );
    case 'text':
      return (
        <SpaceBetween size="s">
          <Notes truncated={content.truncated} encoding={content.encoding} />
          <pre className="preview-text" data-testid="preview-text">{content.text}</pre>
        </SpaceBetween>
      );
    case 'csv': {
      const [head = [], ...rows] = content.rows;
      const shown = rows.slice(0, CSV_ROWS_SHOWN);
      const width = Math.max(head.length, ...shown.map((row) => row.length));
      return (
        <SpaceBetween size="s">
          <Notes truncated={content.truncated} encoding={content.encoding} rows={rows.length > CSV_ROWS_SHOWN ? CSV_ROWS_SHOWN : undefined} />
          <Table<{ index: number; cells: string[] }>
            data-testid="preview-csv"
            variant="embedded"
            wrapLines={false}
            items={shown.map((cells, index) => ({ index, cells }))}
            trackBy="index"
            columnDefinitions={Array.from({ length: width }, (_, column) => ({
              id: String(column),
              header: head[column] || t('preview.column', { index: column + 1 }),
              cell: (row) => row.cells[column] ?? '',
            }))}
          />
        </SpaceBetween>
      );
    }
    case 'office':
      return (
        <SpaceBetween size="m">
          <Alert type="info">{t('preview.officeNote')}</Alert>
          <Properties file={file} />
        </SpaceBetween>
      );
  }
}

function Notes({ truncated, encoding, rows }: { truncated: boolean; encoding: string; rows?: number }) {
  const { t } = useTranslation();
  return (
    <Box color="text-body-secondary" fontSize="body-s" data-testid="preview-notes">
      {[
        t('preview.encoding', { encoding: encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8' }),
        ...(truncated ? [t('preview.truncated', { size: formatBytes(TEXT_PREVIEW_BYTES) })] : []),
        ...(rows ? [t('preview.rowsShown', { count: rows })] : []),
      ].join(' ')}
    </Box>
  );
}

function ImageView({ src, name, width, height }: { src: string; name: string; width?: number; height?: number }) {
  const { t } = useTranslation();
  // undefined: fit to the pane; else an index into IMAGE_ZOOMS (of the page rendition's size).
  const [zoom, setZoom] = useState<number>();
  const [natural, setNatural] = useState<{ width: number; height: number }>();
  const step = (by: number) => setZoom(Math.min(IMAGE_ZOOMS.length - 1, Math.max(0, (zoom ?? IMAGE_ZOOMS.indexOf(1)) + by)));
  const style = zoom === undefined || !natural ? undefined : { width: `${natural.width * IMAGE_ZOOMS[zoom]!}px`, maxWidth: 'none', maxHeight: 'none' };
  return (
    <SpaceBetween size="s">
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <Button iconName="zoom-out" variant="icon" ariaLabel={t('preview.zoomOut')} disabled={zoom === 0} onClick={() => step(-1)} nativeButtonAttributes={{ 'data-testid': 'preview-zoom-out' }} />
        <Box data-testid="preview-zoom">{zoom === undefined ? t('preview.fit') : t('preview.zoomLevel', { percent: Math.round(IMAGE_ZOOMS[zoom]! * 100) })}</Box>
        <Button iconName="zoom-in" variant="icon" ariaLabel={t('preview.zoomIn')} disabled={zoom === IMAGE_ZOOMS.length - 1} onClick={() => step(1)} nativeButtonAttributes={{ 'data-testid': 'preview-zoom-in' }} />
        <Button
          variant="inline-link"
          onClick={() => setZoom(zoom === undefined ? IMAGE_ZOOMS.indexOf(1) : undefined)}
          nativeButtonAttributes={{ 'data-testid': 'preview-fit' }}
        >
          {zoom === undefined ? t('preview.actualSize') : t('preview.fit')}
        </Button>
        {width && height ? <Box color="text-body-secondary">{t('preview.dimensions', { width, height })}</Box> : null}
      </SpaceBetween>
      <div className={zoom === undefined ? 'preview-stage preview-stage-fit' : 'preview-stage'}>
        <img
          src={src}
          alt={t('preview.imageAlt', { name })}
          data-testid="preview-image"
          style={style}
          onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
        />
      </div>
    </SpaceBetween>
  );
}

/** A file's properties (SPEC.md §3): what the pane shows of an Office file, and beside a refusal. */
export function Properties({ file }: { file: DriveItem }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const kind = fileKind(file);
  return (
    <SpaceBetween size="s">
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <span className="preview-icon" data-testid="preview-icon" data-kind={kind}>
          <FileTypeIcon kind={kind} title={t(`drive.kinds.${kind}`)} />
        </span>
        <Box variant="h3">{file.name}</Box>
      </SpaceBetween>
      <div data-testid="preview-properties">
        <KeyValuePairs
          columns={3}
          items={[
            { label: t('tags.details.kind'), value: t(`drive.kinds.${kind}`) },
            { label: t('tags.details.size'), value: file.size === null ? t('common.notAvailable') : formatBytes(file.size) },
            { label: t('tags.details.updated'), value: `${formatDateTime(file.update_date, language)} (${file.update_user_id})` },
            { label: t('tags.details.created'), value: `${formatDateTime(file.regist_date, language)} (${file.regist_user_id})` },
            { label: t('registration.fields.documentStyle'), value: t(`versions.documentStyles.${file.document_style ?? 'general'}`) },
            { label: t('registration.fields.transactionDate'), value: file.transaction_date ? formatCalendarDate(file.transaction_date, language) : '-' },
            { label: t('registration.fields.transactionAmount'), value: file.transaction_amount === undefined ? '-' : formatYen(file.transaction_amount, language) },
            { label: t('registration.fields.recipient'), value: file.recipient ?? '-' },
            { label: t('registration.fields.provider'), value: file.provider ?? '-' },
          ]}
        />
      </div>
    </SpaceBetween>
  );
}
