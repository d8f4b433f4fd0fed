/**
 * UI texts of the `home` section (the home page /, the manual /manual, the display settings of the
 * profile), English and Japanese side by side. Same shape in both languages: ja is checked against en.
 */
const en = {
  welcome: 'Welcome, {{name}}',
  description: 'Your recent files, favourites and shortcuts.',
  passwordExpiry: {
    header: 'Your password expires soon',
    body_one: 'Your password expires in {{count}} day. Change it before then.',
    body_other: 'Your password expires in {{count}} days. Change it before then.',
    today: 'Your password expires today. Change it now.',
    change: 'Change password',
  },
  shortcuts: {
    title: 'Shortcuts',
    drive: 'Open the drive',
    upload: 'Upload files',
    search: 'Search the drive',
    favorites: 'Favourites',
    recent: 'Recent files',
    trash: 'Trash',
    property: 'Property module',
    manual: 'User manual',
    noDrive: 'You have no right to the drive. Ask your administrator if you need it.',
  },
  recent: {
    title: 'Recent files',
    empty: 'No files used recently.',
    viewAll: 'View all recent files',
  },
  favorites: {
    title: 'Favourites',
    empty: 'No favourites yet. Star a file or folder in the drive to find it here.',
    viewAll: 'View all favourites',
  },
  columns: {
    name: 'Name',
    place: 'Place',
    used: 'Used',
    added: 'Added',
  },
  usage: {
    title: 'Data usage',
    description: "The contract's stored data against its quota.",
    details: 'Data usage details',
  },
  admin: {
    title: 'Administration',
  },
  manual: {
    description: 'How to sign in, work with the drive and manage the contract.',
    print: 'Print',
    download: 'Download ({{language}})',
    downloaded: 'The manual has been downloaded.',
    editions: 'Editions',
    edition: '{{language}}: {{title}}, updated {{updated}}, {{size}}',
    contents: 'Contents',
  },
  display: {
    title: 'Display settings',
    description: 'Kept for you on the server: they follow you to every browser and device.',
    pageSize: 'Rows per page',
    pageSizeDescription: 'The number of rows a list starts with.',
    visualMode: 'Visual mode',
    system: 'Same as the system',
    light: 'Light',
    dark: 'Dark',
    density: 'Density',
    comfortable: 'Comfortable',
    compact: 'Compact',
    saved: 'The display settings have been saved.',
  },
};

const ja: typeof en = {
  welcome: 'ようこそ、{{name}}さん',
  description: '最近使用したファイル、お気に入り、ショートカットです。',
  passwordExpiry: {
    header: 'パスワードの有効期限が近づいています',
    body_one: 'パスワードの有効期限まであと{{count}}日です。期限までに変更してください。',
    body_other: 'パスワードの有効期限まであと{{count}}日です。期限までに変更してください。',
    today: 'パスワードの有効期限は今日までです。今すぐ変更してください。',
    change: 'パスワードを変更',
  },
  shortcuts: {
    title: 'ショートカット',
    drive: 'ドライブを開く',
    upload: 'ファイルをアップロード',
    search: 'ドライブを検索',
    favorites: 'お気に入り',
    recent: '最近使用したファイル',
    trash: 'ごみ箱',
    property: '物件モジュール',
    manual: '利用マニュアル',
    noDrive: 'ドライブの権限がありません。必要な場合は管理者にお問い合わせください。',
  },
  recent: {
    title: '最近使用したファイル',
    empty: '最近使用したファイルはありません。',
    viewAll: '最近使用したファイルをすべて表示',
  },
  favorites: {
    title: 'お気に入り',
    empty: 'お気に入りはまだありません。ドライブでファイルやフォルダーに星を付けると、ここに表示されます。',
    viewAll: 'お気に入りをすべて表示',
  },
  columns: {
    name: '名前',
    place: '場所',
    used: '使用日時',
    added: '追加日時',
  },
  usage: {
    title: 'データ使用量',
    description: '契約で保存しているデータ量と容量の上限です。',
    details: 'データ使用量の詳細',
  },
  admin: {
    title: '管理',
  },
  manual: {
    description: 'サインイン、ドライブの使い方、契約の管理方法を説明します。',
    print: '印刷',
    download: 'ダウンロード（{{language}}）',
    downloaded: 'マニュアルをダウンロードしました。',
    editions: '版',
    edition: '{{language}}：{{title}}、{{updated}}更新、{{size}}',
    contents: '目次',
  },
  display: {
    title: '表示設定',
    description: 'サーバーに保存され、どのブラウザーや端末でも引き継がれます。',
    pageSize: '1ページの行数',
    pageSizeDescription: '一覧に最初に表示する行数です。',
    visualMode: '表示モード',
    system: 'システムの設定に合わせる',
    light: 'ライト',
    dark: 'ダーク',
    density: '表示密度',
    comfortable: '標準',
    compact: 'コンパクト',
    saved: '表示設定を保存しました。',
  },
};

export const homeTexts: { en: typeof en; ja: typeof en } = { en, ja };
