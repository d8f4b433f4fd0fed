/**
 * UI texts of the `permissions` section, English and Japanese side by side: the folder permissions
 * dialog of the drive (docs/drive.md "Folder permissions").
 */
const en = {
  action: 'Permissions',
  actionDisabled: 'Select one folder to see or change who may use it.',
  title: 'Permissions of "{{name}}"',
  loading: 'Loading permissions…',
  readOnly: 'You can see these settings. Administrators, and users who may update this folder, can change them.',
  mode: {
    label: 'Settings',
    inherit: 'Same as the folders above',
    inheritDescription: 'Everyone keeps the access the drive and the folders above give them.',
    own: 'Settings of this folder',
    ownDescription: 'Apply to this folder and everything in it, on top of the settings of the folders above.',
  },
  policy: {
    label: 'Policy',
    allow: 'Allow list',
    allowDescription: 'Only the users and groups listed may open this folder.',
    deny: 'Deny list',
    denyDescription: 'Everyone may open this folder except those listed.',
  },
  sides: {
    allowUpdate: 'May update',
    allowUpdateDescription: 'Open, add, change and delete (as far as their drive permission allows).',
    allowView: 'May view',
    allowViewDescription: 'Open and download only.',
    denyUpdate: 'View only',
    denyUpdateDescription: 'May open and download, but change nothing.',
    denyView: 'No access',
    denyViewDescription: 'Do not see this folder at all.',
    empty: 'Nobody yet.',
    add: 'Add users or groups',
    pickTitle: 'Add to "{{side}}"',
    remove: 'Remove {{name}}',
    group: 'Group',
    user: 'User',
  },
  inherited: {
    header: 'Settings of the folders above also apply',
    entry: '{{folder}}: {{policy}}',
  },
  save: 'Save',
  saved: 'The permissions of "{{name}}" were saved.',
};

const ja: typeof en = {
  action: 'アクセス権限',
  actionDisabled: 'フォルダーを1つ選択すると、アクセス権限を確認・変更できます。',
  title: '「{{name}}」のアクセス権限',
  loading: 'アクセス権限を読み込み中…',
  readOnly: 'この設定を確認できます。変更できるのは管理者と、このフォルダーの更新権限を持つユーザーです。',
  mode: {
    label: '設定',
    inherit: '上位フォルダーと同じ',
    inheritDescription: 'ドライブと上位フォルダーで与えられたアクセスのままです。',
    own: 'このフォルダー独自の設定',
    ownDescription: 'このフォルダーとその中のすべてに、上位フォルダーの設定に加えて適用されます。',
  },
  policy: {
    label: 'ポリシー',
    allow: '許可リスト',
    allowDescription: '登録したユーザーとグループだけがこのフォルダーを開けます。',
    deny: '拒否リスト',
    denyDescription: '登録したユーザーとグループ以外は、このフォルダーを開けます。',
  },
  sides: {
    allowUpdate: '更新可',
    allowUpdateDescription: '開く・追加・変更・削除ができます（ドライブ権限の範囲内）。',
    allowView: '閲覧可',
    allowViewDescription: '開く・ダウンロードのみできます。',
    denyUpdate: '閲覧のみ',
    denyUpdateDescription: '開く・ダウンロードはできますが、変更はできません。',
    denyView: 'アクセス不可',
    denyViewDescription: 'このフォルダーは表示されません。',
    empty: 'まだ登録されていません。',
    add: 'ユーザー・グループを追加',
    pickTitle: '「{{side}}」に追加',
    remove: '{{name}} を削除',
    group: 'グループ',
    user: 'ユーザー',
  },
  inherited: {
    header: '上位フォルダーの設定も適用されます',
    entry: '{{folder}}: {{policy}}',
  },
  save: '保存',
  saved: '「{{name}}」のアクセス権限を保存しました。',
};

export const permissionsTexts: { en: typeof en; ja: typeof en } = { en, ja };
