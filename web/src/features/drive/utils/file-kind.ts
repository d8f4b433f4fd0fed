/**
 * The file icons of SPEC.md §3: by extension, with the content type as a second opinion. Images
 * (SPEC.md §5's image extensions) belong to §3's media group but get their own picture icon and
 * label, so a photo does not look like something to play; `iconGroup` answers the §3 group.
 */
export const fileKinds = ['folder', 'excel', 'word', 'powerpoint', 'pdf', 'image', 'media', 'zip', 'text'] as const;
export type FileKind = (typeof fileKinds)[number];
export type IconGroup = Exclude<FileKind, 'image'>;

/** The SPEC.md §3 icon group of a kind: an image is one of its media files. */
export const iconGroup = (kind: FileKind): IconGroup => (kind === 'image' ? 'media' : kind);

const byExtension: Record<string, Exclude<FileKind, 'folder' | 'text'>> = {};
const register = (kind: Exclude<FileKind, 'folder' | 'text'>, extensions: string[]) => {
  for (const extension of extensions) byExtension[extension] = kind;
};
register('excel', ['xls', 'xlsx', 'xlsm', 'xlsb', 'xlt', 'xltx', 'xltm', 'ods']);
register('word', ['doc', 'docx', 'docm', 'dot', 'dotx', 'dotm', 'odt', 'rtf']);
register('powerpoint', ['ppt', 'pptx', 'pptm', 'pps', 'ppsx', 'pot', 'potx', 'odp']);
register('pdf', ['pdf']);
register('image', ['jpg', 'jpeg', 'png', 'gif', 'svg', 'tif', 'tiff', 'bmp', 'ico', 'webp', 'heic', 'heif', 'avif']);
register('media', [
  'mp3', 'wav', 'aac', 'm4a', 'flac', 'ogg', 'wma',
  'mp4', 'mov', 'avi', 'wmv', 'mkv', 'webm', 'm4v', 'mpg', 'mpeg',
]);
register('zip', ['zip', 'lzh', 'rar', '7z', 'gz', 'tgz', 'tar', 'bz2', 'xz']);

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export function fileKind(item: { type: 'folder' | 'file'; name: string; content_type?: string | null }): FileKind {
  if (item.type === 'folder') return 'folder';
  const known = byExtension[fileExtension(item.name)];
  if (known) return known;
  const type = item.content_type?.toLowerCase() ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (/^(audio|video)\//.test(type)) return 'media';
  if (/spreadsheet|ms-excel/.test(type)) return 'excel';
  if (/wordprocessing|msword/.test(type)) return 'word';
  if (/presentation|ms-powerpoint/.test(type)) return 'powerpoint';
  if (/zip|compressed|x-tar|gzip/.test(type)) return 'zip';
  // Plain text (txt, csv) and anything unknown share the text icon.
  return 'text';
}
