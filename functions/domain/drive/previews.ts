import type { Logger } from '#lib/logger.ts';
import type { PreviewInfo } from '#shared/schemas/drive.ts';
import { getItem, recordPreview, type StoredPreview } from '#data/drive-items.ts';
import { parseObjectKey, putRendition, readObject, readObjectHead, renditionKey } from '#lib/object-storage.ts';
import { judge, sniff, SNIFF_BYTES, type Judgement } from './file-type.ts';
import { drawPdfPage, MAX_INPUT_PIXELS, openPdf, sharp } from './render-tools.ts';

/**
 * Previews made once when a version's bytes arrive (docs/drive.md "Preview"): the previews function
 * runs this for every object created under `t/`. The type is judged from the first bytes; images
 * (sharp) and a PDF's first page (pdfjs-dist drawing on @napi-rs/canvas, then sharp) get a 320 px
 * thumbnail and a 1600 px page rendition beside the bytes; text, CSV and Office files need none. The
 * outcome is recorded on the file for the version, so a redelivered event does nothing twice.
 *
 * sharp, pdfjs-dist and @napi-rs/canvas are loaded on first use (./render-tools.ts).
 */
export const THUMB_PX = 320;
export const PAGE_PX = 1600;
/** Larger files are judged but not rendered (the function's memory is the bound). */
export const MAX_RENDER_BYTES = 50 * 1024 * 1024;

interface Rendered {
  thumb: Uint8Array;
  page: Uint8Array;
  width: number;
  height: number;
  pages?: number;
}

async function renditions(input: Uint8Array, extra: { width: number; height: number; pages?: number }): Promise<Rendered> {
  const image = () => sharp()(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate().flatten({ background: '#ffffff' });
  const [thumb, page] = await Promise.all([
    image().resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
    image().resize(PAGE_PX, PAGE_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
  ]);
  return { thumb, page, ...extra };
}

async function renderImage(bytes: Uint8Array): Promise<Rendered> {
  const meta = await sharp()(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  // EXIF orientations 5-8 turn the picture a quarter: its displayed width is the stored height.
  const turned = (meta.orientation ?? 1) >= 5;
  return renditions(bytes, { width: (turned ? meta.height : meta.width) ?? 0, height: (turned ? meta.width : meta.height) ?? 0 });
}

async function renderPdf(bytes: Uint8Array): Promise<Rendered> {
  const document = await openPdf(bytes);
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const png = await drawPdfPage(page, Math.min(4, PAGE_PX / Math.max(natural.width, natural.height)));
    return renditions(png, { width: Math.round(natural.width), height: Math.round(natural.height), pages: document.numPages });
  } finally {
    await document.destroy();
  }
}

/** The preview of bytes already judged: renditions written beside them when the type has them. */
async function make(key: string, judgement: Judgement, size: number, log: Pick<Logger, 'warn'>): Promise<PreviewInfo> {
  const info: PreviewInfo = { status: judgement.status, kind: judgement.kind, detected: judgement.detected, thumbnail: false };
  if (judgement.status !== 'ready' || !judgement.render) return info;
  if (size > MAX_RENDER_BYTES) return { ...info, status: 'unsupported' };
  try {
    const bytes = await readObject(key);
    const rendered = judgement.render === 'image' ? await renderImage(bytes) : await renderPdf(bytes);
    await putRendition(renditionKey(key, 'thumb'), rendered.thumb);
    await putRendition(renditionKey(key, 'page'), rendered.page);
    return { ...info, thumbnail: true, width: rendered.width, height: rendered.height, ...(rendered.pages ? { pages: rendered.pages } : {}) };
  } catch (error) {
    // Bytes that say they are an image or a PDF but cannot be drawn: no preview, said so.
    log.warn('preview could not be rendered', { key, kind: judgement.kind, detected: judgement.detected, error });
    return { ...info, status: 'failed' };
  }
}

/**
 * The preview of the bytes under `key` (a version's object), made once: a version whose preview is
 * recorded is left alone. Keys outside the drive's layout (imports, renditions) are ignored.
 */
export async function previewObject(key: string, log: Pick<Logger, 'info' | 'warn'>): Promise<StoredPreview | undefined> {
  const parsed = parseObjectKey(key);
  if (!parsed) return undefined;
  const item = await getItem(parsed.kykId, parsed.itemId);
  if (item?.type !== 'file') return undefined;
  if (item.preview && item.preview.version >= parsed.version) return undefined;
  let head: { bytes: Uint8Array; size: number };
  try {
    head = await readObjectHead(key, SNIFF_BYTES);
  } catch (error) {
    // Gone already (a cancelled upload), or refused (in AWS, an object tagged as a threat): nothing to show.
    log.warn('bytes for a preview not read', { key, error });
    return undefined;
  }
  const judgement = judge(item.name, sniff(head.bytes));
  const preview: StoredPreview = { ...(await make(key, judgement, head.size, log)), version: parsed.version };
  const recorded = await recordPreview(parsed.kykId, parsed.itemId, preview);
  log.info('preview made', { kyk: parsed.kykId, item: parsed.itemId, version: parsed.version, status: preview.status, kind: preview.kind, detected: preview.detected, recorded });
  return preview;
}
