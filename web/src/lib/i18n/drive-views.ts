/**
 * UI texts of the `driveViews` section, English and Japanese side by side (en.ts and ja.ts spread
 * them in): the drive's list/grid choice, the grid of tiles, the phone list, the markers on entries
 * (restricted folder, retained document, failed scanner check, late scan, fields read to confirm)
 * and the "Needs attention" filter.
 */
const en = {
  view: {
    list: 'List view',
    grid: 'Grid view',
  },
  grid: {
    label: 'Files and folders',
    select: 'Select {{name}}',
    open: 'Open {{name}}',
    folder: 'Folder',
    hint: 'Arrow keys move, Space selects, Enter opens.',
  },
  phone: {
    actions: 'Actions',
    label: 'Files and folders',
    selectAll: 'Select all',
  },
  markers: {
    restricted: 'Restricted: this folder has its own permission settings',
    retained: 'Retained bookkeeping document, kept until {{date}}',
    scannerCheck: 'Scanner check failed: {{rules}}',
    late: 'Registered after its input deadline ({{date}})',
    lateNoDate: 'Registered after its input deadline',
    fieldsRead: 'Fields read — confirm',
    fieldsReadAction: 'Fields read from {{name}}: confirm them in Edit details',
    separator: ', ',
    findings: {
      dpi: 'resolution below 200 dpi',
      pixels: 'too few pixels for the paper size',
      ledger_bit: 'colour depth',
      unknown_size: 'size unknown',
      unreadable: 'unreadable image',
    },
  },
  attention: {
    filter: 'Needs attention',
    filterOn: 'Needs attention (on)',
    active: 'Files that need attention in the whole drive: failed scanner checks, scans registered after their input deadline, and fields read from documents waiting for confirmation.',
    empty: 'Nothing needs attention',
    emptyDescription: 'Every scan you can see passed its checks and was registered in time, and no read fields wait for confirmation.',
    clear: 'Show the folder',
    loading: 'Loading files that need attention…',
  },
  users: {
    column: 'User',
    actions: 'Actions',
  },
};

const ja: typeof en = {
  view: {
    list: 'リスト表示',
    grid: 'グリッド表示',
  },
  grid: {
    label: 'ファイルとフォルダー',
    select: '{{name}}を選択',
    open: '{{name}}を開く',
    folder: 'フォルダー',
    hint: '矢印キーで移動、スペースで選択、Enterで開きます。',
  },
  phone: {
    actions: '操作',
    label: 'ファイルとフォルダー',
    selectAll: 'すべて選択',
  },
  markers: {
    restricted: 'アクセス制限: このフォルダーには独自のアクセス権限が設定されています',
    retained: '保存期間中の電子帳簿保存法対象文書（{{date}}まで保存）',
    scannerCheck: 'スキャナ保存の要件を満たしていません: {{rules}}',
    late: '入力期限（{{date}}）を過ぎて登録されました',
    lateNoDate: '入力期限を過ぎて登録されました',
    fieldsRead: '読取結果の確認待ち',
    fieldsReadAction: '{{name}} の読取結果を「詳細を編集」で確認',
    separator: '、',
    findings: {
      dpi: '解像度が200dpi未満',
      pixels: '用紙サイズに対して画素数が不足',
      ledger_bit: '階調（色数）',
      unknown_size: 'サイズ不明',
      unreadable: '画像を読み込めません',
    },
  },
  attention: {
    filter: '要対応',
    filterOn: '要対応（表示中）',
    active: 'ドライブ全体で対応が必要なファイル: スキャナ保存の要件を満たさないもの、入力期限を過ぎて登録されたもの、書類の読取結果が確認待ちのもの。',
    empty: '対応が必要なファイルはありません',
    emptyDescription: '表示できるスキャンはすべて要件を満たして期限内に登録され、確認待ちの読取結果もありません。',
    clear: 'フォルダーを表示',
    loading: '対応が必要なファイルを読み込んでいます…',
  },
  users: {
    column: 'ユーザー',
    actions: '操作',
  },
};

export const driveViewsTexts: { en: typeof en; ja: typeof en } = { en, ja };
