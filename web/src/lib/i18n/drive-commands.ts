/**
 * UI texts of the `driveCommands` section, English and Japanese side by side (en.ts and ja.ts spread
 * them in): what the drive's commands say beyond their labels (disabled reasons, undo), the context
 * menu, the keyboard shortcuts and their help, drag to move, the filter of the folder's name box,
 * the favourite star and the rename dialog's extension warning.
 */
const en = {
  open: 'Open',
  reasons: {
    open: 'Select one file or folder that has finished uploading.',
    notAllowed: 'You may not do this here.',
  },
  download: {
    none: 'Select the files or folders to download.',
    notReady: 'Wait until every selected file has finished uploading.',
    threat: 'A selected file has a threat found by the malware scan: it cannot be downloaded.',
    zipOne: '{{name}}.zip',
  },
  undo: {
    action: 'Undo',
    undoing: 'Undoing…',
    undone: 'Undone.',
    failed: 'Could not undo: {{message}}',
  },
  menu: {
    label: 'Actions for the selection',
  },
  shortcuts: {
    title: 'Keyboard shortcuts',
    intro: 'These keys work in the drive when you are not typing in a field.',
    key: 'Key',
    does: 'What it does',
    close: 'Close',
    help: 'Show the keyboard shortcuts',
    search: 'Search this folder',
    rename: 'Rename the selected item',
    trash: 'Move the selection to the trash',
    open: 'Open the selected file or folder',
    selectAll: 'Select every item of the page',
    clear: 'Clear the selection',
    menu: 'Open the actions menu of the selection',
    previewArrows: 'In the preview: the previous or next file',
  },
  drag: {
    moving: 'Moving {{count}} item(s)…',
    copyHint: 'Hold Ctrl or Alt while dropping to copy instead.',
    label: 'Drag {{name}} onto a folder to move it',
  },
  filter: {
    searching: 'Searching this folder…',
    results_one: '{{count}} item in this folder matches "{{text}}".',
    results_other: '{{count}} items in this folder match "{{text}}".',
    none: 'Nothing in this folder matches "{{text}}".',
    capped: 'Only the first matches are shown.',
    wholeDrive: 'Search the whole drive',
  },
  favorite: {
    add: 'Add {{name}} to favourites',
    remove: 'Remove {{name}} from favourites',
  },
  rename: {
    extensionChanged: 'The extension changes from "{{from}}" to "{{to}}": the file may no longer open as before.',
    extensionRemoved: 'The extension "{{from}}" is removed: the file may no longer open as before.',
  },
};

const ja: typeof en = {
  open: '開く',
  reasons: {
    open: 'アップロードが完了したファイルまたはフォルダーを 1 つ選択してください。',
    notAllowed: 'ここではこの操作はできません。',
  },
  download: {
    none: 'ダウンロードするファイルまたはフォルダーを選択してください。',
    notReady: '選択したすべてのファイルのアップロードが完了するまでお待ちください。',
    threat: '選択したファイルにマルウェアスキャンで脅威が見つかったため、ダウンロードできません。',
    zipOne: '{{name}}.zip',
  },
  undo: {
    action: '元に戻す',
    undoing: '元に戻しています…',
    undone: '元に戻しました。',
    failed: '元に戻せませんでした: {{message}}',
  },
  menu: {
    label: '選択したアイテムの操作',
  },
  shortcuts: {
    title: 'キーボードショートカット',
    intro: '入力欄に入力していないとき、ドライブで次のキーが使えます。',
    key: 'キー',
    does: '動作',
    close: '閉じる',
    help: 'キーボードショートカットを表示',
    search: 'このフォルダーを検索',
    rename: '選択したアイテムの名前を変更',
    trash: '選択したアイテムをごみ箱に移動',
    open: '選択したファイルまたはフォルダーを開く',
    selectAll: 'このページのすべてのアイテムを選択',
    clear: '選択を解除',
    menu: '選択したアイテムの操作メニューを開く',
    previewArrows: 'プレビュー中: 前または次のファイル',
  },
  drag: {
    moving: '{{count}} 件のアイテムを移動しています…',
    copyHint: 'Ctrl または Alt を押しながらドロップするとコピーします。',
    label: '{{name}} をフォルダーにドラッグして移動',
  },
  filter: {
    searching: 'このフォルダーを検索しています…',
    // Japanese has one form (i18next reads only _other for ja); the key set stays the English one.
    results_one: 'このフォルダーで「{{text}}」に一致するアイテム: {{count}} 件',
    results_other: 'このフォルダーで「{{text}}」に一致するアイテム: {{count}} 件',
    none: 'このフォルダーに「{{text}}」に一致するアイテムはありません。',
    capped: '最初に見つかったものだけを表示しています。',
    wholeDrive: 'ドライブ全体を検索',
  },
  favorite: {
    add: '{{name}} をお気に入りに追加',
    remove: '{{name}} をお気に入りから削除',
  },
  rename: {
    extensionChanged: '拡張子が「{{from}}」から「{{to}}」に変わります。これまでどおりに開けなくなる場合があります。',
    extensionRemoved: '拡張子「{{from}}」がなくなります。これまでどおりに開けなくなる場合があります。',
  },
};

export const driveCommandsTexts: { en: typeof en; ja: typeof en } = { en, ja };
