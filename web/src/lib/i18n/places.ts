/**
 * UI texts of the `places` section, English and Japanese side by side (en.ts and ja.ts spread them
 * in): the favourites page (/favorites), the recent files page (/recent), and the drive page's
 * "Add to favourites" / "Remove from favourites". Same shape in both languages: ja is checked against en.
 */
const en = {
  columns: {
    name: 'Name',
    place: 'Location',
    size: 'Size',
    updated: 'Updated',
    favoriteDate: 'Added',
    usedDate: 'Last used',
    action: 'Activity',
    kind: 'Type',
    updatedBy: 'Updated by',
  },
  open: 'Open {{name}}',
  openFile: 'Show {{name}} in its folder',
  favoriteMark: 'Favourite',
  favorites: {
    title: 'Favourites',
    tableLabel: 'Favourite files and folders',
    description: 'Files and folders you starred. Open one to go to it in the drive.',
    loading: 'Loading favourites',
    empty: {
      title: 'No favourites yet',
      description: 'Select files or folders in the drive and choose "Add to favourites" to find them here.',
      goToDrive: 'Go to the drive',
    },
    remove: 'Remove from favourites',
    removeDisabled: 'Select one or more favourites first.',
    removedOne: '"{{name}}" was removed from your favourites.',
    removedMany: '{{count}} items were removed from your favourites.',
    removeFailed_one: '{{count}} favourite could not be removed',
    removeFailed_other: '{{count}} favourites could not be removed',
  },
  recent: {
    title: 'Recent files',
    tableLabel: 'Recently used files',
    description: 'The files you uploaded, downloaded or renamed most recently (up to 100), newest first.',
    loading: 'Loading recent files',
    empty: {
      title: 'No recent files',
      description: 'Files you upload, download or rename appear here.',
      goToDrive: 'Go to the drive',
    },
    actions: {
      open: 'Opened',
      download: 'Downloaded',
      change: 'Changed',
    },
  },
  drive: {
    addFavorite: 'Add to favourites',
    removeFavorite: 'Remove from favourites',
    favoriteDisabled: 'Select one or more items first.',
    addedOne: '"{{name}}" was added to your favourites.',
    addedMany: '{{count}} items were added to your favourites.',
    removedOne: '"{{name}}" was removed from your favourites.',
    removedMany: '{{count}} items were removed from your favourites.',
    failed_one: '{{count}} item could not be changed',
    failed_other: '{{count}} items could not be changed',
  },
};

const ja: typeof en = {
  columns: {
    name: '名前',
    place: '場所',
    size: 'サイズ',
    updated: '更新日時',
    favoriteDate: '追加日時',
    usedDate: '最終利用日時',
    action: '操作',
    kind: '種類',
    updatedBy: '更新者',
  },
  open: '{{name}}を開く',
  openFile: '{{name}}をフォルダーで表示',
  favoriteMark: 'お気に入り',
  favorites: {
    title: 'お気に入り',
    tableLabel: 'お気に入りのファイルとフォルダー',
    description: 'お気に入りに追加したファイルとフォルダーです。開くとドライブ内の場所に移動します。',
    loading: 'お気に入りを読み込み中',
    empty: {
      title: 'お気に入りはまだありません',
      description: 'ドライブでファイルやフォルダーを選択し、「お気に入りに追加」を選ぶとここに表示されます。',
      goToDrive: 'ドライブへ移動',
    },
    remove: 'お気に入りから削除',
    removeDisabled: 'お気に入りを1件以上選択してください。',
    removedOne: '「{{name}}」をお気に入りから削除しました。',
    removedMany: '{{count}}件のアイテムをお気に入りから削除しました。',
    removeFailed_one: '{{count}}件のお気に入りを削除できませんでした',
    removeFailed_other: '{{count}}件のお気に入りを削除できませんでした',
  },
  recent: {
    title: '最近使用したファイル',
    tableLabel: '最近使用したファイル',
    description: '最近アップロード、ダウンロード、名前を変更したファイル（最大100件）を新しい順に表示します。',
    loading: '最近使用したファイルを読み込み中',
    empty: {
      title: '最近使用したファイルはありません',
      description: 'アップロード、ダウンロード、名前の変更をしたファイルがここに表示されます。',
      goToDrive: 'ドライブへ移動',
    },
    actions: {
      open: '表示',
      download: 'ダウンロード',
      change: '変更',
    },
  },
  drive: {
    addFavorite: 'お気に入りに追加',
    removeFavorite: 'お気に入りから削除',
    favoriteDisabled: 'アイテムを1件以上選択してください。',
    addedOne: '「{{name}}」をお気に入りに追加しました。',
    addedMany: '{{count}}件のアイテムをお気に入りに追加しました。',
    removedOne: '「{{name}}」をお気に入りから削除しました。',
    removedMany: '{{count}}件のアイテムをお気に入りから削除しました。',
    failed_one: '{{count}}件のアイテムを変更できませんでした',
    failed_other: '{{count}}件のアイテムを変更できませんでした',
  },
};

export const placesTexts: { en: typeof en; ja: typeof en } = { en, ja };
