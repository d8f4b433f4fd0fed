import { useTranslation } from 'react-i18next';
import type { DriveItem } from '../../api/get-file-info.ts';
import { hasRenditions, useRendition } from '../../api/get-preview.ts';

/**
 * A file's 320 px thumbnail (an image, or a PDF's first page), made when its bytes arrived: fetched
 * through `convert` and shown from a blob URL. Nothing when the file has none (or it fails to load).
 */
export function Thumbnail({ file, onOpen }: { file: DriveItem; onOpen?: () => void }) {
  const { t } = useTranslation();
  const src = useRendition(file, 'thumbnail', hasRenditions(file));
  if (!src) return null;
  const image = <img className="preview-thumbnail" src={src} alt={t('preview.thumbnailAlt', { name: file.name })} data-testid="details-thumbnail" />;
  return onOpen ? (
    <button type="button" onClick={onOpen} title={t('preview.action')} style={{ all: 'unset', cursor: 'pointer' }} data-testid="details-thumbnail-open">
      {image}
    </button>
  ) : image;
}
