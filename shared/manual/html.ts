import type { ManualEdition, ManualSection } from './types.ts';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const STYLE = `
body{font-family:"Noto Sans JP","Noto Sans CJK JP","Hiragino Sans","Yu Gothic",Meiryo,system-ui,sans-serif;line-height:1.7;color:#16191f;max-width:48rem;margin:2rem auto;padding:0 1.5rem}
h1{font-size:1.8rem;margin-bottom:.25rem}h2{font-size:1.3rem;margin-top:2rem;border-bottom:1px solid #d1d5db;padding-bottom:.25rem;break-after:avoid}
.meta{color:#5f6b7a;font-size:.9rem}.audience{font-size:.8rem;color:#5f6b7a;font-weight:normal;margin-left:.5rem}
nav ol{padding-left:1.25rem}section{break-inside:avoid-page}a{color:#0972d3}
@media print{body{margin:0;max-width:none}nav a{color:inherit;text-decoration:none}a[href^="#"]{color:inherit}}
`.trim();

const list = (tag: 'ol' | 'ul', items: string[] | undefined): string =>
  items && items.length > 0 ? `<${tag}>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>` : '';

const section = (edition: ManualEdition, part: ManualSection): string => {
  const audience = part.audience === 'admin' ? `<span class="audience">${escapeHtml(edition.labels.forAdministrators)}</span>` : '';
  return `<section id="${escapeHtml(part.id)}"><h2>${escapeHtml(part.title)}${audience}</h2>${part.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('')}${list('ol', part.steps)}${list('ul', part.points)}</section>`;
};

/**
 * The manual as one self-contained, printable HTML document (no script, no external resource): what
 * manual_download answers. A PDF would need a Japanese font embedded (CI has none), so the browser's
 * "print to PDF" of this document is the PDF route (docs/home.md "Manual").
 */
export function manualHtml(edition: ManualEdition): string {
  const contents = edition.sections.map((part) => `<li><a href="#${escapeHtml(part.id)}">${escapeHtml(part.title)}</a></li>`).join('');
  return [
    '<!doctype html>',
    `<html lang="${edition.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(edition.title)}</title><style>${STYLE}</style></head><body>`,
    `<h1>${escapeHtml(edition.title)}</h1><p class="meta">${escapeHtml(edition.labels.updated)}: ${escapeHtml(edition.updated)}</p>`,
    `<p>${escapeHtml(edition.intro)}</p>`,
    `<nav><h2>${escapeHtml(edition.labels.contents)}</h2><ol>${contents}</ol></nav>`,
    ...edition.sections.map((part) => section(edition, part)),
    '</body></html>',
    '',
  ].join('\n');
}
