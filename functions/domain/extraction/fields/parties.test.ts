import { describe, expect, it } from 'vitest';
import { findCompanyNames, sameParty, tidyName } from './company-names.ts';
import { normaliseLine } from './normalise.ts';
import { parseLines } from './parsed-lines.ts';
import { readParties } from './parties.ts';

const lines = (...texts: string[]) => parseLines(texts.map((text) => ({ text, page: 1 })));
const parties = (texts: string[], own?: { name?: string; invoiceNumber?: string }) => {
  const reading = readParties(lines(...texts), own);
  return { issuer: reading.issuer?.value, addressee: reading.addressee?.value, own: reading.ownDocument };
};

/** A Japanese invoice's head: the addressee left, the issuer's block right, read one column after the other. */
const invoice = [
  '請 求 書',
  '〒150-0001 東京都渋谷区神宮前1-2-3',
  '株式会社ABC商事 御中',
  '請求日 2024年4月1日',
  '株式会社サンプル',
  '〒100-0001 東京都千代田区千代田1-1',
  'TEL 03-1234-5678',
  '登録番号 T7000012050002',
  '合計 ¥11,000',
];

describe('company names', () => {
  it('finds names by their legal form, before or after, abbreviated or English', () => {
    const names = (text: string) => findCompanyNames(normaliseLine(text)).map((found) => found.name);
    expect(names('株式会社サンプル')).toEqual(['株式会社サンプル']);
    expect(names('サンプル商事株式会社 東京支店')).toEqual(['サンプル商事株式会社']);
    expect(names('㈱サンプル')).toEqual(['(株)サンプル']);
    expect(names('サンプル（株）')).toEqual(['サンプル(株)']);
    expect(names('合同会社みらい 一般社団法人日本協会')).toEqual(['合同会社みらい', '一般社団法人日本協会']);
    expect(names('Sample Trading Co., Ltd.')).toEqual(['Sample Trading Co., Ltd.']);
    expect(names('Bill to: Example Corp.')).toEqual(['Example Corp.']);
    expect(names('Acme Inc.  1-2-3 Chiyoda')).toEqual(['Acme Inc.']);
    expect(names('Hokuto Media K.K.')).toEqual(['Hokuto Media K.K.']);
    expect(names('お世話になっております')).toEqual([]);
  });

  it('tidies a name: labels and honorifics off, (株) written out, no space after a Japanese legal form', () => {
    expect(tidyName('株式会社 サンプル')).toBe('株式会社サンプル');
    expect(tidyName('(株)サンプル')).toBe('株式会社サンプル');
    expect(tidyName('サンプル(有)')).toBe('サンプル有限会社');
    expect(tidyName('請求元:サンプル株式会社')).toBe('サンプル株式会社');
    expect(tidyName('株式会社ABC 御中')).toBe('株式会社ABC');
    expect(tidyName('山田 太郎 様')).toBe('山田 太郎');
    expect(tidyName('株式会社新星製作所 _')).toBe('株式会社新星製作所');
    expect(tidyName('株式会社ABC ご担当者')).toBe('株式会社ABC');
    expect(tidyName('Bill to: Example Corp.')).toBe('Example Corp.');
    expect(tidyName('上')).toBeUndefined();
    expect(tidyName('No. 2024-0012')).toBeUndefined();
  });

  it('tells the same party however written', () => {
    expect(sameParty('株式会社サンプル', 'サンプル')).toBe(true);
    expect(sameParty('(株)サンプル', '株式会社 サンプル')).toBe(true);
    expect(sameParty('ｻﾝﾌﾟﾙ株式会社', 'サンプル')).toBe(true);
    expect(sameParty('Sample Co., Ltd.', 'SAMPLE')).toBe(true);
    expect(sameParty('株式会社サンプル', '株式会社サンプル商事')).toBe(false);
    expect(sameParty('株式会社', '有限会社')).toBe(false);
  });
});

describe('readParties', () => {
  it('reads the addressee before 御中 and the issuer by its block (〒, TEL, 登録番号)', () => {
    expect(parties(invoice)).toEqual({ issuer: '株式会社サンプル', addressee: '株式会社ABC商事', own: false });
    const reading = readParties(lines(...invoice), undefined);
    expect(reading).toMatchObject({ issuerLine: 4, addresseeLine: 2 });
    expect(reading.issuer!.certainty).toBe(0.95);
  });

  it('reads both blocks from one line (a two-column head), and a person issuer in the other column', () => {
    expect(parties(['株式会社ABC商事 御中  株式会社サンプル', '〒100-0001 東京都千代田区', 'TEL 03-1234-5678', '登録番号 T7000012050002']))
      .toEqual({ issuer: '株式会社サンプル', addressee: '株式会社ABC商事', own: false });
    expect(parties(['合同会社さくら企画 御中  佐藤 美咲', '〒730-0011', 'TEL 082-251-9700', '登録番号 T7000012050002']))
      .toEqual({ issuer: '佐藤 美咲', addressee: '合同会社さくら企画', own: false });
    expect(parties(['株式会社ミライ印刷 御中  林 翔太', '〒600-8216', 'TEL 075-702-9369', '登録番号 T7000012050002']).issuer).toBe('林翔太');
    // A business-like word there is no person: OCR's 作富士見商事 for ㈲富士見商事.
    expect(parties(['株式会社弥生テクノロジー 様  作富士見商事', '〒160-0023', 'TEL 03-3775-3577']).issuer).toBeUndefined();
    expect(parties(['株式会社ひかり⼯業  御 請 求 書', '株式会社ABC 御中', 'TEL 03-1234-5678']).issuer).toBe('株式会社ひかり工業');
  });

  it('reads 様 and 殿, strips the honorific and keeps the legal form; 上様 and お客様 name nobody', () => {
    expect(parties(['山田 太郎 様']).addressee).toBe('山田 太郎');
    expect(parties(['山田太郎様']).addressee).toBe('山田太郎');
    expect(parties(['株式会社ABC 殿']).addressee).toBe('株式会社ABC');
    expect(parties(['㈱ABC 御中']).addressee).toBe('株式会社ABC');
    expect(parties(['領収書', '上様']).addressee).toBeUndefined();
    expect(parties(['お客様各位']).addressee).toBeUndefined();
    expect(parties(['お客様控え']).addressee).toBeUndefined();
    expect(parties(['仕様書 A-1', '様式第1号']).addressee).toBeUndefined();
    expect(parties(['株式会社ABC', 'ご担当者様']).addressee).toBe('株式会社ABC');
    // 御中 outranks a 様 in the text.
    expect(parties(['株式会社ABC 御中', '山田様 いつもありがとうございます']).addressee).toBe('株式会社ABC');
  });

  it('reads English layouts: Bill to (same line, below, or below another column), From', () => {
    expect(parties(['Sample Trading Co., Ltd.', 'Tel: 03-1234-5678', 'Registration No.: T7000012050002', 'Bill to: Example Corp.']))
      .toEqual({ issuer: 'Sample Trading Co., Ltd.', addressee: 'Example Corp.', own: false });
    expect(parties(['Sample Trading Co., Ltd.', 'Tel: 03-1234-5678', 'BILL TO', 'Invoice No. INV-202507-514', 'Fujimi Engineering LLC']).addressee).toBe('Fujimi Engineering LLC');
    expect(parties(['Invoice to', 'Example Corp.', 'From: Sample Inc.', 'Tel: 03-1234-5678']))
      .toEqual({ issuer: 'Sample Inc.', addressee: 'Example Corp.', own: false });
    expect(parties(['Total: ¥1,100']).addressee).toBeUndefined();
    // OCR's run-together label.
    expect(parties(['Sample Trading Co., Ltd.', 'Tel: 03-1234-5678', 'Billto', 'Example Corp.']).addressee).toBe('Example Corp.');
  });

  it('reads blocks side by side: Bill to in the column beside the issuer, its name under it in that column', () => {
    const head = [
      'Invoice  Aoba Systems',
      'Aoba Systems Co., Ltd.  Bill to',
      'Square 12F, 5-28-9 Shibuya, Shibuya-ku,  Northwind Logistics Inc.',
      'Tokyo 150-0002  Daiichi Bldg. 10F, 6-13-9 Higashishiokojicho',
      '+81 3-1307-0381',
      'Registration number T5011001182144  Registration number T5120301240963',
    ];
    const reading = readParties(lines(...head), undefined);
    expect(reading).toMatchObject({ issuer: { value: 'Aoba Systems Co., Ltd.' }, addressee: { value: 'Northwind Logistics Inc.' }, issuerColumn: 0, addresseeColumn: 1 });
  });

  it('reads a receipt’s shop at its top, and never a bank account holder', () => {
    expect(parties(['スーパーマルエツ 渋谷店', '東京都渋谷区道玄坂1-1', 'TEL 03-1111-2222', '領収書', '合計 ¥1,100']).issuer).toBe('スーパーマルエツ 渋谷店');
    expect(parties(['いつもありがとうございます', 'スーパーマルエツ', 'TEL 03-1111-2222', 'レシート']).issuer).toBe('スーパーマルエツ');
    expect(parties(['領収書', 'ありがとうございました']).issuer).toBeUndefined();
    // The brand at the top, its company's name below unreadable: none rather than the brand.
    expect(parties(['協和ドラッグ', '新宿西口店', '協和ドラッグ', 'TEL 045-755-3793', 'レシート']).issuer).toBeUndefined();
    expect(parties(['株式会社ABC 御中', 'お振込先: 三井住友銀行 新宿支店 普通 1234567 カ)サンプル株式会社']).issuer).toBeUndefined();
  });

  it('offers no issuer when two names are marked alike', () => {
    expect(parties(['株式会社ひかり', 'TEL 03-1111-2222', '', '', '', '', '株式会社みらい', 'TEL 03-3333-4444']).issuer).toBeUndefined();
    expect(parties(['株式会社ひかり', '株式会社みらい']).issuer).toBeUndefined();
  });

  it('knows a document the contract issued by its own name or T-number as the issuer’s', () => {
    expect(parties(invoice, { name: '株式会社サンプル' })).toEqual({ issuer: '株式会社サンプル', addressee: '株式会社ABC商事', own: true });
    expect(parties(invoice, { name: 'サンプル' }).own).toBe(true);
    expect(parties(invoice, { invoiceNumber: 'T7000012050002' }).own).toBe(true);
    // The contract as the addressee: a document it received, whatever else is printed.
    expect(parties(invoice, { name: '株式会社ABC商事', invoiceNumber: 'T7000012050002' }).own).toBe(false);
    expect(parties(invoice, { name: '株式会社ABC商事' }).own).toBe(false);
    // Its T-number above the addressee's block, the issuer's name unreadable: still its own document.
    expect(parties(['白鷺商事 御請求書', 'TEL 03-6066-1851', '適格請求書発行事業者登録番号 T7000012050002', '株式会社さくらフーズ 御中'], { name: '白鷺商事株式会社', invoiceNumber: 'T7000012050002' }))
      .toEqual({ issuer: undefined, addressee: '株式会社さくらフーズ', own: true });
    // Its T-number beside the addressee's block is the addressee's.
    expect(parties(['株式会社ABC商事 御中', '登録番号 T1180301018771', '株式会社サンプル', 'TEL 03-1234-5678'], { invoiceNumber: 'T1180301018771' }).own).toBe(false);
    // A sole proprietor's own name, no legal form: still the issuer.
    expect(parties(['山田 太郎 様', '', '田中 翔太', 'TEL 03-1234-5678'], { name: '田中 翔太' })).toEqual({ issuer: '田中 翔太', addressee: '山田 太郎', own: true });
    expect(parties(invoice, { name: '株式会社まったく別' }).own).toBe(false);
  });
});
