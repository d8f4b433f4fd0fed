/**
 * The corpus's document layouts (issue 29 "Measured"): functions from a DocumentTruth to an A4 HTML
 * page, each with the features its truths may have (generate.ts reads them).
 *
 * TUNE AND HELD-OUT. The layouts in this file are `tune`: the field parsers' authors may look at
 * them, at their rendered documents and at the bench's misreadings of them while tuning. The
 * `held_out` layouts live in held-out-templates.ts: a parser author must NEVER open that file, render
 * its layouts or read their documents' text while tuning; the bench reports only their scores. A
 * parser and a generator that share templates score 99% by construction: the held-out score is the
 * one that says how the reading does on documents it has never seen. Changing a held-out layout
 * after tuning against its failures makes it a tune layout: move it here and write a new held-out one.
 */
import { heldOutLayouts } from './held-out-templates.ts';
import {
  a4Page, brandOf, dateOf, digitsOf, h, hasReduced, num, rateLine, sansFonts, serifFonts, weekdayJa, yen,
  type DocumentTruth, type Layout, type LineItem,
} from './kit.ts';

const mark = (item: LineItem) => (item.rate === 8 ? '※' : '');
/** Empty rows after the items, so short invoices keep a table of the usual height. */
const fillerRows = (count: number, cells: number) => Array.from({ length: Math.max(0, count) }, () => `<tr>${'<td>&nbsp;</td>'.repeat(cells)}</tr>`).join('');

// --- 1. 請求書: title centred, addressee left, issuer right, ご請求金額 box, totals under the table ---

const classic: Layout = {
  name: 'ja_invoice_classic',
  split: 'tune',
  language: 'ja',
  document: 'invoice',
  features: {
    dateStyles: ['seireki', 'slash', 'wareki'], fullWidthDigits: 0.1, taxModes: ['exclusive'], reducedRate: 0.4, discount: 0.25,
    withholding: 0.15, dueDate: 0.9, addresseeNumber: 0.15, abbreviatedIssuer: 0.2, unregisteredIssuer: 0.1, items: [2, 6], priceScale: 'business',
  },
  render: (t) => {
    const a = t.addressee!;
    const totals = t.totals;
    const rows = t.items.map((item) => `<tr><td>${mark(item)}${h(item.description)}</td><td class="num">${item.quantity}</td><td>${h(item.unit)}</td><td class="num">${num(item.unitPrice)}</td><td class="num">${num(item.amount)}</td></tr>`).join('');
    const discountRow = totals.discount ? `<tr><td>値引き</td><td></td><td></td><td></td><td class="num">-${num(totals.discount)}</td></tr>` : '';
    const rateRows = totals.byRate.map((line) => `<div>${line.rate}%対象&#x3000;${yen(line.base)}&#x3000;消費税&#x3000;${yen(line.tax)}</div>`).join('');
    return a4Page({
      language: 'ja', title: '請求書', fonts: sansFonts,
      css: `
        .sheet { padding: 18mm 16mm; }
        h1 { text-align: center; font-size: 22pt; letter-spacing: 0.6em; margin: 0 0 6mm; font-weight: 700; }
        .meta { text-align: right; font-size: 10pt; }
        .head { display: flex; justify-content: space-between; margin-top: 6mm; }
        .to { width: 57%; }
        .addressee { font-size: 14pt; border-bottom: 1px solid #222; padding-bottom: 1mm; white-space: nowrap; }
        .from { width: 39%; font-size: 9.5pt; }
        .issuer { font-size: 12.5pt; font-weight: 700; margin-bottom: 1mm; }
        .billed { margin-top: 4mm; border: 2px solid #222; }
        .billed th { background: #eee; padding: 2mm 4mm; font-weight: 700; }
        .billed td { padding: 2mm 6mm; font-size: 15pt; font-weight: 700; }
        .items { width: 100%; margin-top: 8mm; }
        .items th { background: #dfe6ee; border: 1px solid #555; padding: 1.5mm; font-weight: 500; }
        .items td { border: 1px solid #888; padding: 1.5mm 2mm; }
        .bottom { display: flex; justify-content: space-between; margin-top: 4mm; }
        .notes { font-size: 9pt; width: 50%; }
        .totals { width: 42%; }
        .totals th { text-align: left; border: 1px solid #888; background: #f3f3f3; padding: 1.5mm 2mm; font-weight: 500; }
        .totals td { border: 1px solid #888; padding: 1.5mm 2mm; }
        .totals .grand th, .totals .grand td { font-weight: 700; }
        .bank { margin-top: 10mm; font-size: 9.5pt; }`,
      body: `<div class="sheet">
        <h1>請求書</h1>
        <div class="meta"><div>請求書番号&#x3000;${h(t.documentNumber)}</div><div>請求日&#x3000;${dateOf(t, t.issueDate)}</div></div>
        <div class="head">
          <div class="to">
            <div class="addressee">${h(a.printed)}&#x3000;${a.honorific}</div>
            ${t.showAddresseeNumber ? `<div>登録番号&#x3000;${a.invoiceNumber}</div>` : ''}
            <p>下記のとおりご請求申し上げます。</p>
            <table class="billed"><tr><th>ご請求金額</th><td>${yen(totals.billed)}-</td></tr></table>
            <div>（税込）</div>
            ${t.dueDate ? `<div>お支払期限&#x3000;${dateOf(t, t.dueDate)}</div>` : ''}
          </div>
          <div class="from">
            <div class="issuer">${h(t.issuer.printed)}</div>
            <div>〒${t.issuer.postcode}</div><div>${h(t.issuer.address)}</div><div>TEL ${t.issuer.tel}</div>
            ${t.issuer.invoiceNumber ? `<div>登録番号&#x3000;${t.issuer.invoiceNumber}</div>` : ''}
            ${t.contact ? `<div>担当&#x3000;${h(t.contact)}</div>` : ''}
          </div>
        </div>
        <table class="items">
          <thead><tr><th style="width:46%">品名</th><th>数量</th><th>単位</th><th>単価</th><th>金額</th></tr></thead>
          <tbody>${rows}${discountRow}${fillerRows(7 - t.items.length, 5)}</tbody>
        </table>
        <div class="bottom">
          <div class="notes">${hasReduced(t) ? '<div>※印は軽減税率（8%）対象品目です。</div>' : ''}${rateRows}</div>
          <table class="totals">
            <tr><th>小計</th><td class="num">${yen(totals.subtotal)}</td></tr>
            <tr><th>消費税</th><td class="num">${yen(totals.tax)}</td></tr>
            <tr class="grand"><th>合計</th><td class="num">${yen(totals.total)}</td></tr>
            ${totals.withholding ? `<tr><th>源泉徴収税</th><td class="num">-${yen(totals.withholding)}</td></tr><tr class="grand"><th>差引ご請求額</th><td class="num">${yen(totals.billed)}</td></tr>` : ''}
          </table>
        </div>
        <div class="bank">お振込先：${h(t.bank ?? '')}<br>恐れ入りますが、振込手数料は貴社にてご負担ください。</div>
      </div>`,
    });
  },
};

// --- 2. 御請求書 (monthly statement): issuer left, ご利用期間, 前回繰越 summary, dated rows ---------

/** The statement's rows carry dates within its period (never the document's date). */
function rowDates(t: DocumentTruth): string[] {
  const period = t.period ?? { from: t.issueDate, to: t.issueDate };
  const span = Math.max(0, Math.round((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000));
  return t.items.map((_, index) => {
    const offset = Math.floor(((index + 1) * span) / (t.items.length + 1));
    return new Date(Date.parse(period.from) + offset * 86_400_000).toISOString().slice(0, 10);
  });
}

const statement: Layout = {
  name: 'ja_invoice_statement',
  split: 'tune',
  language: 'ja',
  document: 'statement',
  features: {
    dateStyles: ['wareki', 'seireki_padded', 'slash'], taxModes: ['exclusive'], reducedRate: 0.5, carriedOver: 0.8, period: 1,
    dueDate: 0.7, abbreviatedIssuer: 0.4, personAddressee: 0.2, unregisteredIssuer: 0.05, items: [3, 7], priceScale: 'business',
  },
  render: (t) => {
    const a = t.addressee!;
    const totals = t.totals;
    const dates = rowDates(t);
    const rows = t.items.map((item, index) => `<tr><td>${dateOf(t, dates[index]!).replace(/^(令和|R)?\d+[年./]/u, '')}</td><td>${h(item.description)}</td><td class="num">${item.quantity}</td><td class="num">${num(item.unitPrice)}</td><td class="num">${num(item.amount)}</td><td class="c">${item.rate === 8 ? '※8%' : '10%'}</td></tr>`).join('');
    const summary = totals.carried
      ? `<tr><th>前回御請求額</th><th>御入金額</th><th>繰越金額</th><th>今回御買上額</th><th>消費税額</th><th>今回御請求額</th></tr>
         <tr><td class="num">${num(totals.carried.previous)}</td><td class="num">${num(totals.carried.paid)}</td><td class="num">${num(totals.carried.carried)}</td><td class="num">${num(totals.subtotal)}</td><td class="num">${num(totals.tax)}</td><td class="num strong">${num(totals.billed)}</td></tr>`
      : `<tr><th>今回御買上額</th><th>消費税額</th><th>今回御請求額</th></tr>
         <tr><td class="num">${num(totals.subtotal)}</td><td class="num">${num(totals.tax)}</td><td class="num strong">${num(totals.billed)}</td></tr>`;
    const ten = rateLine(t, 10);
    const eight = rateLine(t, 8);
    return a4Page({
      language: 'ja', title: '御請求書', fonts: sansFonts,
      css: `
        .sheet { padding: 14mm 14mm; }
        header { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 3px solid #2c4a6e; padding-bottom: 3mm; }
        .issuer .name { font-size: 14pt; font-weight: 700; color: #2c4a6e; }
        .issuer div { font-size: 9pt; }
        .title { text-align: right; }
        .title h1 { margin: 0; font-size: 20pt; letter-spacing: 0.3em; }
        .title div { font-size: 9.5pt; }
        .to { margin-top: 7mm; font-size: 14pt; white-space: nowrap; }
        .to small { display: block; font-size: 9pt; color: #444; }
        .period { margin-top: 3mm; font-size: 10pt; }
        .summary { width: 100%; margin-top: 5mm; }
        .summary th { background: #2c4a6e; color: #fff; font-weight: 500; padding: 1.5mm; border: 1px solid #2c4a6e; font-size: 9.5pt; }
        .summary td { border: 1px solid #2c4a6e; padding: 2mm; font-size: 11pt; }
        .strong { font-weight: 700; font-size: 12.5pt; }
        .items { width: 100%; margin-top: 7mm; font-size: 9.5pt; }
        .items th { border-bottom: 2px solid #2c4a6e; padding: 1.2mm; font-weight: 500; text-align: left; }
        .items td { border-bottom: 1px solid #c9d3de; padding: 1.2mm; }
        .c { text-align: center; }
        .totals { margin: 5mm 0 0 auto; width: 55%; font-size: 10pt; }
        .totals th { text-align: left; padding: 1mm 2mm; font-weight: 500; border-bottom: 1px dotted #999; }
        .totals td { padding: 1mm 2mm; border-bottom: 1px dotted #999; }
        .totals .grand th, .totals .grand td { font-weight: 700; border-bottom: 2px solid #2c4a6e; }
        .foot { margin-top: 8mm; font-size: 9pt; }`,
      body: `<div class="sheet">
        <header>
          <div class="issuer">
            <div class="name">${h(t.issuer.printed)}</div>
            <div>〒${t.issuer.postcode}&#x3000;${h(t.issuer.address)}</div>
            <div>TEL ${t.issuer.tel}</div>
            ${t.issuer.invoiceNumber ? `<div>適格請求書発行事業者登録番号&#x3000;${t.issuer.invoiceNumber}</div>` : ''}
          </div>
          <div class="title"><h1>御請求書</h1><div>発行日&#x3000;${dateOf(t, t.issueDate)}</div><div>請求No.&#x3000;${h(t.documentNumber)}</div></div>
        </header>
        <div class="to">${h(a.printed)}&#x3000;${a.honorific}<small>お客様コード&#x3000;C-${t.documentNumber.slice(-4)}</small></div>
        ${t.period ? `<div class="period">ご利用期間&#x3000;${dateOf(t, t.period.from)} 〜 ${dateOf(t, t.period.to)}</div>` : ''}
        <table class="summary">${summary}</table>
        <table class="items">
          <thead><tr><th>日付</th><th style="width:42%">品名</th><th>数量</th><th>単価</th><th>金額</th><th>税率</th></tr></thead>
          <tbody>${rows}</tbody>
        </table>
        <table class="totals">
          <tr><th>税抜合計</th><td class="num">${yen(totals.subtotal)}</td></tr>
          ${ten ? `<tr><th>10%対象&#x3000;${yen(ten.base)}&#x3000;消費税</th><td class="num">${yen(ten.tax)}</td></tr>` : ''}
          ${eight ? `<tr><th>※8%対象&#x3000;${yen(eight.base)}&#x3000;消費税</th><td class="num">${yen(eight.tax)}</td></tr>` : ''}
          <tr class="grand"><th>今回お買上合計（税込）</th><td class="num">${yen(totals.total)}</td></tr>
        </table>
        <div class="foot">
          ${t.dueDate ? `<div>お支払期限&#x3000;${dateOf(t, t.dueDate)}</div>` : ''}
          <div>お振込先&#x3000;${h(t.bank ?? '')}</div>
          ${eight ? '<div>※は軽減税率対象品目です。</div>' : ''}
        </div>
      </div>`,
    });
  },
};

// --- 3. 領収書 (formal): 金 ¥12,000- 也, 但し…として, 内訳, 収入印紙 box --------------------------------

const formalReceipt: Layout = {
  name: 'ja_receipt_formal',
  split: 'tune',
  language: 'ja',
  document: 'receipt',
  features: {
    dateStyles: ['wareki', 'seireki'], fullWidthDigits: 0.3, taxModes: ['inclusive'], reducedRate: 0.3, abbreviatedIssuer: 0.3,
    personAddressee: 0.3, unregisteredIssuer: 0.1, items: [1, 3], priceScale: 'shop',
  },
  render: (t) => {
    const a = t.addressee!;
    const totals = t.totals;
    const breakdown = totals.byRate.map((line) => `<tr><td>${line.rate === 8 ? '※8%対象' : '10%対象'}</td><td class="num">${yen(line.base)}</td><td>内消費税等</td><td class="num">${yen(line.tax)}</td></tr>`).join('');
    return a4Page({
      language: 'ja', title: '領収書', fonts: serifFonts,
      css: `
        .card { margin: 16mm 14mm; border: 3px double #333; padding: 8mm 10mm; height: 128mm; position: relative; }
        .top { display: flex; justify-content: space-between; align-items: baseline; }
        h1 { margin: 0 auto; font-size: 24pt; letter-spacing: 0.8em; padding-left: 0.8em; }
        .no { position: absolute; right: 10mm; top: 8mm; font-size: 10pt; }
        .row { display: flex; justify-content: space-between; margin-top: 8mm; align-items: flex-end; }
        .to { font-size: 15pt; border-bottom: 1px solid #333; min-width: 95mm; padding-bottom: 1mm; white-space: nowrap; }
        .amount { margin: 8mm auto 3mm; width: 120mm; text-align: center; font-size: 21pt; font-weight: 700; background: #f1f1f1; padding: 2mm 0; border-bottom: 2px solid #333; }
        .purpose { text-align: center; font-size: 11pt; }
        .bottom { display: flex; justify-content: space-between; margin-top: 8mm; font-size: 9.5pt; align-items: flex-end; }
        .breakdown td { padding: 0.6mm 2mm; }
        .stamp { width: 22mm; height: 26mm; border: 1px dashed #777; font-size: 9pt; text-align: center; padding-top: 7mm; color: #555; }
        .issuer .name { font-size: 12pt; font-weight: 700; }`,
      body: `<div class="card">
        <div class="top"><h1>領収書</h1><div class="no">No. ${t.documentNumber}</div></div>
        <div class="row"><div class="to">${h(a.printed)}&#x3000;${a.honorific}</div><div>${dateOf(t, t.issueDate)}</div></div>
        <div class="amount">金&#x3000;${digitsOf(t, `${t.fullWidthDigits ? '￥' : '¥'}${num(totals.total)}`)}-&#x3000;也</div>
        <div class="purpose">但し&#x3000;${h(t.purpose ?? 'お品代')}として<br>上記正に領収いたしました</div>
        <div class="bottom">
          <table class="breakdown"><tr><td colspan="4">内訳</td></tr>${breakdown}</table>
          ${totals.total >= 50_000 ? '<div class="stamp">収入<br>印紙</div>' : ''}
          <div class="issuer">
            <div class="name">${h(t.issuer.printed)}</div>
            <div>〒${t.issuer.postcode}</div><div>${h(t.issuer.address)}</div><div>TEL ${t.issuer.tel}</div>
            ${t.issuer.invoiceNumber ? `<div>登録番号 ${t.issuer.invoiceNumber}</div>` : ''}
          </div>
        </div>
        ${hasReduced(t) ? '<div style="font-size:8.5pt;margin-top:3mm">※は軽減税率（8%）対象</div>' : ''}
      </div>`,
    });
  },
};

// --- 4. レシート (till receipt): a narrow column on the page, 内税 mostly, お預り/お釣り ---------------

const tillReceipt: Layout = {
  name: 'ja_till_receipt',
  split: 'tune',
  language: 'ja',
  document: 'till_receipt',
  features: {
    dateStyles: ['seireki_padded', 'slash', 'seireki'], taxModes: ['inclusive', 'inclusive', 'exclusive'], reducedRate: 0.9, discount: 0.3,
    noAddressee: true, unregisteredIssuer: 0.05, abbreviatedIssuer: 0.3, items: [3, 9], priceScale: 'till',
  },
  render: (t) => {
    const totals = t.totals;
    const rows = t.items.map((item) => {
      const quantity = item.quantity > 1 ? `<div class="sub">&#x3000;@${num(item.unitPrice)} × ${item.quantity}</div>` : '';
      return `<div class="line"><span>${mark(item)}${h(item.description)}</span><span>${yen(item.amount)}</span></div>${quantity}`;
    }).join('');
    const taxLines = totals.byRate.map((line) => totals.mode === 'inclusive'
      ? `<div class="line"><span>(${line.rate}%対象</span><span>${yen(line.base)})</span></div><div class="line"><span>(内消費税等</span><span>${yen(line.tax)})</span></div>`
      : `<div class="line"><span>(${line.rate}%対象</span><span>${yen(line.base)})</span></div><div class="line"><span>外税${line.rate}%</span><span>${yen(line.tax)}</span></div>`).join('');
    return a4Page({
      language: 'ja', title: 'レシート', fonts: sansFonts,
      css: `
        .receipt { margin: 14mm 0 0 24mm; width: 72mm; font-size: 9.5pt; line-height: 1.5; }
        .store { text-align: center; font-size: 15pt; font-weight: 700; }
        .c { text-align: center; }
        .line { display: flex; justify-content: space-between; }
        .sub { font-size: 8.5pt; }
        hr { border: 0; border-top: 1px dashed #333; margin: 2mm 0; }
        .total { font-size: 13pt; font-weight: 700; }`,
      body: `<div class="receipt">
        <div class="store">${h(brandOf(t.issuer.name))}</div>
        <div class="c">${h(t.branch ?? '')}</div>
        <div class="c">${h(t.issuer.printed)}</div>
        <div class="c">〒${t.issuer.postcode} ${h(t.issuer.address)}</div>
        <div class="c">TEL ${t.issuer.tel}</div>
        ${t.issuer.invoiceNumber ? `<div class="c">登録番号 ${t.issuer.invoiceNumber}</div>` : ''}
        <hr>
        <div>${dateOf(t, t.issueDate)}(${weekdayJa(t.issueDate)}) ${t.time}</div>
        <div class="line"><span>レジ0${(Number(t.documentNumber) % 4) + 1}</span><span>No.${t.documentNumber}</span></div>
        <div class="c" style="font-weight:700">領 収 証</div>
        <hr>
        ${rows}
        ${totals.discount ? `<div class="line"><span>値引</span><span>-${yen(totals.discount)}</span></div>` : ''}
        <hr>
        <div class="line"><span>小計</span><span>${yen(totals.subtotal)}</span></div>
        ${taxLines}
        <div class="line total"><span>合計</span><span>${yen(totals.total)}</span></div>
        <div class="line"><span>お預り</span><span>${yen(t.payment?.tendered ?? totals.total)}</span></div>
        <div class="line"><span>お釣り</span><span>${yen(t.payment?.change ?? 0)}</span></div>
        <hr>
        ${hasReduced(t) ? '<div>※印は軽減税率(8%)対象商品</div>' : ''}
        <div class="c">ありがとうございました</div>
      </div>`,
    });
  },
};

// --- 5. 納品書兼請求書: 納品日 beside 発行日, fully ruled table with 税率 column, breakdown and totals side by side ---

const deliveryInvoice: Layout = {
  name: 'ja_delivery_invoice',
  split: 'tune',
  language: 'ja',
  document: 'delivery_invoice',
  features: {
    dateStyles: ['seireki', 'slash', 'wareki_short'], taxModes: ['exclusive'], reducedRate: 0.35, discount: 0.4, dueDate: 0.6,
    abbreviatedIssuer: 0.25, addresseeNumber: 0.1, unregisteredIssuer: 0.05, items: [3, 8], priceScale: 'business',
  },
  render: (t) => {
    const a = t.addressee!;
    const totals = t.totals;
    const rows = t.items.map((item, index) => `<tr><td class="c">${index + 1}</td><td>A${String(1000 + index * 37 + item.unitPrice % 97)}</td><td>${h(item.description)}</td><td class="num">${item.quantity}</td><td class="num">${num(item.unitPrice)}</td><td class="c">${item.rate}%${mark(item)}</td><td class="num">${num(item.amount)}</td></tr>`).join('');
    const breakdown = totals.byRate.map((line) => `<tr><td class="c">${line.rate}%${line.rate === 8 ? '※' : ''}</td><td class="num">${num(line.base)}</td><td class="num">${num(line.tax)}</td></tr>`).join('');
    return a4Page({
      language: 'ja', title: '納品書兼請求書', fonts: sansFonts,
      css: `
        .sheet { padding: 15mm 15mm; font-size: 10pt; }
        .top { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 2px solid #000; padding-bottom: 2mm; }
        h1 { margin: 0; font-size: 19pt; }
        .head { display: flex; justify-content: space-between; gap: 6mm; margin-top: 5mm; }
        .to { flex: 1; }
        .to .name { font-size: 13.5pt; font-weight: 700; white-space: nowrap; }
        .from { text-align: right; font-size: 9.5pt; max-width: 72mm; }
        .from .name { font-size: 12pt; font-weight: 700; }
        .lead { margin: 5mm 0 2mm; }
        .items { width: 100%; }
        .items th, .items td { border: 1px solid #000; padding: 1.3mm 1.6mm; }
        .items th { background: #e8e8e8; font-weight: 500; }
        .c { text-align: center; }
        .foot { display: flex; justify-content: space-between; margin-top: 5mm; align-items: flex-start; }
        .breakdown th, .breakdown td, .totals th, .totals td { border: 1px solid #000; padding: 1.3mm 2.5mm; }
        .breakdown th, .totals th { background: #f2f2f2; font-weight: 500; text-align: left; }
        .totals { width: 46%; }
        .totals .grand th, .totals .grand td { font-size: 12pt; font-weight: 700; }`,
      body: `<div class="sheet">
        <div class="top"><h1>納品書兼請求書</h1><div><div>発行日：${dateOf(t, t.issueDate)}</div><div>伝票番号：${h(t.documentNumber)}</div></div></div>
        <div class="head">
          <div class="to">
            <div class="name">${h(a.printed)} ${a.honorific}</div>
            <div>〒${a.postcode} ${h(a.address)}</div>
            ${t.showAddresseeNumber ? `<div>貴社登録番号：${a.invoiceNumber}</div>` : ''}
            <div style="margin-top:3mm">納品日：${dateOf(t, t.deliveryDate ?? t.issueDate)}</div>
            ${t.dueDate ? `<div>お支払期限：${dateOf(t, t.dueDate)}</div>` : ''}
          </div>
          <div class="from">
            <div class="name">${h(t.issuer.printed)}</div>
            <div>〒${t.issuer.postcode}</div><div>${h(t.issuer.address)}</div>
            <div>TEL：${t.issuer.tel}</div>
            ${t.issuer.invoiceNumber ? `<div>登録番号：${t.issuer.invoiceNumber}</div>` : ''}
          </div>
        </div>
        <div class="lead">下記の通り納品いたしましたので、ご請求申し上げます。</div>
        <table class="items">
          <thead><tr><th>No.</th><th>商品コード</th><th style="width:38%">商品名</th><th>数量</th><th>単価</th><th>税率</th><th>金額</th></tr></thead>
          <tbody>${rows}${fillerRows(9 - t.items.length, 7)}</tbody>
        </table>
        <div class="foot">
          <div>
            <table class="breakdown"><tr><th>税率</th><th>対象額</th><th>消費税</th></tr>${breakdown}</table>
            ${hasReduced(t) ? '<div style="font-size:9pt;margin-top:1mm">※は軽減税率対象</div>' : ''}
          </div>
          <table class="totals">
            ${totals.discount ? `<tr><th>商品合計</th><td class="num">${num(totals.itemsSum)}</td></tr><tr><th>値引き</th><td class="num">-${num(totals.discount)}</td></tr>` : ''}
            <tr><th>小計</th><td class="num">${num(totals.subtotal)}</td></tr>
            <tr><th>消費税</th><td class="num">${num(totals.tax)}</td></tr>
            <tr class="grand"><th>合計金額</th><td class="num">${yen(totals.total)}</td></tr>
          </table>
        </div>
        <div style="margin-top:8mm;font-size:9pt">お振込先：${h(t.bank ?? '')}</div>
      </div>`,
    });
  },
};

// --- 6. English invoice: INVOICE left, issuer right, Bill To and the invoice's details, totals box ---

const englishStandard: Layout = {
  name: 'en_invoice_standard',
  split: 'tune',
  language: 'en',
  document: 'invoice',
  features: {
    dateStyles: ['en_long', 'dmy'], taxModes: ['exclusive'], reducedRate: 0.3, discount: 0.2, dueDate: 0.9, addresseeNumber: 0.1,
    unregisteredIssuer: 0.1, items: [2, 5], priceScale: 'business',
  },
  render: (t) => {
    const a = t.addressee!;
    const totals = t.totals;
    const rows = t.items.map((item) => `<tr><td>${h(item.description)}${item.rate === 8 ? ' *' : ''}</td><td class="num">${item.quantity}</td><td class="num">${yen(item.unitPrice)}</td><td class="c">${item.rate}%</td><td class="num">${yen(item.amount)}</td></tr>`).join('');
    const taxRows = totals.byRate.map((line) => `<tr><th>Consumption tax ${line.rate}% (on ${yen(line.base)})</th><td class="num">${yen(line.tax)}</td></tr>`).join('');
    return a4Page({
      language: 'en', title: 'Invoice', fonts: sansFonts,
      css: `
        .sheet { padding: 16mm 16mm; }
        .top { display: flex; justify-content: space-between; }
        h1 { margin: 0; font-size: 28pt; letter-spacing: 0.08em; color: #1d3557; }
        .from { text-align: right; font-size: 9.5pt; }
        .from .name { font-size: 12.5pt; font-weight: 700; white-space: nowrap; }
        .mid { display: flex; justify-content: space-between; margin-top: 10mm; }
        .label { font-size: 8.5pt; text-transform: uppercase; color: #555; letter-spacing: 0.05em; }
        .billto { max-width: 100mm; }
        .billto .name { font-size: 12.5pt; font-weight: 700; white-space: nowrap; }
        .details td { padding: 0.6mm 0 0.6mm 5mm; white-space: nowrap; }
        .details td:first-child { color: #444; padding-left: 0; }
        .items { width: 100%; margin-top: 9mm; }
        .items th { background: #1d3557; color: #fff; padding: 2mm; font-weight: 500; text-align: left; }
        .items td { padding: 2mm; border-bottom: 1px solid #ccd; }
        .c { text-align: center; }
        .totals { margin: 5mm 0 0 auto; width: 60%; }
        .totals th { text-align: left; font-weight: 400; padding: 1.2mm 2mm; }
        .totals td { padding: 1.2mm 2mm; }
        .totals .grand th, .totals .grand td { border-top: 2px solid #1d3557; font-weight: 700; font-size: 12.5pt; }
        .note { margin-top: 10mm; font-size: 9pt; color: #333; }`,
      body: `<div class="sheet">
        <div class="top">
          <h1>INVOICE</h1>
          <div class="from">
            <div class="name">${h(t.issuer.printed)}</div>
            <div>${h(t.issuer.address)}</div>
            <div>Tel: +81-${t.issuer.tel.replace(/^0/, '')}</div>
            ${t.issuer.invoiceNumber ? `<div>Registration No.: ${t.issuer.invoiceNumber}</div>` : ''}
          </div>
        </div>
        <div class="mid">
          <div class="billto">
            <div class="label">Bill To</div>
            <div class="name">${h(a.printed)}</div>
            <div>${h(a.address)}</div>
            ${t.showAddresseeNumber ? `<div>Registration No.: ${a.invoiceNumber}</div>` : ''}
          </div>
          <table class="details">
            <tr><td>Invoice No.</td><td>${h(t.documentNumber)}</td></tr>
            <tr><td>Invoice Date</td><td>${dateOf(t, t.issueDate)}</td></tr>
            ${t.dueDate ? `<tr><td>Due Date</td><td>${dateOf(t, t.dueDate)}</td></tr>` : ''}
          </table>
        </div>
        <table class="items">
          <thead><tr><th style="width:46%">Description</th><th>Qty</th><th>Unit Price</th><th>Tax</th><th>Amount</th></tr></thead>
          <tbody>${rows}</tbody>
        </table>
        <table class="totals">
          <tr><th>Subtotal</th><td class="num">${yen(totals.itemsSum)}</td></tr>
          ${totals.discount ? `<tr><th>Discount</th><td class="num">-${yen(totals.discount)}</td></tr>` : ''}
          ${taxRows}
          <tr class="grand"><th>Total (JPY)</th><td class="num">${yen(totals.total)}</td></tr>
        </table>
        <div class="note">${hasReduced(t) ? '<div>* Reduced tax rate (8%) item</div>' : ''}<div>Please pay by bank transfer${t.dueDate ? ' by the due date' : ''}. Bank charges are borne by the payer.</div></div>
      </div>`,
    });
  },
};

// --- 7. English invoice as billing services print one: title and details left, the brand as a logo
// right, the issuer's block beside Bill to, the amount due as a headline, a footer line ---

/** A company's name as its logo prints it: without Co., Ltd., K.K., Inc. and the like. */
const englishBrandOf = (name: string) => name.replace(/,?\s*(?:Co\., Ltd\.|K\.K\.|Inc\.|LLC|Corporation|Corp\.|Ltd\.)$/u, '');

const englishColumns: Layout = {
  name: 'en_invoice_columns',
  split: 'tune',
  language: 'en',
  document: 'invoice',
  features: {
    dateStyles: ['en_long', 'dmy'], taxModes: ['exclusive'], reducedRate: 0.3, discount: 0.2, dueDate: 0.8, addresseeNumber: 0.2,
    unregisteredIssuer: 0.15, items: [1, 4], priceScale: 'business',
  },
  render: (t) => {
    const a = t.addressee!;
    const totals = t.totals;
    const due = t.dueDate ? dateOf(t, t.dueDate) : undefined;
    const rows = t.items.map((item) => `<tr><td>${h(item.description)}${item.rate === 8 ? ' (reduced rate)' : ''}</td><td class="num">${item.quantity}</td><td class="num">${yen(item.unitPrice)}</td><td class="num">${item.rate}%</td><td class="num">${yen(item.amount)}</td></tr>`).join('');
    const taxRows = totals.byRate.map((line) => `<tr><th>Tax (${line.rate}% on ${yen(line.base)})</th><td class="num">${yen(line.tax)}</td></tr>`).join('');
    return a4Page({
      language: 'en', title: 'Invoice', fonts: sansFonts,
      css: `
        .sheet { padding: 18mm 18mm 12mm; display: flex; flex-direction: column; min-height: 265mm; box-sizing: border-box; }
        .head { display: flex; justify-content: space-between; align-items: flex-start; }
        h1 { margin: 0 0 5mm; font-size: 20pt; font-weight: 600; }
        .brand { font-size: 17pt; font-weight: 800; color: #5a31f4; letter-spacing: -0.02em; }
        .meta td { padding: 0.5mm 6mm 0.5mm 0; font-size: 9.5pt; }
        .meta td:first-child { font-weight: 600; }
        .parties { display: flex; gap: 18mm; margin-top: 9mm; font-size: 9.5pt; line-height: 1.5; }
        .parties .name { font-weight: 600; }
        .parties .label { font-weight: 600; color: #444; }
        .headline { margin-top: 10mm; font-size: 15pt; font-weight: 600; }
        .items { width: 100%; margin-top: 7mm; border-collapse: collapse; font-size: 9.5pt; }
        .items th { text-align: left; font-weight: 400; color: #666; border-bottom: 1px solid #999; padding: 1.5mm 1mm; }
        .items th.num { text-align: right; }
        .items td { padding: 2mm 1mm; }
        .totals { margin: 4mm 0 0 auto; width: 55%; border-collapse: collapse; font-size: 9.5pt; }
        .totals th { text-align: left; font-weight: 400; padding: 1.5mm 1mm; border-top: 1px solid #ddd; }
        .totals td { padding: 1.5mm 1mm; border-top: 1px solid #ddd; }
        .totals .strong th, .totals .strong td { font-weight: 600; }
        .spacer { flex: 1; }
        .footer { border-top: 1px solid #ddd; padding-top: 3mm; font-size: 8.5pt; color: #666; display: flex; justify-content: space-between; }`,
      body: `<div class="sheet">
        <div class="head">
          <div>
            <h1>Invoice</h1>
            <table class="meta">
              <tr><td>Invoice number</td><td>${h(t.documentNumber)}</td></tr>
              <tr><td>Date of issue</td><td>${dateOf(t, t.issueDate)}</td></tr>
              ${due ? `<tr><td>Date due</td><td>${due}</td></tr>` : ''}
            </table>
          </div>
          <div class="brand">${h(englishBrandOf(t.issuer.printed))}</div>
        </div>
        <div class="parties">
          <div>
            <div class="name">${h(t.issuer.printed)}</div>
            <div>${h(t.issuer.address)}</div>
            <div>+81 ${t.issuer.tel.replace(/^0/, '')}</div>
            ${t.issuer.invoiceNumber ? `<div>Registration number ${t.issuer.invoiceNumber}</div>` : ''}
          </div>
          <div>
            <div class="label">Bill to</div>
            <div class="name">${h(a.printed)}</div>
            <div>${h(a.address)}</div>
            ${t.showAddresseeNumber ? `<div>Registration number ${a.invoiceNumber}</div>` : ''}
          </div>
        </div>
        <div class="headline">${yen(totals.total)} ${due ? `due ${due}` : 'paid on receipt'}</div>
        <table class="items">
          <thead><tr><th style="width:50%">Description</th><th class="num">Qty</th><th class="num">Unit price</th><th class="num">Tax</th><th class="num">Amount</th></tr></thead>
          <tbody>${rows}</tbody>
        </table>
        <table class="totals">
          <tr><th>Subtotal</th><td class="num">${yen(totals.itemsSum)}</td></tr>
          ${totals.discount ? `<tr><th>Discount</th><td class="num">-${yen(totals.discount)}</td></tr>` : ''}
          ${taxRows}
          <tr class="strong"><th>Total</th><td class="num">${yen(totals.total)}</td></tr>
          <tr class="strong"><th>Amount due</th><td class="num">${yen(totals.total)}</td></tr>
        </table>
        <div class="spacer"></div>
        <div class="footer"><span>${h(t.documentNumber)} · ${yen(totals.total)} ${due ? `due ${due}` : ''}</span><span>Page 1 of 1</span></div>
      </div>`,
    });
  },
};

/** The layouts the parsers may be tuned on. */
export const tuneLayouts: readonly Layout[] = [classic, statement, formalReceipt, tillReceipt, deliveryInvoice, englishStandard, englishColumns];

/** Every layout of the corpus, tune first. */
export const layouts: readonly Layout[] = [...tuneLayouts, ...heldOutLayouts];

export function layoutNamed(name: string): Layout {
  const layout = layouts.find((candidate) => candidate.name === name);
  if (!layout) throw new RangeError(`no layout ${name}`);
  return layout;
}
