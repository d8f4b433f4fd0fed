/**
 * UI texts of the `security` section, English and Japanese side by side (en.ts and ja.ts spread them in):
 * the security policy screen: the password policy tab. Same shape in both languages: ja is checked against en.
 */
const en = {
  description: 'The rules for passwords, sign-in addresses and single sign-on of your contract.',
  tabs: {
    password: 'Password policy',
    ip: 'IP address restriction',
    sso: 'Single sign-on (SAML)',
  },
  unsaved: {
    message: 'You have changed the password policy without saving. If you continue, your changes are lost.',
  },
  policy: {
    nistTitle: 'Defaults based on NIST SP 800-63B-4',
    nistNote:
      'By default a password needs at least 8 characters, must not contain the user ID and must be hard to guess (strength “Strong” or better: checked against breached passwords, dictionary words, names, keyboard patterns, dates and the user’s own details). Composition rules and expiry are off, as NIST SP 800-63B-4 and OWASP ASVS 5.0 advise; turn them on only if your organisation requires them. Accounts lock after 10 failed sign-ins.',
    on: 'On',
    off: 'Off',
    range: 'From {{min}} to {{max}}.',
    saved: 'The password policy has been saved.',
    composition: {
      title: 'Password requirements',
      description: 'Checked on every password change.',
    },
    lifetime: {
      title: 'Expiry, lock-out and reuse',
      description: 'When passwords expire, when accounts lock, and how many earlier passwords may not be reused.',
    },
    notifications: {
      title: 'E-mail notifications',
    },
    /** The minimum strength's choices: zxcvbn's scores, by the number of guesses that would find the password. */
    strength: {
      '0': { label: '0 – Off', description: 'Any password that meets the other requirements.' },
      '1': { label: '1 – Weak', description: 'Refuses only the most guessable passwords (found within about a thousand guesses).' },
      '2': { label: '2 – Fair', description: 'Refuses passwords found within about a million guesses.' },
      '3': { label: '3 – Strong (recommended)', description: 'Refuses passwords found within about 100 million guesses, such as a common word or name with digits.' },
      '4': { label: '4 – Very strong', description: 'Refuses passwords found within about 10 billion guesses: only long or random passwords pass.' },
    },
    fields: {
      pwd_min_len: { label: 'Minimum length', description: 'Passwords need at least this many characters (never fewer than 8).' },
      pwd_min_len_val: { label: 'Minimum number of characters', description: '' },
      pwd_alphanumeric: { label: 'Letters and digits', description: 'Require both letters and digits.' },
      pwd_symbols: { label: 'Symbols', description: 'Require at least one symbol.' },
      pwd_ignorecase: { label: 'Upper and lower case', description: 'Require both upper-case and lower-case letters.' },
      pwd_char_repeat: { label: 'Repeated characters', description: 'Limit how many times the same character may follow itself.' },
      pwd_char_repeat_val: { label: 'Most repetitions in a row', description: '' },
      pwd_usr_id: { label: 'No user ID', description: 'The password must not contain the user ID.' },
      pwd_min_strength: { label: 'Minimum strength', description: 'How hard to guess a new password must be, as the strength meter on the change-password screen rates it.' },
      pwd_expiry_days: { label: 'Password expiry (days)', description: '0: passwords never expire.' },
      pwd_expiry_warning_days: { label: 'Warn before expiry (days)', description: 'Sign-in warns this many days before the password expires.' },
      max_login_attempts: { label: 'Maximum sign-in attempts', description: 'Failed sign-ins before the account locks. 0: never lock.' },
      pwd_history_count: { label: 'Earlier passwords that may not be reused', description: '0: only the current password may not be reused.' },
      mfa_device_max: { label: 'Trusted devices per user', description: 'Devices a user may keep that skip the second sign-in step.' },
      mail_notify_lock: { label: 'Mail on account lock', description: 'Mail the user when the account locks.' },
      mail_notify_password_change: { label: 'Mail on password change', description: 'Mail the user when the password changes.' },
    },
  },
};

const ja: typeof en = {
  description: '契約のパスワード、ログイン元アドレス、シングルサインオンのルールです。',
  tabs: {
    password: 'パスワードポリシー',
    ip: 'IPアドレス制限',
    sso: 'シングルサインオン (SAML)',
  },
  unsaved: {
    message: 'パスワードポリシーの変更が保存されていません。続けると変更は失われます。',
  },
  policy: {
    nistTitle: 'NIST SP 800-63B-4 に基づく初期値',
    nistNote:
      '初期設定では、パスワードは8文字以上で、ユーザーIDを含まず、推測されにくいもの（強度「強い」以上。漏洩したパスワード、辞書の単語、人名、キーボード配列、日付、ユーザー自身の情報と照合）である必要があります。文字種の条件と有効期限は、NIST SP 800-63B-4 と OWASP ASVS 5.0 の推奨に従いオフです。組織で必要な場合にのみオンにしてください。ログインに10回失敗するとアカウントがロックされます。',
    on: 'オン',
    off: 'オフ',
    range: '{{min}}～{{max}}',
    saved: 'パスワードポリシーを保存しました。',
    composition: {
      title: 'パスワードの条件',
      description: 'パスワードを変更するたびに確認されます。',
    },
    lifetime: {
      title: '有効期限・ロック・再利用',
      description: 'パスワードの有効期限、アカウントがロックされる条件、再利用できない過去のパスワードの数です。',
    },
    notifications: {
      title: 'メール通知',
    },
    strength: {
      '0': { label: '0 – オフ', description: 'ほかの条件を満たすパスワードはすべて使用できます。' },
      '1': { label: '1 – 弱い', description: '最も推測されやすいパスワード（約1,000回の推測で見つかるもの）のみ禁止します。' },
      '2': { label: '2 – やや弱い', description: '約100万回の推測で見つかるパスワードを禁止します。' },
      '3': { label: '3 – 強い（推奨）', description: '約1億回の推測で見つかるパスワード（よく使われる単語や名前に数字を付けたものなど）を禁止します。' },
      '4': { label: '4 – 非常に強い', description: '約100億回の推測で見つかるパスワードを禁止します。長いパスワードやランダムなパスワードのみ使用できます。' },
    },
    fields: {
      pwd_min_len: { label: '最小文字数', description: 'パスワードに必要な文字数です（8文字未満にはなりません）。' },
      pwd_min_len_val: { label: '最小文字数', description: '' },
      pwd_alphanumeric: { label: '英字と数字', description: '英字と数字の両方を必須にします。' },
      pwd_symbols: { label: '記号', description: '記号を1文字以上必須にします。' },
      pwd_ignorecase: { label: '大文字と小文字', description: '英大文字と英小文字の両方を必須にします。' },
      pwd_char_repeat: { label: '同じ文字の連続', description: '同じ文字を続けて使える回数を制限します。' },
      pwd_char_repeat_val: { label: '連続できる最大文字数', description: '' },
      pwd_usr_id: { label: 'ユーザーIDの禁止', description: 'パスワードにユーザーIDを含めることを禁止します。' },
      pwd_min_strength: { label: '最低限の強度', description: '新しいパスワードに求める推測されにくさです。パスワード変更画面の強度表示と同じ基準です。' },
      pwd_expiry_days: { label: 'パスワードの有効期限（日）', description: '0: 有効期限なし' },
      pwd_expiry_warning_days: { label: '有効期限の事前通知（日）', description: '有効期限の何日前からログイン時に通知するかを指定します。' },
      max_login_attempts: { label: 'ログイン試行回数の上限', description: 'この回数ログインに失敗するとアカウントがロックされます。0: ロックしない' },
      pwd_history_count: { label: '再利用を禁止する過去のパスワード数', description: '0: 現在のパスワードのみ再利用を禁止します。' },
      mfa_device_max: { label: 'ユーザーごとの信頼済みデバイス数', description: '2段階目の認証を省略できるデバイスの数です。' },
      mail_notify_lock: { label: 'ロック時のメール通知', description: 'アカウントがロックされたときにユーザーへメールで通知します。' },
      mail_notify_password_change: { label: 'パスワード変更時のメール通知', description: 'パスワードが変更されたときにユーザーへメールで通知します。' },
    },
  },
};

export const securityTexts: { en: typeof en; ja: typeof en } = { en, ja };
