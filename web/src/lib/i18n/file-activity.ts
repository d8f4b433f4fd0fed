/**
 * UI texts of the `fileActivity` section (the Activity part of the drive page's details panel),
 * English and Japanese side by side (en.ts and ja.ts spread them in). Same shape in both languages.
 * The access-log actions themselves come from the server's catalogue (`accessLog.*`).
 */
const en = {
  title: 'Activity',
  loading: 'Loading the activity…',
  empty: 'No activity recorded yet.',
  scopeOwn: 'Versions, corrections and your own actions on it.',
  showMore: 'Show more',
  error: 'The activity could not be loaded.',
  retry: 'Retry',
  listLabel: 'Activity of {{name}}',
  version: 'Version {{version}} uploaded',
  versionRestored: 'Version {{version}} restored from version {{from}}',
  correction: 'Details corrected (version {{version}})',
  confirmation: 'Details confirmed from the document (version {{version}})',
  acceptance: 'Received file accepted (version {{version}})',
  deletion: 'Deleted (moved to the trash)',
  restore: 'Restored from the trash',
  linkCreated: 'Share link {{link}} created',
  linkRevoked: 'Share link {{link}} revoked',
  reason: 'Reason: {{reason}}',
  by: '{{user}} · {{at}}',
};

const ja: typeof en = {
  title: 'アクティビティ',
  loading: 'アクティビティを読み込んでいます…',
  empty: 'まだ記録されたアクティビティはありません。',
  scopeOwn: 'バージョン、訂正、およびご自身の操作を表示しています。',
  showMore: 'さらに表示',
  error: 'アクティビティを読み込めませんでした。',
  retry: '再試行',
  listLabel: '{{name}} のアクティビティ',
  version: 'バージョン {{version}} をアップロード',
  versionRestored: 'バージョン {{from}} からバージョン {{version}} を復元',
  correction: '詳細を訂正（バージョン {{version}}）',
  confirmation: '書類の読取結果で詳細を確認（バージョン {{version}}）',
  acceptance: '受け付けたファイルを受け入れ（バージョン {{version}}）',
  deletion: '削除（ごみ箱へ移動）',
  restore: 'ごみ箱から復元',
  linkCreated: '共有リンク {{link}} を作成',
  linkRevoked: '共有リンク {{link}} を無効化',
  reason: '理由：{{reason}}',
  by: '{{user}}・{{at}}',
};

export const fileActivityTexts: { en: typeof en; ja: typeof en } = { en, ja };
