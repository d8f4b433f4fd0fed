/**
 * UI texts of the `picker` section, English and Japanese side by side (en.ts and ja.ts spread them in):
 * the user-or-group picker dialog. Same shape in both languages: ja is checked against en.
 */
const en = {
  title: 'Select users or groups',
  titleUsers: 'Select users',
  tabs: {
    groups: 'User groups',
    users: 'Users',
  },
  tabsLabel: 'What to select',
  searchGroups: 'Find groups by name (beginning)',
  searchUsers: 'Find users by name (beginning)',
  columns: {
    groupName: 'Group name',
    note: 'Note',
    userCount: 'Users',
    userName: 'User name',
    userId: 'User ID',
  },
  filters: {
    group: 'User group',
    anyGroup: 'Any group',
    corp: 'Legal entity name',
    department: 'Department',
    post: 'Post',
    includeSuspended: 'Include suspended users',
  },
  selectedOnly: 'Show selected only',
  selected: 'Selected ({{count}})',
  noneSelected: 'Nothing selected yet.',
  deselect: 'Remove {{name}}',
  loading: 'Loading',
  empty: 'Nothing found.',
  emptySelected: 'Nothing is selected.',
  groupTag: 'Group',
  userTag: 'User',
  showMore: 'Show more',
  showFewer: 'Show fewer',
  submit: 'OK',
};

const ja: typeof en = {
  title: 'ユーザーまたはグループの選択',
  titleUsers: 'ユーザーの選択',
  tabs: {
    groups: 'ユーザーグループ',
    users: 'ユーザー',
  },
  tabsLabel: '選択する対象',
  searchGroups: 'グループ名で検索（前方一致）',
  searchUsers: 'ユーザー名で検索（前方一致）',
  columns: {
    groupName: 'グループ名',
    note: '備考',
    userCount: 'ユーザー数',
    userName: 'ユーザー名',
    userId: 'ユーザーID',
  },
  filters: {
    group: 'ユーザーグループ',
    anyGroup: 'すべてのグループ',
    corp: '法人名',
    department: '部署',
    post: '役職',
    includeSuspended: '利用停止中のユーザーを含める',
  },
  selectedOnly: '選択済みのみ表示',
  selected: '選択済み（{{count}}）',
  noneSelected: 'まだ何も選択されていません。',
  deselect: '{{name}} を選択から外す',
  loading: '読み込み中',
  empty: '見つかりませんでした。',
  emptySelected: '何も選択されていません。',
  groupTag: 'グループ',
  userTag: 'ユーザー',
  showMore: 'さらに表示',
  showFewer: '表示を減らす',
  submit: 'OK',
};

export const pickerTexts: { en: typeof en; ja: typeof en } = { en, ja };
