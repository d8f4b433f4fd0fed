import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { reachableItem } from '#domain/drive/reach.ts';
import { viewerOf } from '#domain/drive/folder-access.ts';
import { presignPreview, renditionKey } from '#lib/object-storage.ts';
import { recordAccess } from '#domain/drive/access-log.ts';
import { refuseIfThreat } from '#domain/drive/malware.ts';
import { previewContentType, type Detected } from '#domain/drive/file-type.ts';
import { currentPreview } from '#data/drive-items.ts';

/**
 * `convert` (SPEC.md §7 "/convert for preview"; docs/drive.md "Preview"): a 60-second presigned GET
 * of a file's thumbnail, its page rendition, or its bytes under the type they were judged to be
 * (images, PDF, text and CSV; never a type a browser runs, always as an attachment). The caller must
 * reach the file with view right; a threat, bytes that lie about their type, and types without a
 * preview are refused with their reason. A page or original preview is in the access log as a
 * preview; it is not a download (no recent-files entry, no share-link download count).
 */
export const convertFile: Operation<'convert'> = async ({ caller, input, log }) => {
  const item = await reachableItem(viewerOf(caller), input.id);
  if (item?.type !== 'file' || item.status !== 'ready' || !item.s3_key) {
    throw new DomainError('address', {}, {}, 'notice.previewFileMissing');
  }
  refuseIfThreat(item, 'preview');
  const preview = currentPreview(item);
  const name = { name: item.name };
  if (!preview) throw new DomainError('previewUnavailable', name, {}, 'notice.previewNotReady');
  if (preview.status === 'mismatch') throw new DomainError('previewMismatch', { ...name, detected: preview.detected }, {}, 'notice.previewMismatch');
  if (preview.status === 'failed') throw new DomainError('previewUnavailable', name, {}, 'notice.previewFailed');
  if (preview.status === 'unsupported') throw new DomainError('previewUnavailable', name, {}, 'notice.previewUnsupported');

  let key: string;
  let contentType: string;
  let size: number | null = null;
  if (input.kind === 'original') {
    const type = previewContentType(preview.kind, preview.detected as Detected);
    if (!type) throw new DomainError('previewUnavailable', name, {}, 'notice.previewUnsupported');
    key = item.s3_key;
    contentType = type;
    size = item.size;
  } else {
    if (!preview.thumbnail) throw new DomainError('previewUnavailable', name, {}, 'notice.previewNoRendition');
    key = renditionKey(item.s3_key, input.kind === 'thumbnail' ? 'thumb' : 'page');
    contentType = 'image/webp';
  }
  const fileName = input.kind === 'original' ? item.name : `${item.name}.${input.kind}.webp`;
  const { url, expiresAt } = await presignPreview(key, fileName, contentType);
  // A thumbnail is part of showing the entry (as its row in a listing); opening the preview is recorded.
  if (input.kind !== 'thumbnail') await recordAccess({ caller, log }, 'preview', item);
  return { url, kind: input.kind, content_type: contentType, size, preview, expires_at: expiresAt };
};
