import { describe, expect, it } from 'vitest';
import { create } from 'qrcode/lib/core/qrcode.js';
import { qrCodeImage } from './qr-code.ts';

const svgOf = (image: string): string => new TextDecoder().decode(Uint8Array.from(atob(image.replace(/^data:image\/svg\+xml;base64,/, '')), (char) => char.charCodeAt(0)));

describe('qrCodeImage', () => {
  const uri = 'otpauth://totp/Common%20Drive:acme%3A%E5%B1%B1%E7%94%B0?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Common%20Drive';

  it('draws the URI as an SVG image of its QR code, with the quiet zone', () => {
    const image = qrCodeImage(uri);
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = svgOf(image);
    const size = create(uri, { errorCorrectionLevel: 'M' }).modules.size + 4;
    expect(svg).toMatch(new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"`));
    expect(svg).toMatch(/<path [^>]*d="M[^"]+"/);
  });

  it('draws each URI its own way', () => {
    expect(qrCodeImage(uri)).toBe(qrCodeImage(uri));
    expect(qrCodeImage(uri.replace('JBSW', 'KBSW'))).not.toBe(qrCodeImage(uri));
  });
});
