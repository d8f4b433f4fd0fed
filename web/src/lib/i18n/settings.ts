/**
 * UI texts of the `settings` section, English and Japanese side by side (en.ts and ja.ts spread them in):
 * the common settings screen (/common-settings). Same shape in both languages: ja is checked against en.
 */
const en = {
  description: 'Rules for the whole contract: how long the trash keeps items, sharing, share links, the fiscal year and the reading of documents.',
  on: 'On',
  off: 'Off',
  saved: 'The common settings have been saved.',
  range: 'From {{min}} to {{max}}.',
  unsaved: {
    message: 'You have changed the common settings without saving. If you continue, your changes are lost.',
  },
  trash: {
    title: 'Trash',
    description: 'How long deleted files and folders stay in the trash, where users can still restore them.',
  },
  sharing: {
    title: 'Sharing',
    description: 'What users may share, and how.',
    issuerLevels: { view: 'View and above', active: 'Active and above', update: 'Update' },
  },
  links: {
    title: 'Share links',
    description: 'The validity and download limit a new link starts with, and the most a user may set.',
    issuingOff: 'URL issuing is off. These settings apply once it is turned on.',
    rangeNoLimit: 'From {{min}} to {{max}}. 0: no limit.',
    noLimit: 'No limit',
  },
  storage: {
    title: 'Storage',
    description: "The contract's storage quota and what it holds now. The quota is set by the operator; ask them to change it.",
    quota: 'Quota',
    noQuota: 'No quota',
    used: 'Stored',
    files: 'Files',
    uploads: 'Uploads in progress',
  },
  reading: {
    title: 'Reading documents',
    description: 'The transaction date, amount, partners and registration number are read from each uploaded PDF or image and offered for confirmation beside the fields. These settings tell the reading which documents your company issued.',
  },
  fiscal: {
    title: 'Fiscal year and retention',
    description: 'Used by the electronic bookkeeping rules to work out how long documents are kept.',
    period: 'Fiscal year: {{from}} to {{to}}.',
    taxActTitle: 'Corporation Tax Act',
    taxActNote:
      'Books and records must be kept for 7 years from the day after the tax return deadline, or 10 years for fiscal years with a loss carried forward. Check the period your organisation needs with your tax adviser.',
  },
  fields: {
    trash_retention_days: {
      label: 'Retention period (days)',
      description: 'Items that have been in the trash longer than this are deleted for good by an hourly job. A shorter period takes effect at the next run.',
    },
    file_sharing: { label: 'File sharing', description: 'Users may share files and folders with other users and groups through access permissions.' },
    url_issuing: { label: 'URL issuing', description: 'Users may issue share links (URLs) to files, with a validity period and a download limit.' },
    link_issuer_level: {
      label: 'Who may issue share links',
      description: 'The lowest drive level on a file that may issue links to it; administrators always may. Links issued by users below it stop working.',
    },
    link_default_days: { label: 'Default validity (days)', description: 'How long a new link stays valid.' },
    link_max_days: { label: 'Maximum validity (days)', description: 'The longest validity a user may set.' },
    link_default_downloads: { label: 'Default download limit', description: 'How many downloads a new link allows.' },
    link_max_downloads: { label: 'Maximum download limit', description: 'The most downloads a user may allow. With a maximum set, the default must be a number up to it.' },
    link_password_required: { label: 'Password required', description: 'Every new link needs a password to open it.' },
    fiscal_year_end_month: { label: 'Fiscal year end month', description: 'The month your fiscal year ends.' },
    retention_years: { label: 'Retention period (years)', description: 'Years documents are kept after the end of the fiscal year they belong to.' },
    scanner_processing_rule: {
      label: 'Processing rule for scanned documents',
      description: 'Your company keeps a processing rule (事務処理規程) with a business cycle: a scan may be registered up to two months and 7 business days after the paper was received, instead of 7 business days.',
    },
    own_company_name: {
      label: 'Your company name',
      placeholder: 'e.g. 株式会社サンプル',
      description: 'As it is printed on the documents you issue. A document issued under this name is your own: its addressee is taken as the trading partner.',
    },
    own_invoice_number: {
      label: 'Your invoice registration number',
      description: 'Your qualified invoice issuer number. A document that carries it as the issuer\'s is your own. Leave it empty if you have none.',
    },
    invoice_registry_check: {
      label: 'Check registration numbers with the National Tax Agency',
      description: "Each registration number read is looked up on the National Tax Agency's publication site (適格請求書発行事業者公表システム) for the transaction date, and the registered name is shown beside the trading partner. Needs the application ID your operator sets for the environment; without it, only the check digit is checked.",
    },
  },
};

const ja: typeof en = {
  description: '契約全体に適用される設定です。ごみ箱の保存期間、共有、共有リンク、事業年度、書類の読み取りを設定します。',
  on: 'オン',
  off: 'オフ',
  saved: '共通設定を保存しました。',
  range: '{{min}}～{{max}}',
  unsaved: {
    message: '共通設定の変更が保存されていません。続けると変更は失われます。',
  },
  trash: {
    title: 'ごみ箱',
    description: '削除したファイルとフォルダーをごみ箱に残す期間です。この間はユーザーが元に戻せます。',
  },
  sharing: {
    title: '共有',
    description: 'ユーザーが共有できる範囲と方法です。',
    issuerLevels: { view: '閲覧以上', active: '利用以上', update: '更新' },
  },
  links: {
    title: '共有リンク',
    description: '新しいリンクの有効期限とダウンロード回数の初期値、およびユーザーが設定できる上限です。',
    issuingOff: 'URL発行がオフです。これらの設定は、URL発行をオンにすると適用されます。',
    rangeNoLimit: '{{min}}～{{max}}（0: 無制限）',
    noLimit: '無制限',
  },
  storage: {
    title: 'ストレージ',
    description: '契約のストレージ容量の上限と現在の使用量です。上限は運用担当者が設定します。変更は運用担当者に依頼してください。',
    quota: '容量の上限',
    noQuota: '上限なし',
    used: '保存済み',
    files: 'ファイル数',
    uploads: 'アップロード中',
  },
  reading: {
    title: '書類の読み取り',
    description: 'アップロードした PDF や画像から取引年月日・取引金額・取引先・登録番号を読み取り、各項目の横に確認用として表示します。ここでは、自社が発行した書類を見分けるための情報を設定します。',
  },
  fiscal: {
    title: '事業年度と保存年数',
    description: '電子帳簿保存のルールで、書類の保存期間を求めるために使います。',
    period: '事業年度: {{from}}～{{to}}',
    taxActTitle: '法人税法',
    taxActNote:
      '帳簿書類は、確定申告書の提出期限の翌日から7年間（欠損金の繰越控除を受ける事業年度は10年間）保存する必要があります。必要な保存年数は税理士にご確認ください。',
  },
  fields: {
    trash_retention_days: {
      label: 'ごみ箱の保存期間（日）',
      description: 'この期間を過ぎた項目は、1時間ごとの処理で完全に削除されます。期間を短くすると次回の処理から適用されます。',
    },
    file_sharing: { label: 'ファイル共有', description: 'アクセス権限により、ファイルとフォルダーを他のユーザーやグループと共有できます。' },
    url_issuing: { label: 'URL発行', description: '有効期限とダウンロード回数の上限付きで、ファイルの共有リンク（URL）を発行できます。' },
    link_issuer_level: {
      label: '共有リンクを発行できる権限',
      description: 'ファイルに対してこの権限以上を持つユーザーがリンクを発行できます（管理者は常に発行できます）。これより低い権限のユーザーが発行したリンクは使えなくなります。',
    },
    link_default_days: { label: '有効期限の初期値（日）', description: '新しいリンクが有効な日数です。' },
    link_max_days: { label: '有効期限の上限（日）', description: 'ユーザーが設定できる最長の日数です。' },
    link_default_downloads: { label: 'ダウンロード回数の初期値', description: '新しいリンクでダウンロードできる回数です。' },
    link_max_downloads: { label: 'ダウンロード回数の上限', description: 'ユーザーが設定できる最大の回数です。上限を設定した場合、初期値は上限以下の回数にしてください。' },
    link_password_required: { label: 'パスワード必須', description: 'すべての新しいリンクにパスワードを必須にします。' },
    fiscal_year_end_month: { label: '決算月', description: '事業年度が終わる月です。' },
    retention_years: { label: '保存年数', description: '書類が属する事業年度の終了後、保存する年数です。' },
    scanner_processing_rule: {
      label: 'スキャナ保存の事務処理規程',
      description: '業務処理サイクル方式の事務処理規程を定めている場合、受領から2か月とおおむね7営業日以内に登録すれば期限内とします（定めがない場合は7営業日以内）。',
    },
    own_company_name: {
      label: '自社名',
      placeholder: '例: 株式会社サンプル',
      description: '自社が発行する書類に記載している社名です。この名前で発行された書類は自社発行とみなし、宛先を取引先として読み取ります。',
    },
    own_invoice_number: {
      label: '自社の登録番号',
      description: '自社の適格請求書発行事業者登録番号です。発行者としてこの番号が記載された書類は自社発行とみなします。登録がない場合は空欄のままにしてください。',
    },
    invoice_registry_check: {
      label: '登録番号を国税庁の公表サイトで確認',
      description: '読み取った登録番号を、国税庁の適格請求書発行事業者公表システムで取引年月日時点について照会し、登録されている名称を取引先の横に表示します。運用担当者が環境に設定するアプリケーションIDが必要です。設定されていない場合は、チェックデジットのみを確認します。',
    },
  },
};

export const settingsTexts: { en: typeof en; ja: typeof en } = { en, ja };
