import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
// The worker is a file of our own origin (the CSP allows scripts and workers from 'self' only).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

/**
 * A PDF in the preview pane, drawn by pdfjs-dist in the browser (this module is its own chunk,
 * loaded only when a PDF is opened): pages previous/next, zoom. No eval (the CSP has no
 * 'unsafe-eval'), no scripts of the document run, fonts come from the document.
 */
export default function PdfView({ bytes, name }: { bytes: ArrayBuffer; name: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [document, setDocument] = useState<PDFDocumentProxy>();
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(2);

  useEffect(() => {
    const task = getDocument({ data: new Uint8Array(bytes.slice(0)), isEvalSupported: false });
    let open: PDFDocumentProxy | undefined;
    task.promise.then((loaded) => {
      open = loaded;
      setDocument(loaded);
    }, () => setFailed(true));
    return () => {
      void task.destroy();
      void open?.destroy();
    };
  }, [bytes]);

  useEffect(() => {
    if (!document || !canvas.current) return;
    let render: RenderTask | undefined;
    let cancelled = false;
    void document.getPage(page).then((loaded) => {
      if (cancelled || !canvas.current) return;
      const scale = ZOOMS[zoom]! * (window.devicePixelRatio || 1);
      const viewport = loaded.getViewport({ scale });
      const target = canvas.current;
      target.width = Math.ceil(viewport.width);
      target.height = Math.ceil(viewport.height);
      target.style.width = `${Math.ceil(viewport.width / (window.devicePixelRatio || 1))}px`;
      render = loaded.render({ canvas: target, canvasContext: target.getContext('2d')!, viewport });
      render.promise.catch(() => undefined);
    }, () => setFailed(true));
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [document, page, zoom]);

  if (failed) return <StatusIndicator type="error">{t('preview.failed')}</StatusIndicator>;
  if (!document) return <StatusIndicator type="loading">{t('preview.loading')}</StatusIndicator>;
  const pages = document.numPages;
  return (
    <SpaceBetween size="s">
      <SpaceBetween direction="horizontal" size="xs" alignItems="center">
        <Button iconName="angle-left" variant="icon" ariaLabel={t('preview.previousPage')} disabled={page <= 1} onClick={() => setPage(page - 1)} nativeButtonAttributes={{ 'data-testid': 'preview-previous-page' }} />
        <Box data-testid="preview-page">{t('preview.pageOf', { page, pages })}</Box>
        <Button iconName="angle-right" variant="icon" ariaLabel={t('preview.nextPage')} disabled={page >= pages} onClick={() => setPage(page + 1)} nativeButtonAttributes={{ 'data-testid': 'preview-next-page' }} />
        <Button iconName="zoom-out" variant="icon" ariaLabel={t('preview.zoomOut')} disabled={zoom <= 0} onClick={() => setZoom(zoom - 1)} nativeButtonAttributes={{ 'data-testid': 'preview-zoom-out' }} />
        <Box data-testid="preview-zoom">{t('preview.zoomLevel', { percent: Math.round(ZOOMS[zoom]! * 100) })}</Box>
        <Button iconName="zoom-in" variant="icon" ariaLabel={t('preview.zoomIn')} disabled={zoom >= ZOOMS.length - 1} onClick={() => setZoom(zoom + 1)} nativeButtonAttributes={{ 'data-testid': 'preview-zoom-in' }} />
      </SpaceBetween>
      <div className="preview-stage">
        <canvas ref={canvas} role="img" aria-label={`${name} – ${t('preview.pageOf', { page, pages })}`} data-testid="preview-pdf-canvas" data-page={page} />
      </div>
    </SpaceBetween>
  );
}
