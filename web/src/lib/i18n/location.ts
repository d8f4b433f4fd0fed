/**
 * UI texts of the `location` section, English and Japanese side by side (en.ts and ja.ts spread them
 * in): the folder chooser of the drive (components/location-dialog.tsx), used to copy, move and
 * restore from the trash to a new place. The dialog's title and button come from the caller.
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
  showMore: 'Show more folders',
  viewOnly: 'View only',
  restricted: 'Restricted: this folder has its own permission settings',
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
  showMore: 'さらにフォルダーを表示',
  viewOnly: '閲覧のみ',
  restricted: 'アクセス制限: このフォルダーには独自のアクセス権限が設定されています',
};

export const locationTexts: { en: typeof en; ja: typeof en } = { en, ja };
