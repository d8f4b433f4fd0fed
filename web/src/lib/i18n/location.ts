/**
 * UI texts of the `location` section, English and Japanese side by side (en.ts and ja.ts spread them
 * in): the folder chooser of the drive (components/location-dialog.tsx), used to restore from the
 * trash and later to move. The dialog's title and button come from the caller.
 */
const en = {
  treeLabel: 'Folders',
  root: 'Drive',
  expand: 'Expand',
  collapse: 'Collapse',
  loading: 'Loading folders…',
  loadFailed: 'The folders could not be loaded.',
  retry: 'Retry',
  selected: 'Selected',
  chosen: 'Selected location',
  noneChosen: 'Select a folder.',
  more: 'Only the first {{count}} folders are shown here.',
};

const ja: typeof en = {
  treeLabel: 'フォルダー',
  root: 'ドライブ',
  expand: '展開',
  collapse: '折りたたむ',
  loading: 'フォルダーを読み込み中…',
  loadFailed: 'フォルダーを読み込めませんでした。',
  retry: '再試行',
  selected: '選択中',
  chosen: '選択した場所',
  noneChosen: 'フォルダーを選択してください。',
  more: '最初の{{count}}件のフォルダーだけを表示しています。',
};

export const locationTexts: { en: typeof en; ja: typeof en } = { en, ja };
