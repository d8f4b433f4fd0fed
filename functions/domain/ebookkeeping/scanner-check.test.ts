import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkScannedDocument, colourAllowed, paperPixels, realDensity, scannerCheckMessageKeys, scannerCheckTexts, type ScannerOptions } from './scanner-check.ts';

const important: ScannerOptions = { paperSize: 'A4', grade: 'important' };
const general: ScannerOptions = { paperSize: 'A4', grade: 'general' };
const RED = { r: 200, g: 40, b: 30 };

const colourImage = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: RED } });
const jpeg = (width: number, height: number, density?: number) => {
  const image = colourImage(width, height).jpeg();
  return (density === undefined ? image : image.withDensity(density)).toBuffer();
};
const greyJpeg = (width: number, height: number, density?: number) => {
  const image = colourImage(width, height).toColourspace('b-w').jpeg();
  return (density === undefined ? image : image.withDensity(density)).toBuffer();
};

interface PdfImage {
  bytes: Uint8Array;
  width: number;
  height: number;
  colourSpace: 'DeviceRGB' | 'DeviceGray';
  bits?: number;
  filter?: 'DCTDecode';
  /** Drawn size in points. */
  drawWidth: number;
  drawHeight: number;
}

/**
 * A minimal PDF written by hand: one page per entry, each drawing its images with a `cm` matrix at a
 * known size (or, for `null`, a line and no image at all).
 */
function pdf(pages: Array<PdfImage | { content: Buffer } | null>, pageSize: [number, number] = [595, 842]): Uint8Array {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const stream = (dict: string, data: Uint8Array) => Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), Buffer.from(data), Buffer.from('\nendstream', 'latin1')]);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  const kids: number[] = [];
  for (const image of pages) {
    let resources = '';
    let content: string | Buffer = '0 0 m 100 100 l S';
    if (image && 'content' in image) content = image.content;
    else if (image) {
      const filter = image.filter ? ` /Filter /${image.filter}` : '';
      const imageId = add(stream(`/Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /${image.colourSpace} /BitsPerComponent ${image.bits ?? 8}${filter}`, image.bytes));
      resources = `/Resources << /XObject << /Im1 ${imageId} 0 R >> >>`;
      content = `q ${image.drawWidth} 0 0 ${image.drawHeight} 0 0 cm /Im1 Do Q`;
    }
    const contentId = add(stream('', typeof content === 'string' ? Buffer.from(content, 'latin1') : content));
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageSize[0]} ${pageSize[1]}] ${resources} /Contents ${contentId} 0 R >>`));
  }
  objects[1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(' ')}] /Count ${kids.length} >>`, 'latin1');
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return new Uint8Array(Buffer.concat(parts));
}

const a4Drawn = { drawWidth: 595, drawHeight: 842 };
const jpegImage = async (width: number, height: number, drawn = a4Drawn): Promise<PdfImage> => ({ bytes: await jpeg(width, height), width, height, colourSpace: 'DeviceRGB', filter: 'DCTDecode', ...drawn });

describe('paper sizes at 200 dpi', () => {
  it('gives the NTA figure for A4 (1654 × 2338, about 3.87 million) and the other papers short side first', () => {
    expect(paperPixels('A4')).toEqual({ label: 'A4', width: 1654, height: 2338, pixels: 3_867_052 });
    expect(paperPixels('A3')).toMatchObject({ width: 2338, height: 3308 });
    expect(paperPixels('A5')).toMatchObject({ width: 1166, height: 1654 });
    expect(paperPixels('B4')).toMatchObject({ width: 2024, height: 2866 });
    expect(paperPixels('B5')).toMatchObject({ width: 1434, height: 2024 });
    expect(paperPixels('letter')).toMatchObject({ width: 1700, height: 2200 });
    expect(paperPixels({ widthMm: 200, heightMm: 80 })).toEqual({ label: '200 × 80 mm', width: 630, height: 1574, pixels: 630 * 1574 });
    expect(() => paperPixels({ widthMm: 0, heightMm: 80 })).toThrow(RangeError);
  });

  it('takes missing, 72 and aspect-only densities as unknown, 96 as real', () => {
    expect(realDensity(undefined)).toBeNull();
    expect(realDensity(72)).toBeNull();
    expect(realDensity(1)).toBeNull();
    expect(realDensity(96)).toBe(96);
    expect(realDensity(199.9996)).toBe(200);
  });

  it('allows greyscale for general documents only, never 1 bit', () => {
    expect(colourAllowed('rgb24', 'important')).toBe(true);
    expect(colourAllowed('rgb48', 'important')).toBe(true);
    expect(colourAllowed('grey8', 'important')).toBe(false);
    expect(colourAllowed('grey8', 'general')).toBe(true);
    expect(colourAllowed('bilevel', 'general')).toBe(false);
    expect(colourAllowed('indexed', 'general')).toBe(false);
  });
});

describe('images with a real resolution', () => {
  it('fails at 199 dpi and passes at 200 dpi (JPEG)', async () => {
    const low = await checkScannedDocument(await jpeg(400, 500, 199), important);
    expect(low).toMatchObject({ status: 'non_compliant', findings: ['dpi'], dpi: 199, basis: 'density', colour: 'rgb24', format: 'jpeg' });
    const ok = await checkScannedDocument(await jpeg(400, 500, 200), important);
    expect(ok).toMatchObject({ status: 'compliant', findings: [], dpi: 200, basis: 'density' });
  });

  it('reads the density of PNG and TIFF', async () => {
    const png = await colourImage(300, 400).png().withDensity(200).toBuffer();
    expect(await checkScannedDocument(png, important)).toMatchObject({ status: 'compliant', dpi: 200, format: 'png' });
    const tiff = await colourImage(300, 400).tiff().withDensity(150).toBuffer();
    expect(await checkScannedDocument(tiff, important)).toMatchObject({ status: 'non_compliant', findings: ['dpi'], dpi: 150, format: 'tiff' });
  });

  it('takes 96 dpi at its word, however many pixels', async () => {
    const result = await checkScannedDocument(await jpeg(1700, 2400, 96), important);
    expect(result).toMatchObject({ status: 'non_compliant', findings: ['dpi'], dpi: 96 });
  });
});

describe('images without a real resolution: pixels for the paper', () => {
  it('fails 1653 × 2338 (3.86 million) and passes 1654 × 2338 (3.87 million) at A4, in either orientation', async () => {
    const short = await checkScannedDocument(await jpeg(1653, 2338, 72), important);
    expect(short).toMatchObject({ status: 'non_compliant', findings: ['pixels'], dpi: null, basis: 'paper_size', pixels: 3_864_714 });
    const enough = await checkScannedDocument(await jpeg(1654, 2338, 72), important);
    expect(enough).toMatchObject({ status: 'compliant', findings: [], basis: 'paper_size', pixels: 3_867_052 });
    const landscape = await checkScannedDocument(await jpeg(2338, 1654), important);
    expect(landscape).toMatchObject({ status: 'compliant' });
  });

  it('does not let a long thin image make up for a short side', async () => {
    // 4 million pixels, but the short side is far below A4's 1654.
    const strip = await checkScannedDocument(await jpeg(1000, 4000), important);
    expect(strip).toMatchObject({ status: 'non_compliant', findings: ['pixels'] });
  });

  it('judges a receipt by the size the user gives (WebP has no density at all)', async () => {
    const receipt = { paperSize: { widthMm: 80, heightMm: 200 }, grade: 'important' } as const;
    const webp = await colourImage(630, 1575).webp().toBuffer();
    expect(await checkScannedDocument(webp, receipt)).toMatchObject({ status: 'compliant', basis: 'paper_size', format: 'webp' });
    const small = await colourImage(600, 1575).webp().toBuffer();
    expect(await checkScannedDocument(small, receipt)).toMatchObject({ status: 'non_compliant', findings: ['pixels'] });
  });
});

describe('colour depth (ledger bit)', () => {
  it('fails 8-bit grey for important documents and passes it for general ones; 24-bit colour passes both', async () => {
    const grey = await greyJpeg(400, 500, 300);
    expect(await checkScannedDocument(grey, important)).toMatchObject({ status: 'non_compliant', findings: ['ledger_bit'], colour: 'grey8' });
    expect(await checkScannedDocument(grey, general)).toMatchObject({ status: 'compliant', colour: 'grey8' });
    const colour = await jpeg(400, 500, 300);
    expect(await checkScannedDocument(colour, important)).toMatchObject({ status: 'compliant', colour: 'rgb24' });
    expect(await checkScannedDocument(colour, general)).toMatchObject({ status: 'compliant', colour: 'rgb24' });
  });

  it('fails a 1-bit image for both grades', async () => {
    const tiff = await colourImage(400, 500).toColourspace('b-w').tiff({ bitdepth: 1 }).withDensity(300).toBuffer();
    expect(await checkScannedDocument(tiff, general)).toMatchObject({ status: 'non_compliant', findings: ['ledger_bit'], colour: 'bilevel' });
    const png = await colourImage(400, 500).png({ palette: true, colours: 2 }).withDensity(300).toBuffer();
    expect(await checkScannedDocument(png, important)).toMatchObject({ status: 'non_compliant', findings: ['ledger_bit'], colour: 'bilevel' });
  });

  it('passes 16-bit channels and reports both findings together', async () => {
    const deep = await colourImage(400, 500).toColourspace('rgb16').png().withDensity(300).toBuffer();
    expect(await checkScannedDocument(deep, important)).toMatchObject({ status: 'compliant', colour: 'rgb48' });
    const both = await checkScannedDocument(await greyJpeg(400, 500, 150), important);
    expect(both).toMatchObject({ status: 'non_compliant', findings: ['dpi', 'ledger_bit'] });
  });
});

describe('bytes that are not a readable image', () => {
  it('answers unreadable for text, a truncated JPEG and an empty file', async () => {
    expect(await checkScannedDocument(new TextEncoder().encode('date,amount\n2026-01-01,100\n'), important)).toMatchObject({ status: 'unreadable', findings: ['unreadable'], format: null });
    const whole = await jpeg(800, 1000, 300);
    expect(await checkScannedDocument(whole.subarray(0, Math.floor(whole.length / 2)), important)).toMatchObject({ status: 'unreadable', findings: ['unreadable'] });
    expect(await checkScannedDocument(new Uint8Array(), important)).toMatchObject({ status: 'unreadable' });
  });

  it('answers unreadable for a PNG whose header claims more pixels than its data holds', async () => {
    const png = await colourImage(300, 400).png().toBuffer();
    // The IHDR height (bytes 20-23) raised: the header now says 4000 rows; the data has 400.
    const lying = Buffer.from(png);
    lying.writeUInt32BE(4000, 20);
    // Recompute the IHDR CRC so that only the size lies.
    lying.writeUInt32BE(crc32(lying.subarray(12, 29)), 29);
    expect(await checkScannedDocument(lying, important)).toMatchObject({ status: 'unreadable' });
  });

  it('answers unreadable for an SVG (not a scan) and a broken PDF', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="3000"><rect width="10" height="10"/></svg>');
    expect(await checkScannedDocument(svg, important)).toMatchObject({ status: 'unreadable' });
    expect(await checkScannedDocument(Buffer.from('%PDF-1.4\nnothing else'), important)).toMatchObject({ status: 'unreadable', format: 'pdf' });
  });
});

describe('PDFs: the embedded images', () => {
  it('fails a page whose image is 800 px across an A4 page (97 dpi) and passes 1700 px (205 dpi)', async () => {
    const low = await checkScannedDocument(pdf([await jpegImage(800, 1131)]), important);
    expect(low).toMatchObject({ status: 'non_compliant', findings: ['dpi'], dpi: 97, basis: 'pdf_placement', format: 'pdf', width: 800, height: 1131, colour: 'rgb24' });
    const good = await checkScannedDocument(pdf([await jpegImage(1700, 2400)]), important);
    expect(good).toMatchObject({ status: 'compliant', dpi: 205, basis: 'pdf_placement', colour: 'rgb24' });
  });

  it('measures dpi as pixels over the drawn size in inches: 1654 px over 8.27 in is 200 dpi, 1600 px is 193', async () => {
    const drawn = { drawWidth: 8.27 * 72, drawHeight: 11.69 * 72 };
    expect(await checkScannedDocument(pdf([await jpegImage(1654, 2338, drawn)]), important)).toMatchObject({ status: 'compliant', dpi: 200 });
    expect(await checkScannedDocument(pdf([await jpegImage(1600, 2338, drawn)]), important)).toMatchObject({ status: 'non_compliant', dpi: 193 });
  });

  it('measures a small image drawn small at its own resolution (a receipt on an A4 page)', async () => {
    // 630 px drawn 2.5 in wide: 252 dpi, though the page is A4.
    const receipt = await checkScannedDocument(pdf([await jpegImage(630, 1575, { drawWidth: 180, drawHeight: 450 })]), important);
    expect(receipt).toMatchObject({ status: 'compliant', dpi: 252 });
  });

  it('measures inline images too', async () => {
    // A 4 × 4 colour inline image stretched over the page: far below 200 dpi.
    const pixels = Buffer.alloc(4 * 4 * 3);
    for (let i = 0; i < pixels.length; i += 3) pixels.set([200, 40, 30], i);
    const content = Buffer.concat([Buffer.from('q 595 0 0 842 0 0 cm BI /W 4 /H 4 /CS /RGB /BPC 8 ID ', 'latin1'), pixels, Buffer.from(' EI Q', 'latin1')]);
    expect(await checkScannedDocument(pdf([{ content }]), important)).toMatchObject({ status: 'non_compliant', findings: ['dpi'], dpi: 0, width: 4, height: 4, colour: 'rgb24' });
  });

  it('tells greyscale and 1-bit images apart from colour', async () => {
    const greyBytes = await greyJpeg(1700, 2400);
    const grey = pdf([{ bytes: greyBytes, width: 1700, height: 2400, colourSpace: 'DeviceGray', filter: 'DCTDecode', ...a4Drawn }]);
    expect(await checkScannedDocument(grey, important)).toMatchObject({ status: 'non_compliant', findings: ['ledger_bit'], colour: 'grey8' });
    expect(await checkScannedDocument(grey, general)).toMatchObject({ status: 'compliant', colour: 'grey8' });
    const rowBytes = Math.ceil(1700 / 8);
    const bilevel = pdf([{ bytes: new Uint8Array(rowBytes * 2400).fill(0xaa), width: 1700, height: 2400, colourSpace: 'DeviceGray', bits: 1, ...a4Drawn }]);
    expect(await checkScannedDocument(bilevel, general)).toMatchObject({ status: 'non_compliant', findings: ['ledger_bit'], colour: 'bilevel' });
  });

  it('does not hang on an embedded image whose data is broken, nor pass it as a colour scan', async () => {
    // pdfjs draws a broken image as far as it decodes, as viewers do; the rest is blank, hence neutral.
    const whole = await jpeg(1700, 2400);
    const truncated = pdf([{ bytes: whole.subarray(0, 200), width: 1700, height: 2400, colourSpace: 'DeviceRGB', filter: 'DCTDecode', ...a4Drawn }]);
    expect((await checkScannedDocument(truncated, important)).status).toMatch(/^(non_compliant|unreadable)$/);
    const short = pdf([{ bytes: new Uint8Array(50).fill(7), width: 1700, height: 2400, colourSpace: 'DeviceRGB', ...a4Drawn }]);
    expect((await checkScannedDocument(short, important)).status).toMatch(/^(non_compliant|unreadable)$/);
  });

  it('checks every page and answers with the worst; a page with no image is unknown size', async () => {
    const mixed = await checkScannedDocument(pdf([await jpegImage(1700, 2400), await jpegImage(800, 1131), null]), important);
    expect(mixed).toMatchObject({ status: 'non_compliant', findings: ['dpi', 'unknown_size'], dpi: 97, pageCount: 3 });
    expect(mixed.pages?.map((page) => [page.page, page.status])).toEqual([[1, 'compliant'], [2, 'non_compliant'], [3, 'unknown_size']]);
    const vectorOnly = await checkScannedDocument(pdf([null]), important);
    expect(vectorOnly).toMatchObject({ status: 'unknown_size', findings: ['unknown_size'], dpi: null, basis: null });
  });
});

describe('multi-page TIFF', () => {
  it('checks every page', async () => {
    const page = await colourImage(300, 400).png().toBuffer();
    const tiff = await sharp([page, page], { join: { animated: true } }).tiff().withDensity(300).toBuffer();
    const result = await checkScannedDocument(tiff, important);
    expect(result).toMatchObject({ status: 'compliant', pageCount: 2, dpi: 300 });
    expect(result.pages?.map((p) => [p.page, p.width, p.height])).toEqual([[1, 300, 400], [2, 300, 400]]);
  });
});

describe('messages', () => {
  it('names each finding with the spec messages in English and Japanese', async () => {
    const result = await checkScannedDocument(await greyJpeg(1653, 2338), important);
    expect(scannerCheckMessageKeys(result).map((message) => message.key)).toEqual(['scannerCheck.pixels', 'scannerCheck.ledgerBitImportant']);
    const [pixels, colour] = scannerCheckTexts(result, 'en');
    expect(pixels).toContain('1653 × 2338 pixels (about 3.86 million)');
    expect(pixels).toContain('at least 1654 × 2338 pixels (about 3.87 million)');
    expect(colour).toContain('This image is 8-bit greyscale.');
    const [pixelsJa, colourJa] = scannerCheckTexts(result, 'ja');
    expect(pixelsJa).toContain('約386万画素');
    expect(pixelsJa).toContain('約387万画素');
    expect(colourJa).toContain('8ビットグレースケール');
  });

  it('says how a compliant image without a resolution was judged, and names dpi, unknown size and unreadable', async () => {
    const judged = await checkScannedDocument(await jpeg(1654, 2338), important);
    expect(scannerCheckMessageKeys(judged).map((message) => message.key)).toEqual(['scannerCheck.compliant', 'scannerCheck.judgedByPixels']);
    const low = await checkScannedDocument(await jpeg(400, 500, 199), important);
    expect(scannerCheckTexts(low, 'ja')).toEqual(['解像度が不足しています。この画像は199dpiです。200dpi以上で読み取り直してください。']);
    expect(scannerCheckMessageKeys(await checkScannedDocument(pdf([null]), important))[0]?.key).toBe('scannerCheck.unknownSize');
    expect(scannerCheckMessageKeys(await checkScannedDocument(Buffer.from('hello'), important))[0]?.key).toBe('scannerCheck.unreadable');
  });
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
