/**
 * UI texts of the `ipPolicy` section, English and Japanese side by side (en.ts and ja.ts spread them in).
 * Same shape in both languages: ja is checked against en.
 */
const en = {
  title: 'IP address restriction',
  intro:
    'Allow sign-in and use only from the listed IPv4 addresses and ranges. A user group’s own list takes precedence over the contract-wide list for the group’s members. An empty list allows every address.',
  yourAddress: {
    label: 'Your current address:',
    allowed: 'This address is allowed by the list in the form.',
    notAllowed: 'This address is not in the list in the form. If this list applies to you, saving is refused so that you do not lock yourself out.',
    add: 'Add my address',
  },
  contract: {
    title: 'Contract-wide list',
    description: 'Applies to every user whose account-area user group has no list of its own.',
    label: 'Allowed IP addresses',
    constraint:
      'IPv4 addresses, or ranges with a subnet mask from /0 to /32, separated by commas (e.g. 192.0.2.10, 198.51.100.0/24). Up to {{max}} entries. Leave empty to allow every address.',
    placeholder: '192.0.2.10, 198.51.100.0/24',
    state: 'In force',
    none: 'No restriction: every address is allowed.',
    ranges_one: '{{count}} address or range',
    ranges_other: '{{count}} addresses or ranges',
    updated: 'Last saved',
    updatedBy: '{{date}} by {{name}}',
    never: 'Never saved',
    saved: 'The contract-wide IP address list has been saved.',
  },
  groups: {
    title: 'User groups',
    description: 'Account-area user groups. A group with a list of its own uses only that list; the others follow the contract-wide list.',
    filter: 'Find a group by name',
    empty: 'There are no account-area user groups.',
    columns: {
      name: 'User group',
      members: 'Members',
      list: 'Allowed IP addresses',
      updated: 'Last saved',
      action: 'Change',
    },
    inherits: 'Contract-wide list applies',
    edit: 'Edit',
    editLabel: 'Edit the IP address list of {{name}}',
    saved: 'The IP address list of {{name}} has been saved.',
    removed: 'The IP address list of {{name}} has been removed; the contract-wide list applies.',
  },
  modal: {
    title: 'IP address list of {{name}}',
    description: 'Members of this group may sign in and use the service only from these addresses. Leave empty to remove the group’s list (the contract-wide list applies again).',
  },
  unsaved: 'You have changed the contract-wide IP address list without saving. If you continue, your changes are lost.',
};

export const ipPolicyTexts: { en: typeof en; ja: typeof en } = {
  en,
  ja: {
    title: 'IPアドレス制限',
    intro:
      '登録したIPv4アドレスと範囲からのみ、ログインと利用を許可します。ユーザーグループ独自のリストは、そのグループのメンバーについて契約全体のリストより優先されます。リストが空の場合は、すべてのアドレスから利用できます。',
    yourAddress: {
      label: '現在のアドレス：',
      allowed: 'このアドレスは入力中のリストで許可されています。',
      notAllowed: 'このアドレスは入力中のリストに含まれていません。このリストがご自身に適用される場合、アクセスできなくなるのを防ぐため保存は拒否されます。',
      add: '現在のアドレスを追加',
    },
    contract: {
      title: '契約全体のリスト',
      description: 'アカウント領域のユーザーグループに独自のリストがないすべてのユーザーに適用されます。',
      label: '許可するIPアドレス',
      constraint:
        'IPv4アドレス、またはサブネットマスク（/0～/32）付きの範囲をカンマ区切りで入力してください（例: 192.0.2.10, 198.51.100.0/24）。最大{{max}}件。空欄にするとすべてのアドレスを許可します。',
      placeholder: '192.0.2.10, 198.51.100.0/24',
      state: '適用中',
      none: '制限なし（すべてのアドレスを許可）',
      ranges_one: '{{count}}件のアドレスまたは範囲',
      ranges_other: '{{count}}件のアドレスまたは範囲',
      updated: '最終保存',
      updatedBy: '{{date}}（{{name}}）',
      never: '未保存',
      saved: '契約全体のIPアドレスリストを保存しました。',
    },
    groups: {
      title: 'ユーザーグループ',
      description: 'アカウント領域のユーザーグループです。独自のリストを持つグループはそのリストのみを使用し、それ以外のグループは契約全体のリストに従います。',
      filter: 'グループ名で検索',
      empty: 'アカウント領域のユーザーグループはありません。',
      columns: {
        name: 'ユーザーグループ',
        members: 'メンバー数',
        list: '許可するIPアドレス',
        updated: '最終保存',
        action: '変更',
      },
      inherits: '契約全体のリストを適用',
      edit: '編集',
      editLabel: '{{name}} のIPアドレスリストを編集',
      saved: '{{name}} のIPアドレスリストを保存しました。',
      removed: '{{name}} のIPアドレスリストを削除しました。契約全体のリストが適用されます。',
    },
    modal: {
      title: '{{name}} のIPアドレスリスト',
      description: 'このグループのメンバーは、これらのアドレスからのみログインと利用ができます。空欄にするとグループのリストを削除します（契約全体のリストが再び適用されます）。',
    },
    unsaved: '契約全体のIPアドレスリストが保存されていません。続行すると変更内容は失われます。',
  },
};
