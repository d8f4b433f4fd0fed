import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { en } from '@/lib/i18n/en.ts';
import { ja } from '@/lib/i18n/ja.ts';
import { FileTypeIcon } from './file-type-icon.tsx';

const PLAY = 'M8 9.5v6l5-3z';

describe('the file-type icon of an image', () => {
  it('is a picture, not the play sign of audio and video', () => {
    const image = renderToStaticMarkup(<FileTypeIcon kind="image" title="Image" />);
    expect(image).toContain('data-kind="image"');
    expect(image).toContain('<circle');
    expect(image).not.toContain(PLAY);
    expect(renderToStaticMarkup(<FileTypeIcon kind="media" title="Media file" />)).toContain(PLAY);
  });

  it('is called Image / 画像', () => {
    expect(en.drive.kinds.image).toBe('Image');
    expect(ja.drive.kinds.image).toBe('画像');
  });
});
