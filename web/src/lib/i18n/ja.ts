import { catalogue } from '@shared/messages.ts';
import { ipPolicyTexts } from './ip-policy.ts';
import { pickerTexts } from './picker.ts';
import { securityTexts } from './security.ts';
import { settingsTexts } from './settings.ts';
import { propertiesTexts } from './properties.ts';
import { importsTexts } from './imports.ts';
import { usersTexts } from './users.ts';
import { legalTexts } from './legal.ts';
import { groupsTexts } from './groups.ts';
import { driveTexts } from './drive.ts';
import { driveJobsTexts } from './drive-jobs.ts';
import { locationTexts } from './location.ts';
import { registrationTexts } from './registration.ts';
import { transfersTexts } from './transfers.ts';
import { driveViewsTexts } from './drive-views.ts';
import { driveCommandsTexts } from './drive-commands.ts';
import { trashTexts } from './trash.ts';
import { searchTexts } from './search.ts';
import { usageTexts } from './usage.ts';
import { versionsTexts } from './versions.ts';
import { previewTexts } from './preview.ts';
import { placesTexts } from './places.ts';
import { tagsTexts } from './tags.ts';
import { permissionsTexts } from './permissions.ts';
import { sharesTexts } from './shares.ts';
import { arrivalsTexts } from './arrivals.ts';
import { fileRequestsTexts } from './file-requests.ts';
import { signInTexts } from './sign-in.ts';
import { ssoTexts } from './sso.ts';
import { bookkeepingTexts } from './bookkeeping.ts';
import { readFieldsTexts } from './read-fields.ts';
import { auditLogTexts } from './audit-log.ts';
import { fileActivityTexts } from './file-activity.ts';
import { tagAdminTexts } from './tag-admin.ts';
import { homeTexts } from './home.ts';
import { intakeTexts } from './intake.ts';
import type { Resources } from './en.ts';

/** Japanese UI texts: the same keys as en.ts (the type makes a missing key a compile error). */
export const ja: Resources = {
  ipPolicy: ipPolicyTexts.ja,
  signIn: signInTexts.ja,
  sso: ssoTexts.ja,
  ...catalogue.ja,
  app: {
    productName: '共通ドライブ',
    loading: '読み込み中…',
    skipToMain: 'メインコンテンツへスキップ',
  },
  languages: {
    en: 'English',
    ja: '日本語',
  },
  nav: {
    language: '言語',
    languageMenu: 'Language / 言語: {{name}}',
    userMenu: 'ユーザーメニュー: {{name}}',
    profile: 'プロフィール',
    darkMode: 'ダークモード',
    compactMode: 'コンパクト表示',
    signOut: 'ログアウト',
    signingOut: 'ログアウトしています…',
    sideHeader: 'メニュー',
    drive: 'ドライブ',
    trash: 'ごみ箱',
    dataUsage: 'データ使用量',
    shareLinks: '共有リンク',
    accessLog: 'アクセスログ',
    eBookkeeping: '電子帳簿保存',
    auditLog: '監査ログ',
    tags: '共通タグ',
    favorites: 'お気に入り',
    recent: '最近使用したファイル',
    administration: '管理',
    accounts: 'アカウント',
    userGroups: 'ユーザーグループ',
    legalEntities: '法人',
    securityPolicy: 'セキュリティポリシー',
    commonSettings: '共通設定',
    propertyItems: 'プロパティ項目設定',
    importHistory: 'インポート履歴',
    openNavigation: 'ナビゲーションを開く',
    closeNavigation: 'ナビゲーションを閉じる',
    breadcrumbs: 'パンくずリスト',
    notifications: 'お知らせ',
    home: 'ホーム',
    manual: '利用マニュアル',
    overflowMenu: 'その他',
    overflowDismiss: 'メニューを閉じる',
  },
  pages: {
    login: 'ログイン',
    otpMail: 'メール認証コード',
    otpMultiPart: '認証アプリによる認証',
    changePassword: 'パスワード変更',
    searchResult: '検索結果',
    user: 'ユーザー情報',
    securityPolicy: 'セキュリティポリシー',
    commonSettings: '共通設定',
    propertyItems: 'プロパティ項目設定',
    legal: '法人',
    legalAdd: '法人登録',
    listUserGroup: 'ユーザーグループ',
    userGroupEdit: 'ユーザーグループ編集',
    userGroupCreate: 'ユーザーグループ作成',
    storage: 'ドライブ',
    trash: 'ごみ箱',
    dataUsage: 'データ使用量',
    shareLinks: '共有リンク',
    accessLog: 'アクセスログ',
    eBookkeeping: '電子帳簿保存',
    favorites: 'お気に入り',
    recent: '最近使用したファイル',
    listUser: 'アカウント',
    location: '拠点',
    profile: 'プロフィール',
    sso: 'シングルサインオン',
    ssoFail: 'シングルサインオンに失敗しました',
    ssoLogin: 'シングルサインオン',
    notFound: 'ページが見つかりません',
    legalDetail: '法人',
    auditLog: '監査ログ',
    tags: '共通タグ',
    home: 'ホーム',
    manual: '利用マニュアル',
  },
  underConstruction: {
    title: '準備中',
    description: 'この画面はプラットフォームの別モジュール（物件・ナレッジ・コマース・ワークフロー・ダッシュボード・作業指示）のものです。別モジュール固有の画面は共通ドライブの対象外です。各モジュールから開いてください。',
    back: 'ドライブへ移動',
    backToLogin: 'ログイン画面に戻る',
  },
  notFound: {
    description: 'お探しのページは存在しないか、移動しました。',
    home: 'ホームへ移動',
  },
  routeError: {
    title: '問題が発生しました',
    description: '画面を表示できませんでした。ページを再読み込みしてください。',
    reload: '再読み込み',
  },
  common: {
    cancel: 'キャンセル',
    close: '閉じる',
    ok: 'OK',
    create: '作成',
    refresh: '更新',
    loading: '読み込み中…',
    notAvailable: '—',
    save: '保存',
    reset: '元に戻す',
    optionalLabel: '{{label}}（任意）',
    maxCharacters: '{{max}}文字以内。',
    unsaved: {
      title: '保存していない変更を破棄しますか？',
      stay: '編集を続ける',
      discard: '変更を破棄',
    },
  },
  errorModal: {
    ERROR: 'エラー',
    WARN: '警告',
    INFO: 'お知らせ',
    requestId: '問い合わせ番号: {{id}}',
  },
  transfers: transfersTexts.ja,
  driveViews: driveViewsTexts.ja,
  driveCommands: driveCommandsTexts.ja,
  registration: registrationTexts.ja,
  bookkeeping: bookkeepingTexts.ja,
  readFields: readFieldsTexts.ja,
  login: {
    title: 'ログイン',
    description: '管理者から通知された契約IDでログインしてください。',
    kykId: '契約ID',
    userId: 'ユーザーID',
    password: 'パスワード',
    submit: 'ログイン',
    signInAnyway: 'ログインする',
    forceTitle: 'ログイン中のセッションがあります',
  },
  drive: driveTexts.ja,
  driveJobs: driveJobsTexts.ja,
  trash: trashTexts.ja,
  search: searchTexts.ja,
  usage: usageTexts.ja,
  versions: versionsTexts.ja,
  preview: previewTexts.ja,
  places: placesTexts.ja,
  tags: tagsTexts.ja,
  auditLogPage: auditLogTexts.ja,
  intake: intakeTexts.ja,
  fileActivity: fileActivityTexts.ja,
  tagAdmin: tagAdminTexts.ja,
  permissions: permissionsTexts.ja,
  shares: sharesTexts.ja,
  arrivals: arrivalsTexts.ja,
  fileRequests: fileRequestsTexts.ja,
  location: locationTexts.ja,
  collection: {
    nextPage: '次のページ',
    previousPage: '前のページ',
    page: '{{page}}ページ',
    pagination: 'ページ',
    preferences: '表示設定',
    confirm: '確定',
    pageSize: '表示件数',
    pageSizeOption: '{{size}}件',
    noMatches: '該当なし',
    noMatchesDescription: '条件に一致するものはありません。',
    clearFilter: '条件をクリア',
    matches: '該当件数: {{count}}',
    selectionGroup: '項目の選択',
    selectAll: 'このページの項目をすべて選択',
    selectItem: '{{name}}を選択',
    refresh: '最新の情報に更新',
    yes: 'あり',
    no: 'なし',
    loadFailed: '一覧を読み込めませんでした',
    retry: '再試行',
    wrapLines: '折り返して表示',
    wrapLinesDescription: '長い値を複数行に折り返してすべて表示します。',
    columns: '表示する列',
    columnsDescription: '表示する列とその順序を選びます。',
    stickyFirst: '先頭の列を固定',
    stickyFirstDescription: '表を横にスクロールしても先頭の列を表示したままにします。',
    stickyNone: 'なし',
    stickyFirstColumn: '先頭の列',
  },
  deleteModal: {
    delete: '削除',
    confirmWord: '削除',
    typeToConfirm: '誤って削除しないよう、欄に「{{word}}」と入力してください。',
  },
  conflict: {
    title: '他のユーザーがこの項目を変更しました',
    reload: '再読み込み',
    discardNote: '再読み込みすると最新の内容が表示され、この画面で保存していない変更は破棄されます。',
  },
  noPermission: {
    title: '権限がありません',
    description: 'この画面は管理者専用です。利用が必要な場合は管理者にお問い合わせください。',
    driveDescription: 'このアカウントには共通ドライブの利用権限がありません。利用が必要な場合は管理者にお問い合わせください。',
    toProfile: 'プロフィールへ',
  },
  products: {
    ata: 'アカウント管理',
    atp: 'プロパティ',
    atk: 'ナレッジ',
    atc: 'コマース',
    atw: 'ワークフロー',
    atd: 'ダッシュボード',
    ato: 'ワークオーダー',
  },
  groups: groupsTexts.ja,
  legal: legalTexts.ja,
  users: usersTexts.ja,
  picker: pickerTexts.ja,
  corpSelect: {
    title: '法人の選択',
    description: '法人を1つ選んでください。',
    loading: '法人を読み込んでいます',
    empty: '法人が登録されていません。',
    select: '選択',
  },
  security: securityTexts.ja,
  settings: settingsTexts.ja,
  home: homeTexts.ja,
  properties: propertiesTexts.ja,
  account: {
    changePassword: {
      description: 'ログインに使うパスワードを変更します。',
      formTitle: '新しいパスワード',
      current_password: '現在のパスワード',
      new_password: '新しいパスワード',
      confirm_password: '新しいパスワード（確認）',
      submit: 'パスワードを変更',
    },
    conditions: {
      title: 'パスワードの条件',
      setByAdministrator: 'これらの条件は管理者が設定しています。',
      length: '{{min}}文字以上{{max}}文字以内',
      alphanumeric: '英字と数字を含む',
      symbols: '記号を1文字以上含む',
      case: '英大文字と英小文字を含む',
      repeat: '同じ文字の連続は{{count}}文字まで',
      userId: 'ユーザーIDを含まない',
      history: '過去{{count}}回分のパスワードと異なる',
      current: '現在のパスワードと異なる',
      strength: '推測されにくいこと（強度「{{level}}」以上）',
      expiry: '有効期間は{{count}}日（その後は変更が必要）',
    },
    profile: {
      information: 'ユーザー情報',
      name: '氏名',
      email: 'メールアドレス',
      contractId: '契約ID',
      userId: 'ユーザーID',
      settings: '設定',
      language: '言語',
      languageDescription: '画面とサーバーからのメッセージの言語です。アカウントに保存されます。',
      password: 'パスワード',
      passwordDescription: 'ログインに使うパスワードを変更します。',
      changePassword: 'パスワードを変更',
    },
  },
  imports: importsTexts.ja,
};
