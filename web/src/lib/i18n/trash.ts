/**
 * UI texts of the `trash` section, English and Japanese side by side (en.ts and ja.ts spread them in):
 * the drive's trash (/trash): the list of deleted entries, restoring them (where they were or to a
 * chosen folder), deleting them for good and emptying the trash. Same shape in both languages: ja is
 * checked against en.
 */
// One entry is named, several are counted: `…One` / `…Many` (Japanese has no plural forms to tell them
// apart); counts alone use i18next's plurals (`_one` / `_other`).
const en = {
  title: 'Trash',
  tableLabel: 'Deleted files and folders',
  description: {
    contract: 'Files and folders deleted by anyone in your company. They stay here until they are restored or deleted forever.',
    own: 'Files and folders you deleted. Only your own deletions are shown here.',
  },
  columns: {
    name: 'Name',
    location: 'Original location',
    deletedAt: 'Deleted',
    deletedBy: 'Deleted by',
    size: 'Size',
    kind: 'Type',
    createdBy: 'Created by',
    retainedUntil: 'Kept until',
  },
  place: {
    trashed: 'In the trash',
    missing: 'No longer exists',
  },
  actions: {
    restore: 'Restore',
    restoreTo: 'Restore to…',
    deleteForever: 'Delete forever',
    emptyTrash: 'Empty trash',
    refresh: 'Refresh',
  },
  disabled: {
    selectFirst: 'Select one or more items first.',
    placeUnavailable: 'The original location of a selected item no longer exists or is in the trash. Use "Restore to…" to choose another folder.',
    alreadyEmpty: 'The trash is empty.',
    retainedOne: '"{{name}}" must be kept until {{date}} (Electronic Bookkeeping Act). It cannot be deleted forever before then.',
    retainedMany: 'The selected documents must be kept until their retention ends, the first on {{date}} (Electronic Bookkeeping Act). They cannot be deleted forever before then.',
  },
  loading: 'Loading deleted items',
  empty: {
    title: 'The trash is empty',
    description: 'Files and folders deleted from the drive are kept here until they are restored or deleted forever.',
  },
  restore: {
    doneOne: '"{{name}}" was restored.',
    doneMany: '{{count}} items were restored.',
    failed_one: '{{count}} item could not be restored',
    failed_other: '{{count}} items could not be restored',
    openFolder: 'Open folder',
  },
  restoreTo: {
    title: 'Restore to a folder',
    descriptionOne: 'Choose the folder to restore "{{name}}" into.',
    descriptionMany: 'Choose the folder to restore the {{count}} selected items into.',
    foldersNote: 'Folders are restored with everything inside them.',
    submit: 'Restore here',
  },
  deleteForever: {
    header: 'Delete forever',
    confirmOne: 'Permanently delete "{{name}}"? You can\'t undo this action.',
    confirmMany: 'Permanently delete the {{count}} selected items? You can\'t undo this action.',
    folders: 'Everything inside the selected folders is deleted too.',
    doneOne: '"{{name}}" was deleted forever.',
    doneMany: '{{count}} items were deleted forever.',
    failed_one: '{{count}} item could not be deleted',
    failed_other: '{{count}} items could not be deleted',
    /** A mixed selection: the retained documents are not sent, and the dialog names them. */
    retainedIntro_one: 'This document is under retention (Electronic Bookkeeping Act): it is not deleted and stays in the trash.',
    retainedIntro_other: 'These {{count}} documents are under retention (Electronic Bookkeeping Act): they are not deleted and stay in the trash.',
    retainedItem: '{{name}}: kept until {{date}}',
    kept_one: '{{count}} document under retention stays in the trash.',
    kept_other: '{{count}} documents under retention stay in the trash.',
  },
  emptyTrash: {
    header: 'Empty trash',
    confirm: 'Permanently delete every item in the trash? You can\'t undo this action.',
    consequences: 'This includes items other users deleted. Folders are deleted with everything inside them.',
    done: 'The trash was emptied.',
    background: 'The trash is being emptied. Large folders are removed in the background and leave the list as they go.',
  },
  /** When every entry of a bulk action is refused, the server reports the first refusal only. */
  notChanged_one: 'The other selected item was not changed either.',
  notChanged_other: 'The other {{count}} selected items were not changed either.',
};

const ja: typeof en = {
  title: 'ごみ箱',
  tableLabel: '削除したファイルとフォルダー',
  description: {
    contract: '社内のユーザーが削除したファイルとフォルダーです。復元するか完全に削除するまで、ここに保管されます。',
    own: 'あなたが削除したファイルとフォルダーです。ここにはご自身が削除したものだけが表示されます。',
  },
  columns: {
    name: '名前',
    location: '元の場所',
    deletedAt: '削除日時',
    deletedBy: '削除者',
    size: 'サイズ',
    kind: '種類',
    createdBy: '作成者',
    retainedUntil: '保存期限',
  },
  place: {
    trashed: 'ごみ箱内',
    missing: '存在しません',
  },
  actions: {
    restore: '復元',
    restoreTo: '場所を指定して復元…',
    deleteForever: '完全に削除',
    emptyTrash: 'ごみ箱を空にする',
    refresh: '更新',
  },
  disabled: {
    selectFirst: 'アイテムを1つ以上選択してください。',
    placeUnavailable: '選択したアイテムの元の場所が存在しないか、ごみ箱にあります。「場所を指定して復元」で復元先のフォルダーを選んでください。',
    alreadyEmpty: 'ごみ箱は空です。',
    retainedOne: '「{{name}}」は{{date}}まで保存が必要です（電子帳簿保存法）。それまでは完全に削除できません。',
    retainedMany: '選択した書類は保存期間が終わるまで保存が必要です。最初の期限は{{date}}です（電子帳簿保存法）。それまでは完全に削除できません。',
  },
  loading: 'ごみ箱を読み込み中',
  empty: {
    title: 'ごみ箱は空です',
    description: 'ドライブで削除したファイルとフォルダーは、復元するか完全に削除するまでここに保管されます。',
  },
  restore: {
    doneOne: '「{{name}}」を復元しました。',
    doneMany: '{{count}}件のアイテムを復元しました。',
    failed_one: '{{count}}件のアイテムを復元できませんでした',
    failed_other: '{{count}}件のアイテムを復元できませんでした',
    openFolder: 'フォルダーを開く',
  },
  restoreTo: {
    title: '復元先の選択',
    descriptionOne: '「{{name}}」を復元するフォルダーを選んでください。',
    descriptionMany: '選択した{{count}}件のアイテムを復元するフォルダーを選んでください。',
    foldersNote: 'フォルダーは中身ごと復元されます。',
    submit: 'ここに復元',
  },
  deleteForever: {
    header: '完全に削除',
    confirmOne: '「{{name}}」を完全に削除しますか？この操作は元に戻せません。',
    confirmMany: '選択した{{count}}件のアイテムを完全に削除しますか？この操作は元に戻せません。',
    folders: '選択したフォルダーの中身もすべて削除されます。',
    doneOne: '「{{name}}」を完全に削除しました。',
    doneMany: '{{count}}件のアイテムを完全に削除しました。',
    failed_one: '{{count}}件のアイテムを削除できませんでした',
    failed_other: '{{count}}件のアイテムを削除できませんでした',
    retainedIntro_one: 'この書類は保存期間中です（電子帳簿保存法）。削除されず、ごみ箱に残ります。',
    retainedIntro_other: '次の{{count}}件の書類は保存期間中です（電子帳簿保存法）。削除されず、ごみ箱に残ります。',
    retainedItem: '{{name}}：{{date}}まで保存',
    kept_one: '保存期間中の書類{{count}}件はごみ箱に残しました。',
    kept_other: '保存期間中の書類{{count}}件はごみ箱に残しました。',
  },
  emptyTrash: {
    header: 'ごみ箱を空にする',
    confirm: 'ごみ箱内のすべてのアイテムを完全に削除しますか？この操作は元に戻せません。',
    consequences: '他のユーザーが削除したアイテムも含まれます。フォルダーは中身ごと削除されます。',
    done: 'ごみ箱を空にしました。',
    background: 'ごみ箱を空にしています。大きなフォルダーはバックグラウンドで削除され、完了したものから一覧から消えます。',
  },
  notChanged_one: '選択した他のアイテムも処理されませんでした。',
  notChanged_other: '選択した他の{{count}}件のアイテムも処理されませんでした。',
};

export const trashTexts: { en: typeof en; ja: typeof en } = { en, ja };
