import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveItem } from '../../api/get-file-info.ts';
import { fetchPreviewBytes, getPreview } from '../../api/get-preview.ts';

/**
 * A file's 320 px thumbnail (an image, or a PDF's first page), made when its bytes arrived: fetched
 * through `convert` and shown from a blob URL. Nothing when the file has none (or it fails to load).
 */
export function Thumbnail({ file, onOpen }: { file: DriveItem; onOpen?: () => void }) {
  const { t } = useTranslation();
  // The image of which version of which file (another selection shows nothing until its own arrives).
  const shown = `${file.id}/${file.version}`;
  const [loaded, setLoaded] = useState<{ of: string; src: string }>();
  const has = file.preview?.status === 'ready' && file.preview.thumbnail && file.scan_status !== 'THREATS_FOUND';
  useEffect(() => {
    if (!has) return;
    const controller = new AbortController();
    let url: string | undefined;
    getPreview({ id: file.id, kind: 'thumbnail' }, { silent: true, signal: controller.signal })
      .then((answer) => fetchPreviewBytes(answer.url, { signal: controller.signal }))
      .then(({ bytes }) => {
        url = URL.createObjectURL(new Blob([bytes], { type: 'image/webp' }));
        if (!controller.signal.aborted) setLoaded({ of: `${file.id}/${file.version}`, src: url });
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.id, file.version, has]);
  const src = has && loaded?.of === shown ? loaded.src : undefined;
  if (!src) return null;
  const image = <img className="preview-thumbnail" src={src} alt={t('preview.thumbnailAlt', { name: file.name })} data-testid="details-thumbnail" />;
  return onOpen ? (
    <button type="button" onClick={onOpen} title={t('preview.action')} style={{ all: 'unset', cursor: 'pointer' }} data-testid="details-thumbnail-open">
      {image}
    </button>
  ) : image;
}
