/**
 * UI texts of the `registration` section, English and Japanese side by side (en.ts and ja.ts spread
 * them in): detailed registration (SPEC.md §3, §4 "Registration mode: simple 0, detailed 1"), the
 * document's fields given per file before it is uploaded.
 */
const en = {
  action: 'Upload with details…',
  simpleAction: 'Upload without details',
  menuLabel: 'More ways to upload',
  title_one: 'Upload {{count}} file with details',
  title_other: 'Upload {{count}} files with details',
  description: 'The document style and transaction details are recorded with each file. Files of the four legal document styles are never deleted or replaced: a change is always a new version.',
  fileSize: '{{size}}',
  fields: {
    documentStyle: 'Document style',
    transactionDate: 'Transaction date',
    transactionDateHint: 'YYYY/MM/DD',
    transactionAmount: 'Transaction amount (JPY)',
    transactionAmountHint: 'Whole yen, e.g. 108000',
    recipient: 'Recipient',
    provider: 'Provider (trading partner)',
    tags: 'Tags',
    tagsPlaceholder: 'Choose tags',
    tagsEmpty: 'No tags yet. Create them from the Tags dialog of a file.',
    tagsCommon: 'Common tags',
    tagsPrivate: 'Private tags (only you)',
    tagsCommonAdminOnly: 'Set by administrators only',
    removeTag: 'Remove {{name}}',
  },
  copyToAll: 'Copy to all files',
  copiedToAll: 'The values of {{name}} were copied to every file.',
  invalid_one: '{{count}} file has values to correct.',
  invalid_other: '{{count}} files have values to correct.',
  submit: 'Upload',
  cancel: 'Cancel',
};

const ja: typeof en = {
  action: '詳細を入力してアップロード…',
  simpleAction: '詳細を入力せずにアップロード',
  menuLabel: 'その他のアップロード方法',
  title_one: '{{count}}件のファイルを詳細登録',
  title_other: '{{count}}件のファイルを詳細登録',
  description: '文書区分と取引情報をファイルごとに記録します。法定の4つの文書区分のファイルは削除も置き換えもできず、変更は常に新しいバージョンになります。',
  fileSize: '{{size}}',
  fields: {
    documentStyle: '文書区分',
    transactionDate: '取引年月日',
    transactionDateHint: 'YYYY/MM/DD',
    transactionAmount: '取引金額（円）',
    transactionAmountHint: '円単位の整数（例: 108000）',
    recipient: '受領者',
    provider: '提供者（取引先）',
    tags: 'タグ',
    tagsPlaceholder: 'タグを選択',
    tagsEmpty: 'タグはまだありません。ファイルのタグダイアログから作成できます。',
    tagsCommon: '共通タグ',
    tagsPrivate: '個人タグ（自分のみ）',
    tagsCommonAdminOnly: '管理者のみ設定できます',
    removeTag: '{{name}}を外す',
  },
  copyToAll: 'すべてのファイルにコピー',
  copiedToAll: '{{name}}の値をすべてのファイルにコピーしました。',
  invalid_one: '{{count}}件のファイルに修正が必要な値があります。',
  invalid_other: '{{count}}件のファイルに修正が必要な値があります。',
  submit: 'アップロード',
  cancel: 'キャンセル',
};

export const registrationTexts: { en: typeof en; ja: typeof en } = { en, ja };
