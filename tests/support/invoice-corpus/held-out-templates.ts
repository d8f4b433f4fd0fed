/**
 * HELD-OUT LAYOUTS: DO NOT READ THIS FILE IF YOU WORK ON THE FIELD PARSERS.
 *
 * These layouts only ever judge the reading (issue 29 "Measured": tune on some layouts, judge on
 * held-out ones). Whoever writes or tunes functions/domain/extraction/ must never open this file,
 * render these layouts, or look at their documents' text or misreadings; the bench
 * (tests/bench/extraction.ts) prints and records only their scores. Once a parser has been changed
 * because of what one of these layouts contains, that layout no longer measures anything new: move
 * it to templates.ts as a tune layout and write a fresh held-out one in its place.
 */
import {
  a4Page, dateOf, digitsOf, h, hasReduced, num, rateLine, sansFonts, serifFonts, yen,
  type Layout,
} from './kit.ts';

// --- 7. 御請求書, compact: issuer top left, key-value header, totals box beside the addressee, 源泉徴収 ---

const compact: Layout = {
  name: 'ja_invoice_compact',
  split: 'held_out',
  language: 'ja',
  document: 'invoice',
  features: {
    dateStyles: ['wareki_short', 'wareki', 'seireki_padded'], fullWidthDigits: 0.15, taxModes: ['exclusive'], reducedRate: 0.2,
    withholding: 0.5, period: 0.4, dueDate: 0.9, addresseeNumber: 0.3, abbreviatedIssuer: 0.4, unregisteredIssuer: 0.1,
    items: [1, 4], priceScale: 'business',
  },
  render: (t) => {
    const a = t.addressee!;
    const totals = t.totals;
    const rows = t.items.map((item) => `<tr><td>${h(item.description)}${item.rate === 8 ? '（※）' : ''}</td><td class="num">${item.quantity} ${h(item.unit)}</td><td class="num">${num(item.unitPrice)}</td><td class="num">${num(item.amount)}</td></tr>`).join('');
    const rates = totals.byRate.map((line) => `${line.rate}%対象 ${yen(line.base)}（消費税 ${yen(line.tax)}）`).join('&#x3000;');
    return a4Page({
      language: 'ja', title: '御請求書', fonts: sansFonts,
      css: `
        .sheet { padding: 12mm 13mm; font-size: 10pt; line-height: 1.35; }
        .top { display: flex; justify-content: space-between; }
        .from .name { font-size: 13pt; font-weight: 700; }
        .from div { font-size: 9pt; }
        .right { text-align: right; }
        h1 { margin: 0 0 2mm; font-size: 17pt; font-weight: 700; border: 1.5px solid #000; padding: 1mm 6mm; display: inline-block; }
        .kv { margin-left: auto; font-size: 9.5pt; }
        .kv th { text-align: left; font-weight: 500; background: #eee; padding: 0.8mm 2mm; border: 1px solid #999; }
        .kv td { padding: 0.8mm 3mm; border: 1px solid #999; }
        .middle { display: flex; justify-content: space-between; margin-top: 6mm; align-items: flex-start; }
        .to .name { font-size: 13pt; text-decoration: underline; text-underline-offset: 1.5mm; white-space: nowrap; }
        .asked { margin-top: 4mm; font-size: 13pt; font-weight: 700; }
        .box { width: 76mm; font-size: 9.5pt; }
        .box th { text-align: left; padding: 0.8mm 2mm; font-weight: 500; border-bottom: 1px solid #bbb; }
        .box td { padding: 0.8mm 2mm; border-bottom: 1px solid #bbb; }
        .box .last th, .box .last td { font-weight: 700; border-bottom: 2px solid #000; }
        .items { width: 100%; margin-top: 6mm; }
        .items th { background: #555; color: #fff; font-weight: 500; padding: 1.2mm 2mm; text-align: left; }
        .items td { padding: 1.6mm 2mm; border-bottom: 1px solid #ddd; }
        .rates { margin-top: 2mm; font-size: 9pt; }
        .foot { margin-top: 7mm; font-size: 9pt; }`,
      body: `<div class="sheet">
        <div class="top">
          <div class="from">
            <div class="name">${h(t.issuer.printed)}</div>
            <div>〒${t.issuer.postcode} ${h(t.issuer.address)}</div>
            <div>TEL ${t.issuer.tel} / FAX ${t.issuer.tel.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10))}</div>
            ${t.issuer.invoiceNumber ? `<div>登録番号 ${t.issuer.invoiceNumber}</div>` : ''}
          </div>
          <div class="right">
            <h1>御請求書</h1>
            <table class="kv">
              <tr><th>請求番号</th><td>${h(t.documentNumber)}</td></tr>
              <tr><th>発行日</th><td>${dateOf(t, t.issueDate)}</td></tr>
              ${t.dueDate ? `<tr><th>支払期限</th><td>${dateOf(t, t.dueDate)}</td></tr>` : ''}
              ${t.period ? `<tr><th>対象期間</th><td>${dateOf(t, t.period.from)}〜${dateOf(t, t.period.to)}</td></tr>` : ''}
            </table>
          </div>
        </div>
        <div class="middle">
          <div class="to">
            <div class="name">${h(a.printed)} ${a.honorific}</div>
            ${t.showAddresseeNumber ? `<div style="font-size:9pt">貴社登録番号 ${a.invoiceNumber}</div>` : ''}
            <div style="margin-top:2mm">平素は格別のお引き立てを賜り、厚く御礼申し上げます。</div>
            <div class="asked">ご請求額&#x3000;${yen(totals.billed)}（税込）</div>
          </div>
          <table class="box">
            <tr><th>小計</th><td class="num">${num(totals.subtotal)}円</td></tr>
            <tr><th>消費税等</th><td class="num">${num(totals.tax)}円</td></tr>
            <tr class="${totals.withholding ? '' : 'last'}"><th>合計</th><td class="num">${num(totals.total)}円</td></tr>
            ${totals.withholding ? `<tr><th>源泉徴収税額（10.21%）</th><td class="num">△${num(totals.withholding)}円</td></tr><tr class="last"><th>差引ご請求額</th><td class="num">${num(totals.billed)}円</td></tr>` : ''}
          </table>
        </div>
        <table class="items">
          <thead><tr><th style="width:52%">摘要</th><th>数量</th><th>単価</th><th>金額</th></tr></thead>
          <tbody>${rows}</tbody>
        </table>
        <div class="rates">${rates}${hasReduced(t) ? '&#x3000;※は軽減税率適用' : ''}</div>
        <div class="foot">振込先&#x3000;${h(t.bank ?? '')}${t.contact ? `<br>担当：${h(t.contact)}` : ''}</div>
      </div>`,
    });
  },
};

/** This layout marks 8% items with ★ rather than ※. */
const mark8 = (rate: number) => (rate === 8 ? '★' : '');

// --- 8. 請求書, tax-inclusive prices: letterhead across the top, totals box first, zebra table ---

const inclusive: Layout = {
  name: 'ja_invoice_inclusive',
  split: 'held_out',
  language: 'ja',
  document: 'invoice',
  features: {
    dateStyles: ['seireki', 'seireki_padded', 'wareki'], fullWidthDigits: 0.3, taxModes: ['inclusive'], reducedRate: 0.5, discount: 0.3,
    carriedOver: 0.3, dueDate: 0.8, addresseeNumber: 0.3, personAddressee: 0.15, abbreviatedIssuer: 0.3, unregisteredIssuer: 0.1,
    items: [2, 6], priceScale: 'business',
  },
  render: (t) => {
    const a = t.addressee!;
    const totals = t.totals;
    const rows = t.items.map((item, index) => `<tr class="${index % 2 ? 'odd' : ''}"><td>${mark8(item.rate)}${h(item.description)}</td><td class="num">${item.quantity}</td><td class="num">${num(item.unitPrice)}</td><td class="num">${num(item.amount)}</td></tr>`).join('');
    const ten = rateLine(t, 10);
    const eight = rateLine(t, 8);
    return a4Page({
      language: 'ja', title: '請求書', fonts: serifFonts,
      css: `
        .sheet { padding: 10mm 15mm; }
        .letterhead { text-align: center; border-bottom: 1px solid #666; padding-bottom: 2mm; }
        .letterhead .name { font-size: 16pt; font-weight: 700; letter-spacing: 0.1em; }
        .letterhead .line { font-size: 8.5pt; }
        .row { display: flex; justify-content: space-between; margin-top: 6mm; }
        h1 { font-size: 18pt; margin: 0; letter-spacing: 0.4em; }
        .to { text-align: right; }
        .to .name { font-size: 13pt; font-weight: 700; white-space: nowrap; }
        .sum { margin-top: 4mm; border: 1px solid #000; width: 100mm; }
        .sum th { background: #000; color: #fff; text-align: left; padding: 1.5mm 3mm; font-weight: 500; }
        .sum td { padding: 1.5mm 3mm; font-size: 14pt; font-weight: 700; }
        .sum .small td, .sum .small th { font-size: 9.5pt; font-weight: 400; background: #fff; color: #000; border-top: 1px solid #ccc; }
        .items { width: 100%; margin-top: 6mm; font-size: 9.5pt; }
        .items th { border-top: 1.5px solid #000; border-bottom: 1.5px solid #000; padding: 1mm 2mm; font-weight: 500; }
        .items td { padding: 1mm 2mm; }
        .items .odd td { background: #f0f0f0; }
        .items tfoot td { border-top: 1.5px solid #000; }
        .breakdown { margin-top: 3mm; font-size: 9pt; }
        .foot { margin-top: 6mm; font-size: 9pt; }`,
      body: `<div class="sheet">
        <div class="letterhead">
          <div class="name">${h(t.issuer.printed)}</div>
          <div class="line">〒${t.issuer.postcode} ${h(t.issuer.address)}&#x3000;電話 ${t.issuer.tel}${t.issuer.invoiceNumber ? `&#x3000;登録番号 ${t.issuer.invoiceNumber}` : ''}</div>
        </div>
        <div class="row">
          <div>
            <h1>請求書</h1>
            <div>日付&#x3000;${dateOf(t, t.issueDate)}</div>
            <div>番号&#x3000;${h(t.documentNumber)}</div>
          </div>
          <div class="to">
            <div class="name">${h(a.printed)}&#x3000;${a.honorific}</div>
            <div style="font-size:9pt">〒${a.postcode} ${h(a.address)}</div>
            ${t.showAddresseeNumber ? `<div style="font-size:9pt">登録番号 ${a.invoiceNumber}</div>` : ''}
          </div>
        </div>
        <table class="sum">
          <tr><th>合計金額（税込）</th><td class="num">${digitsOf(t, `${num(totals.total)}`)}円</td></tr>
          <tr class="small"><th>うち消費税</th><td class="num">${num(totals.tax)}円</td></tr>
          ${totals.carried ? `<tr class="small"><th>前回繰越額</th><td class="num">${num(totals.carried.carried)}円</td></tr><tr class="small"><th>今回ご請求額（繰越含む）</th><td class="num">${num(totals.billed)}円</td></tr>` : ''}
        </table>
        ${t.dueDate ? `<div style="margin-top:2mm">お支払期日&#x3000;${dateOf(t, t.dueDate)}まで</div>` : ''}
        <table class="items">
          <thead><tr><th style="width:56%;text-align:left">内容</th><th>数量</th><th>単価（税込）</th><th>金額（税込）</th></tr></thead>
          <tbody>${rows}${totals.discount ? `<tr><td>お値引き</td><td></td><td></td><td class="num">-${num(totals.discount)}</td></tr>` : ''}</tbody>
          <tfoot><tr><td>計</td><td></td><td></td><td class="num">${num(totals.total)}</td></tr></tfoot>
        </table>
        <div class="breakdown">
          ${ten ? `<div>10%対象 ${num(ten.base)}円（うち消費税 ${num(ten.tax)}円）</div>` : ''}
          ${eight ? `<div>8%対象 ${num(eight.base)}円（うち消費税 ${num(eight.tax)}円）&#x3000;★印は軽減税率対象</div>` : ''}
        </div>
        <div class="foot">お振込先&#x3000;${h(t.bank ?? '')}</div>
      </div>`,
    });
  },
};

// --- 9. 領収証, simple: a short card, 上様 on some, the amount in a framed box ----------------------------

const simpleReceipt: Layout = {
  name: 'ja_receipt_simple',
  split: 'held_out',
  language: 'ja',
  document: 'receipt',
  features: {
    dateStyles: ['slash', 'seireki_padded'], taxModes: ['inclusive'], reducedRate: 0.4, abbreviatedIssuer: 0.5, personAddressee: 0.3,
    uesama: 0.25, unregisteredIssuer: 0.1, items: [1, 3], priceScale: 'shop',
  },
  render: (t) => {
    const a = t.addressee!;
    const totals = t.totals;
    const addressed = a.honorific === '上様' ? '上様' : `${h(a.printed)} 様`;
    const breakdown = totals.byRate.map((line) => `<div>${line.rate === 8 ? '軽減税率8%' : '標準税率10%'}対象 ${yen(line.base)} / 消費税額 ${yen(line.tax)}</div>`).join('');
    return a4Page({
      language: 'ja', title: '領収証', fonts: sansFonts,
      css: `
        .card { margin: 20mm 22mm; border: 1px solid #444; padding: 7mm 9mm; width: 160mm; }
        h1 { text-align: center; font-size: 18pt; margin: 0 0 5mm; letter-spacing: 0.5em; border-bottom: 3px solid #444; padding-bottom: 1mm; }
        .head { display: flex; justify-content: space-between; font-size: 10pt; }
        .to { font-size: 13pt; margin-top: 4mm; white-space: nowrap; }
        .amount { border: 2px solid #000; text-align: center; margin: 4mm 12mm; padding: 3mm; font-size: 19pt; font-weight: 700; }
        .small { font-size: 9pt; }
        .lower { display: flex; justify-content: space-between; margin-top: 5mm; align-items: flex-end; }
        .seal { width: 16mm; height: 16mm; border: 1.5px solid #c33; border-radius: 50%; color: #c33; text-align: center; line-height: 16mm; font-size: 10pt; }`,
      body: `<div class="card">
        <h1>領収証</h1>
        <div class="head"><span>No.${t.documentNumber}</span><span>${dateOf(t, t.issueDate)}</span></div>
        <div class="to">${addressed}</div>
        <div class="amount">${yen(totals.total)}-</div>
        <div>但 ${h(t.purpose ?? 'お品代')}として（税込）</div>
        <div>上記の金額正に領収致しました</div>
        <div class="lower">
          <div class="small">${breakdown}</div>
          <div class="small" style="text-align:right">
            <div style="font-size:11pt;font-weight:700">${h(t.issuer.printed)}</div>
            <div>${h(t.issuer.address)}</div>
            <div>電話 ${t.issuer.tel}</div>
            ${t.issuer.invoiceNumber ? `<div>登録番号 ${t.issuer.invoiceNumber}</div>` : ''}
          </div>
          <div class="seal">印</div>
        </div>
      </div>`,
    });
  },
};

// --- 10. English tax invoice: details column left, service period, previous balance, amount due ---

const englishModern: Layout = {
  name: 'en_invoice_modern',
  split: 'held_out',
  language: 'en',
  document: 'invoice',
  features: {
    dateStyles: ['dmy', 'en_long'], taxModes: ['exclusive'], reducedRate: 0.4, discount: 0.4, carriedOver: 0.3, period: 0.5, dueDate: 1,
    addresseeNumber: 0.4, unregisteredIssuer: 0.05, items: [2, 5], priceScale: 'business',
  },
  render: (t) => {
    const a = t.addressee!;
    const totals = t.totals;
    const rows = t.items.map((item) => `<tr><td>${h(item.description)}</td><td class="num">${item.quantity} ${h(item.unit)}</td><td class="num">${num(item.unitPrice)}</td><td>${item.rate === 8 ? '8% (reduced)' : '10%'}</td><td class="num">${num(item.amount)}</td></tr>`).join('');
    const taxRows = totals.byRate.map((line) => `<tr><th>Taxable at ${line.rate}%</th><td class="num">${yen(line.base)}</td></tr><tr><th>Consumption tax ${line.rate}%</th><td class="num">${yen(line.tax)}</td></tr>`).join('');
    return a4Page({
      language: 'en', title: 'Tax Invoice', fonts: serifFonts,
      css: `
        .sheet { display: flex; min-height: 297mm; }
        aside { width: 58mm; background: #eef1f4; padding: 14mm 7mm; font-size: 9pt; }
        aside h3 { font-size: 8pt; letter-spacing: 0.1em; text-transform: uppercase; margin: 6mm 0 1mm; color: #445; }
        main { flex: 1; padding: 14mm 11mm; }
        .issuer { font-size: 15pt; font-weight: 700; white-space: nowrap; }
        h1 { font-size: 22pt; margin: 4mm 0 6mm; font-weight: 400; }
        .billed { font-size: 9.5pt; margin-bottom: 5mm; }
        .billed .label { font-size: 8pt; letter-spacing: 0.1em; text-transform: uppercase; color: #445; }
        .facts td { padding: 0.6mm 4mm 0.6mm 0; font-size: 9.5pt; }
        .items { width: 100%; margin-top: 8mm; font-size: 9.5pt; }
        .items th { text-align: left; border-bottom: 1px solid #000; padding: 1.5mm; font-weight: 700; }
        .items td { padding: 1.5mm; border-bottom: 1px solid #ddd; }
        .totals { margin: 5mm 0 0 auto; width: 80%; font-size: 9.5pt; }
        .totals th { text-align: left; font-weight: 400; padding: 0.8mm 2mm; }
        .totals td { padding: 0.8mm 2mm; }
        .totals .grand th, .totals .grand td { font-weight: 700; border-top: 1px solid #000; font-size: 11pt; }
        .totals .due th, .totals .due td { font-weight: 700; background: #eef1f4; font-size: 12pt; }`,
      body: `<div class="sheet">
        <aside>
          <h3>From</h3>
          <div>${h(t.issuer.address)}</div>
          <div>Phone ${t.issuer.tel}</div>
          ${t.issuer.invoiceNumber ? `<h3>Qualified invoice issuer</h3><div>${t.issuer.invoiceNumber}</div>` : ''}
          <h3>Payment</h3>
          <div>Bank transfer, in JPY</div>
        </aside>
        <main>
          <div class="issuer">${h(t.issuer.printed)}</div>
          <h1>Tax Invoice</h1>
          <div class="billed">
            <div class="label">Billed to</div>
            <div style="font-weight:700;white-space:nowrap">${h(a.printed)}</div>
            <div>${h(a.address)}</div>
            ${t.showAddresseeNumber ? `<div>Customer reg. no. ${a.invoiceNumber}</div>` : ''}
          </div>
          <table class="facts">
            <tr><td>Invoice number</td><td>${h(t.documentNumber)}</td></tr>
            <tr><td>Issue date</td><td>${dateOf(t, t.issueDate)}</td></tr>
            ${t.period ? `<tr><td>Service period</td><td>${dateOf(t, t.period.from)} – ${dateOf(t, t.period.to)}</td></tr>` : ''}
            ${t.dueDate ? `<tr><td>Payment due</td><td>${dateOf(t, t.dueDate)}</td></tr>` : ''}
          </table>
          <table class="items">
            <thead><tr><th style="width:40%">Item</th><th>Quantity</th><th>Unit price (¥)</th><th>Tax rate</th><th>Amount (¥)</th></tr></thead>
            <tbody>${rows}</tbody>
          </table>
          <table class="totals">
            <tr><th>Net amount</th><td class="num">${yen(totals.itemsSum)}</td></tr>
            ${totals.discount ? `<tr><th>Discount</th><td class="num">(${yen(totals.discount)})</td></tr>` : ''}
            ${taxRows}
            <tr class="grand"><th>Invoice total</th><td class="num">${yen(totals.total)}</td></tr>
            ${totals.carried ? `<tr><th>Previous balance</th><td class="num">${yen(totals.carried.previous)}</td></tr><tr><th>Payments received</th><td class="num">(${yen(totals.carried.paid)})</td></tr><tr class="due"><th>Amount due</th><td class="num">${yen(totals.billed)}</td></tr>` : ''}
          </table>
          ${hasReduced(t) ? '<div style="margin-top:6mm;font-size:8.5pt">Items at 8% are subject to the reduced tax rate.</div>' : ''}
        </main>
      </div>`,
    });
  },
};

/** The layouts that only judge (see the top of this file). */
export const heldOutLayouts: readonly Layout[] = [compact, inclusive, simpleReceipt, englishModern];
