import type { CodeName } from './codes.ts';

/**
 * The message catalogue: every text the server sends and every validation message the forms show,
 * in English and Japanese. SPEC.md §5 and §8 texts are verbatim. `{{name}}` marks an interpolation
 * (i18next syntax, so the web reuses this catalogue as-is).
 */
export const languages = ['en', 'ja'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

const en = {
  code: {
    ok: '',
    userCreated: 'The user has been registered.',
    passwordChanged: 'Change password success',
    unsuspendedWithPasswordChange: 'The suspension has been lifted. The user must change the password at the next sign-in.',
    unsuspended: 'The suspension has been lifted.',
    unknown: 'An unexpected error occurred. Please try again later.',
    permission: 'You do not have permission to perform this operation.',
    address: 'The requested address does not exist.',
    input: 'There is an error in the input. Please check the highlighted fields.',
    permissionError: 'You do not have permission to access this function.',
    tokenTimeout: 'Your session has timed out. Please sign in again.',
    editedByAnotherUser: 'This item was edited by another user. Please reload and try again.',
    updateFailure: 'The update failed. Please try again.',
    deleteFailure: 'The deletion failed. Please try again.',
    loginWrongData: 'The contract ID, user ID or password is incorrect.',
    loginNotAccepted: 'Sign-in was not accepted. Please contact your administrator.',
    loginSameUser: 'This account is already signed in elsewhere. Sign in anyway to end the other session.',
    loginPasswordNotSatisfying: 'Does not meet password requirements',
    loginPasswordTimeout: 'Your password has expired. Please change your password.',
    loginChangePasswordTimeout: 'The time allowed to change your password has passed. Please sign in again.',
    loginAccountLocked: 'User has been locked, please contact your administrator.',
    loginInfoChangeRequired: 'Your user information must be updated before you continue.',
    loginPasswordChangeRequired: 'You must change your password before you sign in.',
    loginMailNotRegistered: 'No e-mail address is registered for this account. Please contact your administrator.',
    loginMailOtpNeeded: 'Enter the one-time code sent to your e-mail address.',
    loginWrongOtp: 'The authentication code is incorrect.',
    loginNumberLimit: 'The number of attempts has reached its limit. Please sign in again.',
    loginTotpNeeded: 'Enter the code shown in your authenticator app.',
    loginLimitedByAdmin: 'Sign-in has been restricted by your administrator.',
    folderNameDuplicate: 'An item with the same name already exists. Please rename it.',
    serverCapacityExceeded: 'The server capacity has been exceeded.',
  } satisfies Record<CodeName, string>,
  validation: {
    required: 'This field is required',
    authCodeRequired: 'Please enter the authentication code.',
    tooLong: 'Please enter no more than {{max}} characters.',
    invalidValue: 'The value is not valid.',
    invalidJson: 'The request body is not valid JSON.',
    unknownField: 'This field is not accepted.',
    invalidName: 'The name must not contain \\ / : * ? " < > | or end with a space or a period.',
    mfaValidDays: 'Please enter a number of days from 1 to 90.',
    tooManyMembers: 'Please add or remove at most 100 members at a time.',
    tooManyGroupUpdates: 'Please save at most {{max}} user groups at a time.',
    corpCodeWidth: 'Please enter the corporate code in 15 half-width or 7 full-width characters or fewer.',
    corpCodeDuplicate: 'The corporate code already exists.',
    groupNameDuplicate: 'A user group with the same name already exists.',
    phone: 'Please enter a phone number such as 03-1234-5678.',
    unknownUser: 'This user does not exist.',
    unknownGroup: 'This user group does not exist.',
    userIdFormat: 'Please use only letters, digits and . _ @ - in the user ID.',
    userIdDuplicate: 'This user ID is already registered.',
    email: 'Please enter a valid e-mail address.',
    newPasswordRequired: 'Please enter a new password.',
    newPasswordLength: 'Please enter a new password with at least {{num}} characters and no more than 32 characters.',
    newPasswordTooLong: 'Please enter a new password with at least 8 characters and no more than 32 characters.',
    unknownCorp: 'This legal entity does not exist.',
    noEmailToSend: 'This user has no e-mail address. Show the temporary password instead.',
    csvFile: 'Please choose a CSV file (.csv).',
    importTooLarge: 'The file is too large to import (20 MB at most).',
  },
  notice: {
    networkError: 'An error occurred while communicating with the server. Please wait and try again.',
    contractNotAllowed: "This service cannot be used with your contract ID. Please contact your company's administrator.",
    differentLocation: 'This account belongs to a different location. We will redirect you within 3 seconds.',
    loggedOut: 'You have signed out.',
    uploadSizeMismatch: 'The uploaded file does not match the registered size. Please upload it again.',
    downloadFileMissing: 'The file to download does not exist.',
    itemNotFound: 'The folder or file does not exist. It may have been moved or deleted.',
    recordNotFound: 'The data does not exist. It may have been deleted by another user.',
    corpInUse: 'This legal entity is used by users and cannot be deleted.',
    groupHasMembers: 'This user group still has members. Remove them before deleting the group.',
    cannotChangeSelf: 'You cannot suspend or delete your own account.',
    suspendedMailSubject: 'A user account has been suspended',
    suspendedMailBody: 'The account {{user_id}} ({{user_nm}}) of contract {{kyk_id}} was suspended by {{by}} at {{at}}.',
    passwordResetMailSubject: 'Your password has been reset',
    passwordResetMailBody: 'Your administrator reset the password of {{user_id}} (contract {{kyk_id}}). Temporary password: {{password}} . It is valid until {{until}} and must be changed at sign-in.',
  },
  /** CSV import results (functions/imports): file-level problems and per-row messages. */
  importResult: {
    fileUnreadable: 'The file could not be read. Save it as CSV in UTF-8 or Shift_JIS and try again.',
    csvBroken: 'The file is not valid CSV near line {{line}} (for example, a quotation mark is not closed).',
    noHeader: 'The file is empty: the header row is missing.',
    headerMissing: 'The header row lacks the column "{{column}}".',
    headerUnknown: 'The header row has a column that the template does not have: "{{column}}".',
    headerDuplicate: 'The column "{{column}}" appears more than once in the header row.',
    noRows: 'The file has no data rows.',
    tooManyRows: 'The file has more than {{max}} data rows. Split it and import each part.',
    columnCount: 'This row has {{count}} columns; the header row has {{expected}}.',
    duplicateRow: 'The same code already appears in row {{row}} of this file.',
    fieldError: '{{column}}: {{message}}',
    trimmed: '{{column}}: leading and trailing spaces were removed.',
    rowStale: 'This data was changed or deleted by another user during the import.',
    rowFailed: 'This row could not be saved. Please import it again.',
    interrupted: 'The import did not finish (the file was not uploaded, or processing stopped). Please import the file again.',
    kindUnsupported: 'This kind of import is not available.',
    runningNotDeletable: 'An import that is still running cannot be deleted.',
  },
};

export type Catalogue = typeof en;

const ja: Catalogue = {
  code: {
    ok: '',
    userCreated: 'ユーザーを登録しました。',
    passwordChanged: 'パスワードを変更しました',
    unsuspendedWithPasswordChange: '利用停止を解除しました。次回ログイン時にパスワードの変更が必要です。',
    unsuspended: '利用停止を解除しました。',
    unknown: '予期しないエラーが発生しました。しばらくしてから再度お試しください。',
    permission: 'この操作を行う権限がありません。',
    address: '指定されたアドレスは存在しません。',
    input: '入力内容に誤りがあります。表示された項目を確認してください。',
    permissionError: 'この機能を利用する権限がありません。',
    tokenTimeout: 'セッションの有効期限が切れました。再度ログインしてください。',
    editedByAnotherUser: '他のユーザーによって編集されています。再読み込みしてからやり直してください。',
    updateFailure: '更新に失敗しました。再度お試しください。',
    deleteFailure: '削除に失敗しました。再度お試しください。',
    loginWrongData: '契約ID、ユーザーIDまたはパスワードが正しくありません。',
    loginNotAccepted: 'ログインが受け付けられませんでした。管理者にお問い合わせください。',
    loginSameUser: 'このアカウントは別の場所でログイン中です。ログインすると、もう一方のセッションは終了します。',
    loginPasswordNotSatisfying: 'パスワードの条件を満たしていません',
    loginPasswordTimeout: 'パスワードの有効期限が切れています。パスワードを変更してください。',
    loginChangePasswordTimeout: 'パスワード変更の有効時間が過ぎました。再度ログインしてください。',
    loginAccountLocked: 'ユーザーがロックされています。管理者にお問い合わせください。',
    loginInfoChangeRequired: '続行する前にユーザー情報を更新してください。',
    loginPasswordChangeRequired: 'ログインする前にパスワードを変更してください。',
    loginMailNotRegistered: 'このアカウントにはメールアドレスが登録されていません。管理者にお問い合わせください。',
    loginMailOtpNeeded: 'メールアドレスに送信されたワンタイムコードを入力してください。',
    loginWrongOtp: '認証コードが正しくありません。',
    loginNumberLimit: '試行回数の上限に達しました。再度ログインしてください。',
    loginTotpNeeded: '認証アプリに表示されているコードを入力してください。',
    loginLimitedByAdmin: '管理者によりログインが制限されています。',
    folderNameDuplicate: '同じ名前のアイテムが既に存在します。名前を変更してください。',
    serverCapacityExceeded: 'サーバー容量を超えています。',
  },
  validation: {
    required: 'この項目は必須です',
    authCodeRequired: '認証コードを入力してください。',
    tooLong: '{{max}}文字以内で入力してください。',
    invalidValue: '値が正しくありません。',
    invalidJson: 'リクエストの本文が正しいJSONではありません。',
    unknownField: 'この項目は受け付けられません。',
    invalidName: '名前に \\ / : * ? " < > | は使用できません。また、末尾を空白やピリオドにすることはできません。',
    mfaValidDays: '1から90までの日数を入力してください。',
    tooManyMembers: '一度に追加・削除できるメンバーは100人までです。',
    tooManyGroupUpdates: '一度に保存できるユーザーグループは{{max}}件までです。',
    corpCodeWidth: '法人コードは半角15文字または全角7文字以内で入力してください。',
    corpCodeDuplicate: '法人コードは既に存在します。',
    groupNameDuplicate: '同じ名前のユーザーグループが既に存在します。',
    phone: '電話番号は 03-1234-5678 の形式で入力してください。',
    unknownUser: 'このユーザーは存在しません。',
    unknownGroup: 'このユーザーグループは存在しません。',
    userIdFormat: 'ユーザーIDには半角英数字と . _ @ - のみ使用できます。',
    userIdDuplicate: 'このユーザーIDは既に登録されています。',
    email: '正しいメールアドレスを入力してください。',
    newPasswordRequired: '新しいパスワードを入力してください。',
    newPasswordLength: '新しいパスワードは{{num}}文字以上32文字以内で入力してください。',
    newPasswordTooLong: '新しいパスワードは8文字以上32文字以内で入力してください。',
    unknownCorp: 'この法人は存在しません。',
    noEmailToSend: 'このユーザーにはメールアドレスが登録されていません。仮パスワードを画面に表示してください。',
    csvFile: 'CSVファイル（.csv）を選択してください。',
    importTooLarge: 'ファイルが大きすぎるため取り込めません（最大20MB）。',
  },
  notice: {
    networkError: 'サーバーとの通信中にエラーが発生しました。しばらくしてから再度お試しください。',
    contractNotAllowed: 'この契約IDではサービスを利用できません。貴社の管理者にお問い合わせください。',
    differentLocation: 'このアカウントは別の拠点に所属しています。3秒後にリダイレクトします。',
    loggedOut: 'ログアウトしました。',
    uploadSizeMismatch: 'アップロードされたファイルが登録されたサイズと一致しません。再度アップロードしてください。',
    downloadFileMissing: 'ダウンロードするファイルが存在しません。',
    itemNotFound: 'フォルダまたはファイルが存在しません。移動または削除された可能性があります。',
    recordNotFound: 'データが存在しません。他のユーザーによって削除された可能性があります。',
    corpInUse: 'この法人はユーザーが使用しているため削除できません。',
    groupHasMembers: 'このユーザーグループにはメンバーがいます。メンバーを外してから削除してください。',
    cannotChangeSelf: '自分自身のアカウントを利用停止または削除することはできません。',
    suspendedMailSubject: 'ユーザーアカウントが利用停止されました',
    suspendedMailBody: '契約 {{kyk_id}} のアカウント {{user_id}}（{{user_nm}}）が {{at}} に {{by}} によって利用停止されました。',
    passwordResetMailSubject: 'パスワードがリセットされました',
    passwordResetMailBody: '管理者が {{user_id}}（契約 {{kyk_id}}）のパスワードをリセットしました。仮パスワード: {{password}} 。有効期限は {{until}} で、ログイン時に変更が必要です。',
  },
  importResult: {
    fileUnreadable: 'ファイルを読み込めませんでした。UTF-8 または Shift_JIS の CSV 形式で保存して、もう一度お試しください。',
    csvBroken: '{{line}}行目付近が CSV の形式になっていません（引用符が閉じられていない等）。',
    noHeader: 'ファイルが空です。見出し行がありません。',
    headerMissing: '見出し行に「{{column}}」列がありません。',
    headerUnknown: '見出し行にテンプレートにない列があります: 「{{column}}」',
    headerDuplicate: '見出し行に「{{column}}」列が重複しています。',
    noRows: 'ファイルにデータ行がありません。',
    tooManyRows: 'データ行が{{max}}行を超えています。ファイルを分割して取り込んでください。',
    columnCount: 'この行の列数（{{count}}）が見出し行の列数（{{expected}}）と一致しません。',
    duplicateRow: '同じコードがこのファイルの{{row}}行目にあります。',
    fieldError: '{{column}}：{{message}}',
    trimmed: '{{column}}：前後の空白を削除しました。',
    rowStale: '取り込み中に他のユーザーがこのデータを変更または削除しました。',
    rowFailed: 'この行を保存できませんでした。もう一度取り込んでください。',
    interrupted: '取り込みが完了しませんでした（ファイルがアップロードされなかったか、処理が中断されました）。もう一度取り込んでください。',
    kindUnsupported: 'この種類の取り込みは利用できません。',
    runningNotDeletable: '実行中の取り込みは削除できません。',
  },
};

export const catalogue: Record<Language, Catalogue> = { en, ja };

/** A key into the catalogue such as `validation.required` or `code.loginWrongData`. */
export type MessageKey = {
  [S in keyof Catalogue]: `${S & string}.${keyof Catalogue[S] & string}`;
}[keyof Catalogue];

export type MessageParams = Record<string, string | number>;

/** Resolves a catalogue key in a language (fallback English) and fills `{{name}}` placeholders. */
export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  const [section, name] = key.split('.') as [keyof Catalogue, string];
  const pick = (lang: Language) => (catalogue[lang][section] as Record<string, string>)[name];
  const text = pick(language) ?? pick(fallbackLanguage) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (match, param: string) => String(params[param] ?? match));
}
