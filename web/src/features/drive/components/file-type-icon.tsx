import type { FileKind } from '../utils/file-kind.ts';

/** Colours follow the usual office-suite conventions so a type is recognisable at a glance. */
const palette: Record<Exclude<FileKind, 'folder'>, { color: string; label: string }> = {
  excel: { color: '#1d6f42', label: 'X' },
  word: { color: '#2b579a', label: 'W' },
  powerpoint: { color: '#c43e1c', label: 'P' },
  pdf: { color: '#c5221f', label: 'PDF' },
  image: { color: '#0f7b8a', label: '' },
  media: { color: '#7b3fbf', label: '' },
  zip: { color: '#8a6d1d', label: 'ZIP' },
  text: { color: '#5f6b7a', label: '' },
};

/** A 20px file-type icon (SPEC.md §3: excel, word, powerpoint, pdf, media, zip, text fallback; an image of the media group shows a picture). */
export function FileTypeIcon({ kind, title }: { kind: FileKind; title: string }) {
  if (kind === 'folder') {
    return (
      <svg className="file-type-icon" width="20" height="20" viewBox="0 0 20 20" role="img" aria-label={title} data-kind={kind}>
        <path d="M1.5 4.5a1 1 0 0 1 1-1h5l2 2h8a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1z" fill="#e8a317" />
        <path d="M1.5 7.5h17v8a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1z" fill="#f5c242" />
      </svg>
    );
  }
  const { color, label } = palette[kind];
  return (
    <svg className="file-type-icon" width="20" height="20" viewBox="0 0 20 20" role="img" aria-label={title} data-kind={kind}>
      <path d="M4 1.5h8l4.5 4.5v12a.5.5 0 0 1-.5.5H4a.5.5 0 0 1-.5-.5V2a.5.5 0 0 1 .5-.5z" fill="#fff" stroke={color} />
      <path d="M12 1.5V6h4.5" fill="none" stroke={color} />
      {kind === 'media' && <path d="M8 9.5v6l5-3z" fill={color} />}
      {kind === 'image' && (
        <>
          <rect x="5.5" y="8.5" width="9" height="7.5" rx="0.5" fill="none" stroke={color} />
          <circle cx="8.2" cy="10.9" r="1" fill={color} />
          <path d="M6 15.5l2.8-2.8 1.7 1.7 1.5-1.5 2 2.6z" fill={color} />
        </>
      )}
      {kind === 'text' && <path d="M6.5 9.5h7M6.5 12h7M6.5 14.5h5" stroke={color} strokeWidth="1.2" />}
      {label && (
        <>
          <rect x={label.length > 1 ? 1 : 2.5} y="9" width={label.length > 1 ? 14 : 9} height="8" rx="1" fill={color} />
          <text
            x={label.length > 1 ? 8 : 7}
            y="15.3"
            textAnchor="middle"
            fontSize={label.length > 1 ? 6 : 7}
            fontWeight="700"
            fontFamily="Arial, sans-serif"
            fill="#fff"
          >
            {label}
          </text>
        </>
      )}
    </svg>
  );
}
