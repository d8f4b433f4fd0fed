/**
 * UI texts of the `transfers` section, English and Japanese side by side (en.ts and ja.ts spread
 * them in): the transfers panel (a drawer of the signed-in frame) listing this tab's uploads, with
 * each one's progress, cancel and retry, and the drop zone of the drive page.
 */
const en = {
  drawerName: 'Transfers',
  triggerActive: 'Transfers, {{count}} in progress',
  close: 'Close transfers',
  header: 'Transfers',
  summary: '{{done}} of {{total}} done',
  summaryFailed: '{{done}} of {{total}} done, {{failed}} failed',
  empty: 'No transfers yet. Files you upload appear here with their progress.',
  clearFinished: 'Clear finished',
  retryAll: 'Retry failed',
  cancel: 'Cancel',
  cancelNamed: 'Cancel the upload of {{name}}',
  retry: 'Retry',
  to: 'To {{place}}',
  state: {
    queued: 'Waiting',
    running: '{{loaded}} of {{total}}',
    done: 'Uploaded',
    cancelled: 'Cancelled',
  },
  batch: {
    started_one: 'Uploading {{count}} file.',
    started_other: 'Uploading {{count}} files.',
    show: 'Show transfers',
    done_one: '{{count}} file was uploaded.',
    done_other: '{{count}} files were uploaded.',
    failed_one: '{{count}} file could not be uploaded.',
    failed_other: '{{count}} files could not be uploaded.',
    cancelled_one: 'The upload of {{count}} file was cancelled.',
    cancelled_other: 'The upload of {{count}} files was cancelled.',
  },
  drop: {
    hint: 'Drop files or folders here to upload them to {{place}}',
    reading: 'Reading the dropped folders…',
    folderFailed: 'The folder "{{name}}" could not be created: {{message}}',
    foldersFailed_one: '{{count}} dropped folder could not be created. Its files were not uploaded.',
    foldersFailed_other: '{{count}} dropped folders could not be created. Their files were not uploaded.',
  },
};

const ja: typeof en = {
  drawerName: '転送',
  triggerActive: '転送（{{count}}件が進行中）',
  close: '転送を閉じる',
  header: '転送',
  summary: '{{total}}件中{{done}}件完了',
  summaryFailed: '{{total}}件中{{done}}件完了、{{failed}}件失敗',
  empty: '転送はまだありません。アップロードしたファイルが進行状況とともにここに表示されます。',
  clearFinished: '完了したものを消去',
  retryAll: '失敗したものを再試行',
  cancel: 'キャンセル',
  cancelNamed: '{{name}}のアップロードをキャンセル',
  retry: '再試行',
  to: '保存先: {{place}}',
  state: {
    queued: '待機中',
    running: '{{total}}中{{loaded}}',
    done: 'アップロード完了',
    cancelled: 'キャンセルしました',
  },
  batch: {
    started_one: '{{count}}件のファイルをアップロードしています。',
    started_other: '{{count}}件のファイルをアップロードしています。',
    show: '転送を表示',
    done_one: '{{count}}件のファイルをアップロードしました。',
    done_other: '{{count}}件のファイルをアップロードしました。',
    failed_one: '{{count}}件のファイルをアップロードできませんでした。',
    failed_other: '{{count}}件のファイルをアップロードできませんでした。',
    cancelled_one: '{{count}}件のファイルのアップロードをキャンセルしました。',
    cancelled_other: '{{count}}件のファイルのアップロードをキャンセルしました。',
  },
  drop: {
    hint: 'ここにファイルやフォルダーをドロップすると{{place}}にアップロードします',
    reading: 'ドロップされたフォルダーを読み込んでいます…',
    folderFailed: 'フォルダー「{{name}}」を作成できませんでした: {{message}}',
    foldersFailed_one: 'ドロップされたフォルダー{{count}}件を作成できませんでした。その中のファイルはアップロードしていません。',
    foldersFailed_other: 'ドロップされたフォルダー{{count}}件を作成できませんでした。その中のファイルはアップロードしていません。',
  },
};

export const transfersTexts: { en: typeof en; ja: typeof en } = { en, ja };
