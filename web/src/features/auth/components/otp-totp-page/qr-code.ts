// The core and the SVG renderer only: the package's main entry also loads its canvas and PNG renderers.
import { create } from 'qrcode/lib/core/qrcode.js';
import { render } from 'qrcode/lib/renderer/svg-tag.js';

/**
 * The activation QR code of an otpauth URI, drawn here rather than by the server (the sign-in
 * Lambda carries no QR encoder), as an image URL: shown with `<img>`, never as markup in the page.
 */
export function qrCodeImage(text: string): string {
  const svg = render(create(text, { errorCorrectionLevel: 'M' }), { margin: 2 });
  return `data:image/svg+xml;base64,${btoa(String.fromCharCode(...new TextEncoder().encode(svg)))}`;
}
