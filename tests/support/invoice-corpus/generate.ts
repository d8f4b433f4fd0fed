/**
 * Truths for the generated invoice corpus (issue 29 "Measured"): made-up issuers and addressees,
 * addresses, 登録番号 with a correct check digit, dates within the two years before `today`, line
 * items at 10% and 8% whose sums, per-rate taxes (rounded down once per rate) and totals add up.
 * Seeded (mulberry32), never Math.random: the same seed gives the same corpus on every run.
 */
import { corporateCheckDigit } from '#shared/invoice-number.ts';
import {
  addDays, dateParts, isoDate, lastDayOfMonth,
  type DocumentTruth, type Layout, type LineItem, type Party, type TaxLine, type TaxRate, type Totals,
} from './kit.ts';

// --- the generator ----------------------------------------------------------------------------

/** mulberry32: a small, fast 32-bit PRNG; good enough to vary documents, repeatable by seed. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A seed from any mix of strings and numbers (FNV-1a over their text). */
  static of(...parts: (string | number)[]): Rng {
    let hash = 0x811c9dc5;
    for (const char of parts.join('\u0000')) {
      hash ^= char.codePointAt(0)!;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return new Rng(hash);
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability = 0.5): boolean {
    return this.next() < probability;
  }

  pick<T>(values: readonly T[]): T {
    if (values.length === 0) throw new RangeError('nothing to pick from');
    return values[Math.floor(this.next() * values.length)]!;
  }

  /** `count` distinct values, in a random order. */
  sample<T>(values: readonly T[], count: number): T[] {
    const pool = [...values];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return chosen;
  }

  /** Roughly normal (Irwin–Hall of 4), mean 0, standard deviation ≈ `sd`. */
  gauss(sd: number): number {
    return (this.next() + this.next() + this.next() + this.next() - 2) * sd * Math.sqrt(3);
  }
}

// --- names ------------------------------------------------------------------------------------

const jaCores = [
  '北斗', 'さくら', '青葉', '東邦', 'みなと', '大和', '光洋', '富士見', '白鷺', '千代田', '若葉', '朝日', '丸和', '三栄', '日進',
  '協和', '東栄', 'ひかり', '葵', '楓', '新星', '瀬戸内', '双葉', '明星', '太平', '弥生', '八雲', 'アクア', 'ミライ', 'フロンティア',
];
const jaTrades = [
  '商事', '物産', '工業', 'システム', '印刷', '製作所', '電機', '食品', '運輸', 'テクノロジー', '建設', 'デザイン', '不動産',
  'ソリューションズ', '精機', '化学', '企画', '興産', '通商', '情報サービス', '設備', 'フーズ', 'ロジスティクス',
];
const shopTrades = ['マート', 'ストア', 'ベーカリー', '珈琲店', '書店', '薬局', 'フーズマーケット', 'ドラッグ'];
const branches = ['新宿西口店', '渋谷店', '梅田店', '栄店', '博多駅前店', '札幌駅前店', '横浜西口店', '三宮店', '大宮店', '丸の内店'];
const surnames = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤', '吉田', '山田', '佐々木', '松本', '井上', '木村', '林', '清水'];
const givenNames = ['健一', '花子', '翔太', '美咲', '大輔', '陽子', '直樹', '由美', '拓也', '恵', '誠', '真理子', '浩二', '彩'];
const enCores = ['Sakura', 'Hokuto', 'Aoba', 'Minato', 'Fujimi', 'Kaede', 'Asahi', 'Wakaba', 'Hikari', 'Yamato', 'Northwind', 'Bluefin', 'Crescent', 'Harbor', 'Summit', 'Evergreen', 'Silverline'];
const enTrades = ['Trading', 'Systems', 'Logistics', 'Design', 'Foods', 'Engineering', 'Consulting', 'Software', 'Industries', 'Solutions', 'Printing', 'Media'];
const enSuffixes = ['Co., Ltd.', 'Inc.', 'LLC', 'Corporation', 'K.K.'];

/** 会社法人等番号's organisation kinds (the 5th and 6th digits of a registered company's 基礎番号). */
const organisationKind = { 株式会社: '01', 有限会社: '02', 合同会社: '05' } as const;
/** Registry office codes (the first four digits), a few of the real ones' shape. */
const registryOffices = ['0104', '0105', '0106', '0110', '0111', '0113', '1200', '1203', '1803', '3700', '4000', '1100', '6000', '7010'];

/** A 登録番号: "T" + the check digit + the 12-digit 基礎番号 (shared/invoice-number.ts). */
export function registrationNumber(rng: Rng, kind: 'company' | 'person', form: keyof typeof organisationKind = '株式会社'): string {
  const digits = (count: number) => Array.from({ length: count }, () => rng.int(0, 9)).join('');
  // Individuals' numbers seen in public material have base digits starting with 8, outside the 法人番号 ranges.
  const base = kind === 'person' ? `8${digits(11)}` : `${rng.pick(registryOffices)}${organisationKind[form]}${digits(6)}`;
  return `T${corporateCheckDigit(base)}${base}`;
}

interface Place { postcode: string; ja: string; en: string; area: string }
const places: Place[] = [
  { postcode: '160-0023', ja: '東京都新宿区西新宿', en: 'Nishi-Shinjuku, Shinjuku-ku, Tokyo', area: '03' },
  { postcode: '100-0005', ja: '東京都千代田区丸の内', en: 'Marunouchi, Chiyoda-ku, Tokyo', area: '03' },
  { postcode: '150-0002', ja: '東京都渋谷区渋谷', en: 'Shibuya, Shibuya-ku, Tokyo', area: '03' },
  { postcode: '105-0011', ja: '東京都港区芝公園', en: 'Shibakoen, Minato-ku, Tokyo', area: '03' },
  { postcode: '530-0001', ja: '大阪府大阪市北区梅田', en: 'Umeda, Kita-ku, Osaka', area: '06' },
  { postcode: '460-0008', ja: '愛知県名古屋市中区栄', en: 'Sakae, Naka-ku, Nagoya, Aichi', area: '052' },
  { postcode: '812-0011', ja: '福岡県福岡市博多区博多駅前', en: 'Hakataekimae, Hakata-ku, Fukuoka', area: '092' },
  { postcode: '060-0001', ja: '北海道札幌市中央区北一条西', en: 'Kita 1-jo Nishi, Chuo-ku, Sapporo, Hokkaido', area: '011' },
  { postcode: '980-0811', ja: '宮城県仙台市青葉区一番町', en: 'Ichibancho, Aoba-ku, Sendai, Miyagi', area: '022' },
  { postcode: '220-0012', ja: '神奈川県横浜市西区みなとみらい', en: 'Minatomirai, Nishi-ku, Yokohama, Kanagawa', area: '045' },
  { postcode: '600-8216', ja: '京都府京都市下京区東塩小路町', en: 'Higashishiokojicho, Shimogyo-ku, Kyoto', area: '075' },
  { postcode: '730-0011', ja: '広島県広島市中区基町', en: 'Motomachi, Naka-ku, Hiroshima', area: '082' },
  { postcode: '330-0854', ja: '埼玉県さいたま市大宮区桜木町', en: 'Sakuragicho, Omiya-ku, Saitama', area: '048' },
  { postcode: '650-0021', ja: '兵庫県神戸市中央区三宮町', en: 'Sannomiyacho, Chuo-ku, Kobe, Hyogo', area: '078' },
];
const buildingsJa = ['第一ビル', 'センタービル', 'スクエア', 'タワー', '駅前ビル', 'プラザ'];
const buildingsEn = ['Daiichi Bldg.', 'Center Bldg.', 'Square', 'Tower', 'Plaza'];

function telephone(rng: Rng, area: string): string {
  const digits = (count: number) => Array.from({ length: count }, () => rng.int(0, 9)).join('');
  // Ten digits in all: a two-digit area code leaves four and four, a three-digit one three and four.
  return area.length === 2 ? `${area}-${rng.int(1, 9)}${digits(3)}-${digits(4)}` : `${area}-${rng.int(2, 9)}${digits(2)}-${digits(4)}`;
}

function placeOf(rng: Rng, language: 'ja' | 'en'): Pick<Party, 'postcode' | 'address' | 'tel'> {
  const place = rng.pick(places);
  const [chome, ban, go] = [rng.int(1, 9), rng.int(1, 30), rng.int(1, 20)];
  const floor = rng.int(2, 12);
  const withBuilding = rng.chance(0.6);
  const address = language === 'ja'
    ? `${place.ja}${chome}-${ban}-${go}${withBuilding ? ` ${rng.pick(jaCores)}${rng.pick(buildingsJa)} ${floor}F` : ''}`
    : `${withBuilding ? `${rng.pick(buildingsEn)} ${floor}F, ` : ''}${chome}-${ban}-${go} ${place.en} ${place.postcode}`;
  return { postcode: place.postcode, address, tel: telephone(rng, place.area) };
}

/** ㈱, (株) and their kin for the legal forms, as documents abbreviate them. */
function abbreviate(rng: Rng, name: string): string {
  const marks: Record<string, readonly string[]> = { 株式会社: ['㈱', '(株)', '（株）'], 有限会社: ['㈲', '(有)'], 合同会社: ['(同)'] };
  for (const [form, choices] of Object.entries(marks)) {
    if (name.startsWith(form) || name.endsWith(form)) return name.replace(form, rng.pick(choices));
  }
  return name;
}

export interface CompanyOptions { language: 'ja' | 'en'; shop?: boolean; abbreviated?: boolean }

export function company(rng: Rng, options: CompanyOptions): Party {
  if (options.language === 'en') {
    const name = `${rng.pick(enCores)} ${rng.pick(enTrades)} ${rng.pick(enSuffixes)}`;
    return { name, printed: name, kind: 'company', ...placeOf(rng, 'en'), invoiceNumber: registrationNumber(rng, 'company') };
  }
  const core = `${rng.pick(jaCores)}${rng.pick(options.shop ? shopTrades : jaTrades)}`;
  const roll = rng.next();
  const form: keyof typeof organisationKind = roll < 0.75 ? '株式会社' : roll < 0.88 ? '有限会社' : '合同会社';
  // 株式会社 comes before the name (前株) or after it (後株); the other forms mostly before.
  const front = form !== '株式会社' ? rng.chance(0.85) : rng.chance(0.55);
  const name = front ? `${form}${core}` : `${core}${form}`;
  return {
    name,
    printed: options.abbreviated ? abbreviate(rng, name) : name,
    kind: 'company',
    ...placeOf(rng, 'ja'),
    invoiceNumber: registrationNumber(rng, 'company', form),
  };
}

export function person(rng: Rng): Party {
  const name = `${rng.pick(surnames)} ${rng.pick(givenNames)}`;
  return { name, printed: name, kind: 'person', ...placeOf(rng, 'ja'), invoiceNumber: registrationNumber(rng, 'person') };
}

// --- line items and totals ----------------------------------------------------------------------

interface Goods { description: string; unit: string; price: readonly [number, number]; quantity: readonly [number, number] }
type Catalogue = Record<TaxRate, readonly Goods[]>;

const g = (description: string, unit: string, price: [number, number], quantity: [number, number] = [1, 3]): Goods => ({ description, unit, price, quantity });

const catalogues: Record<'ja' | 'en', Record<Layout['features']['priceScale'], Catalogue>> = {
  ja: {
    business: {
      10: [
        g('システム保守費用', '月', [30_000, 150_000], [1, 3]), g('Webサイト制作費', '式', [100_000, 600_000], [1, 1]),
        g('コンサルティング料', '時間', [8_000, 25_000], [2, 40]), g('コピー用紙 A4 500枚×5冊', '箱', [2_000, 4_500], [1, 10]),
        g('トナーカートリッジ', '本', [6_000, 18_000], [1, 6]), g('ノートPC', '台', [80_000, 220_000], [1, 5]),
        g('出張交通費', '式', [1_000, 30_000], [1, 1]), g('翻訳料', '件', [10_000, 80_000], [1, 4]),
        g('デザイン料', '式', [30_000, 300_000], [1, 1]), g('配送料', '件', [800, 5_000], [1, 8]),
        g('会議室利用料', '時間', [3_000, 12_000], [1, 8]), g('ソフトウェアライセンス', 'ライセンス', [5_000, 60_000], [1, 20]),
      ],
      8: [
        g('会議用弁当', '個', [800, 1_500], [5, 30]), g('お茶 500ml', '本', [100, 160], [10, 48]),
        g('菓子詰合せ', '箱', [1_500, 5_000], [1, 6]), g('コーヒー豆 1kg', '袋', [2_000, 4_500], [1, 6]),
        g('ミネラルウォーター 2L', '本', [120, 250], [6, 24]), g('新聞定期購読料', '月', [3_000, 4_900], [1, 1]),
      ],
    },
    shop: {
      10: [g('ボールペン 黒', '本', [110, 330], [1, 10]), g('大学ノート B5', '冊', [150, 400], [1, 10]), g('USBメモリ 32GB', '個', [980, 2_980]),
        g('乾電池 単3 8本', 'パック', [498, 1_280]), g('ファイル A4', '冊', [198, 660], [1, 10]), g('ハードカバー書籍', '冊', [1_500, 3_800])],
      8: [g('ランチセット', '食', [980, 1_800], [1, 4]), g('焼菓子ギフト', '箱', [1_080, 3_240]), g('コーヒー豆 200g', '袋', [980, 1_980]),
        g('サンドイッチ', '個', [380, 680], [1, 6]), g('日本茶 ティーバッグ', '袋', [398, 980])],
    },
    till: {
      10: [g('レジ袋 L', '枚', [3, 5], [1, 2]), g('台所用洗剤', '個', [198, 398]), g('ティッシュ 5箱', '個', [298, 498]),
        g('乾電池 単3 4本', '個', [398, 698]), g('歯ブラシ', '本', [98, 298])],
      8: [g('おにぎり 鮭', '個', [120, 180]), g('緑茶 500ml', '本', [98, 158]), g('食パン 6枚切', '個', [158, 258]),
        g('牛乳 1000ml', '本', [198, 268]), g('サラダ', '個', [198, 398]), g('唐揚げ弁当', '個', [398, 598]),
        g('バナナ', '房', [98, 198]), g('ヨーグルト', '個', [98, 178]), g('缶コーヒー', '本', [110, 140])],
    },
  },
  en: {
    business: {
      10: [g('Consulting services', 'hour', [8_000, 25_000], [2, 40]), g('Software license (annual)', 'seat', [5_000, 60_000], [1, 20]),
        g('Website maintenance', 'month', [30_000, 120_000]), g('Cloud hosting', 'month', [10_000, 80_000]),
        g('Translation (JA-EN)', 'job', [10_000, 80_000], [1, 4]), g('Design work', 'lot', [30_000, 300_000], [1, 1]),
        g('Shipping and handling', 'lot', [800, 5_000], [1, 1])],
      8: [g('Coffee beans 1kg', 'bag', [2_000, 4_500], [1, 6]), g('Bottled water 2L', 'bottle', [120, 250], [6, 24]),
        g('Catered lunch boxes', 'box', [800, 1_500], [5, 30])],
    },
    shop: { 10: [], 8: [] },
    till: { 10: [], 8: [] },
  },
};

function lineItems(rng: Rng, layout: Layout): LineItem[] {
  const catalogue = catalogues[layout.language][layout.features.priceScale];
  const count = rng.int(layout.features.items[0], layout.features.items[1]);
  const reduced = rng.chance(layout.features.reducedRate);
  // With 8% goods, some of both rates (at least one 10% line when there are two lines or more).
  const reducedCount = !reduced ? 0 : count === 1 ? 1 : rng.int(1, Math.max(1, count - 1));
  const picks = [
    ...rng.sample(catalogue[10], count - reducedCount).map((goods) => [goods, 10] as const),
    ...rng.sample(catalogue[8], reducedCount).map((goods) => [goods, 8] as const),
  ];
  const rounding = layout.features.priceScale === 'business' ? 100 : 1;
  return rng.sample(picks, picks.length).map(([goods, rate]) => {
    const unitPrice = Math.max(1, Math.round(rng.int(goods.price[0], goods.price[1]) / rounding) * rounding);
    const quantity = rng.int(goods.quantity[0], goods.quantity[1]);
    return { description: goods.description, quantity, unit: goods.unit, unitPrice, rate, amount: quantity * unitPrice };
  });
}

/** Sums, the tax per rate (rounded down once per rate), the total and the amount asked for. */
export function computeTotals(
  items: readonly LineItem[],
  options: { mode: Totals['mode']; discount?: number; discountRate?: TaxRate; withholding?: boolean; carried?: Totals['carried'] },
): Totals {
  const itemsSum = items.reduce((sum, item) => sum + item.amount, 0);
  const discount = options.discount ?? 0;
  const discountRate = options.discountRate ?? 10;
  const byRate: TaxLine[] = ([10, 8] as const).flatMap((rate) => {
    const sum = items.filter((item) => item.rate === rate).reduce((total, item) => total + item.amount, 0);
    if (sum === 0) return [];
    const base = sum - (rate === discountRate ? discount : 0);
    const tax = options.mode === 'exclusive' ? Math.floor((base * rate) / 100) : Math.floor((base * rate) / (100 + rate));
    return [{ rate, base, tax }];
  });
  const subtotal = itemsSum - discount;
  const tax = byRate.reduce((sum, line) => sum + line.tax, 0);
  const total = options.mode === 'exclusive' ? subtotal + tax : subtotal;
  // 所得税法204条: 10.21% of the fee (the consumption tax shown apart is left out), rounded down.
  const fee = options.mode === 'exclusive' ? subtotal : subtotal - tax;
  const withholding = options.withholding ? Math.floor((fee * 1021) / 10_000) : 0;
  const carried = options.carried?.carried ?? 0;
  return { mode: options.mode, itemsSum, discount, discountRate, subtotal, byRate, tax, total, withholding, carried: options.carried, billed: total - withholding + carried };
}

// --- one document -----------------------------------------------------------------------------

const purposes = ['お品代', '飲食代', '書籍代', '文具代', '会議費', '研修費', 'ご会食代'];
const banks = ['みずほ銀行', '三菱UFJ銀行', '三井住友銀行', 'りそな銀行', 'ゆうちょ銀行', '北洋銀行', '横浜銀行', '福岡銀行'];
const bankBranches = ['本店', '新宿支店', '渋谷支店', '梅田支店', '名古屋支店', '博多支店'];

export interface TruthOptions {
  /** Today in Japan, YYYY-MM-DD: every document date lies in the two years up to it. */
  today: string;
  id: string;
}

/** One document's truth for a layout, from the layout's features. */
export function generateTruth(rng: Rng, layout: Layout, options: TruthOptions): DocumentTruth {
  const features = layout.features;
  const language = layout.language;
  const issueDate = addDays(options.today, -rng.int(0, 729));
  const mode = rng.pick(features.taxModes);
  const withholding = mode === 'exclusive' && rng.chance(features.withholding ?? 0);
  // Withholding is mostly on fees paid to individuals (所得税法204条): a person issues most of those.
  const issuer = withholding && language === 'ja' && rng.chance(0.7)
    ? person(rng)
    : company(rng, { language, shop: features.priceScale !== 'business', abbreviated: rng.chance(features.abbreviatedIssuer ?? 0) });
  if (rng.chance(features.unregisteredIssuer ?? 0)) delete issuer.invoiceNumber;

  let addressee: DocumentTruth['addressee'];
  if (!features.noAddressee) {
    if (rng.chance(features.uesama ?? 0)) {
      addressee = { ...company(rng, { language }), honorific: '上様' };
    } else if (language === 'ja' && rng.chance(features.personAddressee ?? 0)) {
      addressee = { ...person(rng), honorific: '様' };
    } else {
      let party = company(rng, { language });
      // Never the issuer's own name (then neither who issued it nor the own-document swap would be knowable).
      while (party.name === issuer.name) party = company(rng, { language });
      const honorific = language === 'en' ? '' : layout.document === 'receipt' ? '様' : rng.chance(0.85) ? '御中' : '様';
      addressee = { ...party, honorific };
    }
  }
  const showAddresseeNumber = addressee?.kind === 'company' && addressee.honorific !== '上様' && rng.chance(features.addresseeNumber ?? 0);

  const items = lineItems(rng, layout);
  let discount = 0;
  let discountRate: TaxRate = 10;
  if (rng.chance(features.discount ?? 0)) {
    const sums = ([10, 8] as const).map((rate) => [rate, items.filter((item) => item.rate === rate).reduce((sum, item) => sum + item.amount, 0)] as const);
    const [rate, sum] = sums[0]![1] >= sums[1]![1] ? sums[0]! : sums[1]!;
    discountRate = rate;
    const step = features.priceScale === 'till' ? 10 : 100;
    discount = Math.min(sum - 1, Math.max(step, Math.floor((sum * rng.int(3, 10)) / 100 / step) * step));
  }
  let carried: Totals['carried'];
  if (rng.chance(features.carriedOver ?? 0)) {
    const previous = rng.int(10, 500) * 1_000 + rng.int(0, 9) * 100;
    const paid = rng.chance(0.2) ? previous : previous - rng.int(1, Math.floor(previous / 1_000)) * 1_000;
    carried = { previous, paid, carried: previous - paid };
  }
  const totals = computeTotals(items, { mode, discount, discountRate, withholding, carried });

  const [year, month] = dateParts(issueDate);
  let period: DocumentTruth['period'];
  if (rng.chance(features.period ?? 0)) {
    const [periodYear, periodMonth] = month === 1 ? [year - 1, 12] : [year, month - 1];
    period = { from: isoDate(periodYear, periodMonth, 1), to: isoDate(periodYear, periodMonth, lastDayOfMonth(periodYear, periodMonth)) };
  }
  let dueDate: string | undefined;
  if (rng.chance(features.dueDate ?? 0)) {
    // The end of the next month, or 30 days on.
    const [dueYear, dueMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
    dueDate = rng.chance(0.6) ? isoDate(dueYear, dueMonth, lastDayOfMonth(dueYear, dueMonth)) : addDays(issueDate, 30);
  }
  const deliveryDate = layout.document === 'delivery_invoice' ? addDays(issueDate, -rng.int(1, 6)) : undefined;

  const fullWidthDigits = language === 'ja' && rng.chance(features.fullWidthDigits ?? 0);
  const truth: DocumentTruth = {
    id: options.id,
    layout: layout.name,
    language,
    issuer,
    addressee,
    showAddresseeNumber,
    documentNumber: documentNumber(rng, layout, issueDate),
    issueDate,
    dateStyle: rng.pick(features.dateStyles),
    fullWidthDigits,
    dueDate,
    period,
    deliveryDate,
    items,
    totals,
    contact: rng.chance(0.5) ? `${rng.pick(surnames)}` : undefined,
    bank: `${rng.pick(banks)} ${rng.pick(bankBranches)} 普通 ${rng.int(1_000_000, 9_999_999)}`,
  };
  if (layout.document === 'receipt') truth.purpose = rng.pick(purposes);
  if (layout.document === 'till_receipt') {
    truth.time = `${String(rng.int(8, 21)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
    const tendered = rng.chance(0.3) ? totals.total : Math.ceil(totals.total / 1_000) * 1_000 + rng.pick([0, 0, 1_000, 5_000]);
    truth.payment = { tendered, change: tendered - totals.total };
    truth.branch = rng.pick(branches);
  }
  return truth;
}

function documentNumber(rng: Rng, layout: Layout, issueDate: string): string {
  const [year, month] = dateParts(issueDate);
  switch (layout.document) {
    case 'receipt': return String(rng.int(1, 99_999)).padStart(6, '0');
    case 'till_receipt': return String(rng.int(1, 9_999)).padStart(4, '0');
    default: return layout.language === 'en'
      ? `INV-${year}${String(month).padStart(2, '0')}-${String(rng.int(1, 999)).padStart(3, '0')}`
      : `${String(year).slice(2)}${String(month).padStart(2, '0')}-${String(rng.int(1, 9_999)).padStart(4, '0')}`;
  }
}

// --- what a reading should find -----------------------------------------------------------------

/** The bookkeeping fields a reading of the document should offer (shared/schemas/read-fields.ts). */
export interface ExpectedFields {
  transaction_date: string;
  transaction_amount: number;
  provider: string;
  /** None on a till receipt or one addressed 上様. */
  recipient: string | null;
  /** None for an issuer that is not registered. */
  invoice_number: string | null;
}

/**
 * The truth's fields. `own`: the contract reading it is the issuer (its name and T-number set in its
 * common settings), so provider and recipient swap: the addressee is the trading partner.
 * The transaction amount is the document's 税込 total: before 源泉徴収 (a tax the payer withholds,
 * not a smaller transaction), after 値引き, without 前回繰越.
 */
export function expectedFields(truth: DocumentTruth, own = false): ExpectedFields {
  const addressee = truth.addressee && truth.addressee.honorific !== '上様' ? truth.addressee.name : null;
  return {
    transaction_date: truth.issueDate,
    transaction_amount: truth.totals.total,
    provider: own && addressee ? addressee : truth.issuer.name,
    recipient: own && addressee ? truth.issuer.name : addressee,
    invoice_number: truth.issuer.invoiceNumber ?? null,
  };
}
