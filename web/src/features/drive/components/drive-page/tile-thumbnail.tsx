import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DriveItem } from '../../api/get-file-info.ts';
import { hasRenditions, useRendition } from '../../api/get-preview.ts';
import { fileKind } from '../../utils/file-kind.ts';
import { FileTypeIcon } from '../file-type-icon.tsx';

/**
 * An entry's picture in the grid and the phone list: the 320 px thumbnail made when its bytes
 * arrived (through `convert`, fetched once the tile scrolls into view), else its file-type icon.
 * The name beside it says what it is, so the picture carries no text of its own.
 */
export function TileThumbnail({ item }: { item: DriveItem }) {
  const { t } = useTranslation();
  const box = useRef<HTMLSpanElement>(null);
  // Without IntersectionObserver (old browsers) every tile's thumbnail is fetched at once.
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const wanted = hasRenditions(item);
  const src = useRendition(item, 'thumbnail', wanted && visible);

  useEffect(() => {
    if (!wanted || visible || !box.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    }, { rootMargin: '200px' });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [wanted, visible]);

  const kind = fileKind(item);
  return (
    <span ref={box} className="drive-tile-picture" data-testid={src ? 'tile-thumbnail' : 'tile-icon'}>
      {src ? <img src={src} alt="" /> : <FileTypeIcon kind={kind} title={t(`drive.kinds.${kind}`)} />}
    </span>
  );
}
