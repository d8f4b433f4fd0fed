/**
 * UI texts of the `driveJobs` section, English and Japanese side by side (en.ts and ja.ts spread them in):
 * the drive's copy and ZIP download, their location dialog and the progress of their jobs.
 */
const en = {
  copyAction: 'Copy to…',
  copyDisabled: 'Select the items to copy.',
  copyTitle: 'Copy to a folder',
  copyDescriptionOne: 'Choose the folder to copy "{{name}}" into.',
  copyDescriptionMany: 'Choose the folder to copy {{count}} items into.',
  copyNote: 'A folder is copied with everything inside it. The copy appears once it is complete.',
  copySubmit: 'Copy here',
  copying: 'Copying to {{folder}}',
  copiedOne: '"{{name}}" was copied to {{folder}}.',
  copiedMany: '{{count}} items were copied to {{folder}}.',
  copyFailed: 'The copy could not be made.',
  copyRefused_one: '{{count}} item could not be copied.',
  copyRefused_other: '{{count}} items could not be copied.',
  zipAction: 'Download as ZIP',
  zipDisabled: 'Select a folder, or several items, to download as one ZIP file.',
  zipMany: '{{count}} items',
  zipping: 'Preparing the ZIP file of {{name}}',
  zipFailed: 'The ZIP file could not be prepared.',
  counting: 'Counting the items…',
  progress: '{{done}} of {{total}} items',
  hide: 'Hide',
};

const ja: typeof en = {
  copyAction: 'コピー…',
  copyDisabled: 'コピーするアイテムを選択してください。',
  copyTitle: 'フォルダーにコピー',
  copyDescriptionOne: '「{{name}}」のコピー先フォルダーを選択してください。',
  copyDescriptionMany: '{{count}} 件のアイテムのコピー先フォルダーを選択してください。',
  copyNote: 'フォルダーは中身ごとコピーされます。コピーは完了した時点で表示されます。',
  copySubmit: 'ここにコピー',
  copying: '{{folder}} にコピー中',
  copiedOne: '「{{name}}」を {{folder}} にコピーしました。',
  copiedMany: '{{count}} 件のアイテムを {{folder}} にコピーしました。',
  copyFailed: 'コピーできませんでした。',
  copyRefused_one: '{{count}} 件のアイテムをコピーできませんでした。',
  copyRefused_other: '{{count}} 件のアイテムをコピーできませんでした。',
  zipAction: 'ZIP でダウンロード',
  zipDisabled: 'フォルダー、または複数のアイテムを選択すると、1 つの ZIP ファイルとしてダウンロードできます。',
  zipMany: '{{count}} 件のアイテム',
  zipping: '{{name}} の ZIP ファイルを作成中',
  zipFailed: 'ZIP ファイルを作成できませんでした。',
  counting: 'アイテムを数えています…',
  progress: '{{total}} 件中 {{done}} 件',
  hide: '非表示',
};

export const driveJobsTexts: { en: typeof en; ja: typeof en } = { en, ja };
