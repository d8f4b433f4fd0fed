import { translate, type Language, type MessageKey } from '#shared/messages.ts';
import { productAreas, type ProductArea } from '#shared/schemas/groups.ts';
import { userRegisterRequest } from '#shared/schemas/users.ts';
import type { AuditActor } from '#lib/audit.ts';
import { nowIso } from '#lib/data/table.ts';
import type { User, UserStatus } from '#data/users.ts';
import { DomainError, InputError } from '#lib/errors.ts';
import { getGroup, groupNameKey, GroupChangedError, listGroupsPage, saveGroup, type GroupRecord } from '#data/groups.ts';
import type { CorpRecord } from '#data/corps.ts';
import { getUserConsistent, listUsers } from '#data/user-directory.ts';
import type { GroupChange } from '#domain/memberships.ts';
import { insertUser } from '#domain/user-registration.ts';
import { inviteUser } from '#domain/user-invitations.ts';
import { reindexUsers } from '#data/user-search.ts';
import { writeUserUpdate, type UserFormFields } from '#domain/user-update.ts';
import { corpsInCodeOrder } from './corp.ts';
import { defineKind, headerRecord, type ImportContext, type ImportRow, type RowOutcome } from './types.ts';

/**
 * Users as CSV (SPEC.md §3): the columns of the template, the export and an import, in this order.
 * The legal entity is given by its code and each product's group by its name (resolved in the
 * importer's contract only). A row is validated with the user form's zod schemas and written with
 * the users feature's own transactions (`insertUser`, `writeUserUpdate`), so rules, counts and
 * audit records are those of the form. A new user gets no usable password: the profile is stored
 * with `password_change_required` and an empty hash (which never verifies). With the job's invite
 * option the user is mailed a one-time link to set one (domain/user-invitations.ts); otherwise the
 * result lists them (`password: none`) until an administrator resets the password
 * (`user_info_passchge_btn`, shown once or mailed). The profile keeps the job that created it
 * (`regist_import_id`), so a later pass of the same job (a resume) still reports `created`. Status is exported; the
 * import never changes it (suspension has its own call, which mails the responsible person): a
 * differing status is reported as a warning and the rest of the row is saved.
 */
const groupColumn = (product: ProductArea) => `group_${product}` as const;
type GroupColumn = ReturnType<typeof groupColumn>;

const groupLabelsJa: Record<ProductArea, string> = {
  ata: 'アカウントグループ', atp: 'プロパティグループ', atk: 'ナレッジグループ', atc: 'コマースグループ',
  atw: 'ワークフローグループ', atd: 'ダッシュボードグループ', ato: 'ワークオーダーグループ',
};

const flagColumns = [
  ['ata_admin_permission', 'アカウント管理者権限'],
  ['atp_admin_permission', 'プロパティ管理者権限'],
  ['atk_admin_permission', 'ナレッジ管理者権限'],
  ['atc_admin_permission', 'コマース管理者権限'],
  ['atc_lapse_flg', 'コマース停止フラグ'],
  ['atk_lapse_flg', 'ナレッジ停止フラグ'],
  ['atp_lapse_flg', 'プロパティ停止フラグ'],
  ['ata_corp_permission', '法人権限'],
  ['file_regist_method', 'ファイル登録方法'],
] as const;
type FlagColumn = (typeof flagColumns)[number][0];

export const userColumns = [
  { name: 'user_id', labels: { en: 'user_id', ja: 'ユーザーID' } },
  { name: 'user_nm', labels: { en: 'user_nm', ja: 'ユーザー名' } },
  { name: 'email', labels: { en: 'email', ja: 'メールアドレス' } },
  { name: 'phone', labels: { en: 'phone', ja: '電話番号' } },
  { name: 'language', labels: { en: 'language', ja: '言語' } },
  { name: 'corp_cd', labels: { en: 'corp_cd', ja: '法人コード' } },
  { name: 'department', labels: { en: 'department', ja: '部署' } },
  { name: 'post', labels: { en: 'post', ja: '役職' } },
  ...productAreas.map((product) => ({ name: groupColumn(product), labels: { en: groupColumn(product), ja: groupLabelsJa[product] } })),
  ...flagColumns.map(([name, ja]) => ({ name, labels: { en: name, ja } })),
  { name: 'status', labels: { en: 'status', ja: 'ステータス' } },
] as { name: UserColumn; labels: Record<Language, string> }[];
type UserColumn = 'user_id' | 'user_nm' | 'email' | 'phone' | 'language' | 'corp_cd' | 'department' | 'post' | GroupColumn | FlagColumn | 'status';

/** The property-module export (`user_export_atp`): read-only, not an import format. */
export const userAtpColumns = [
  { name: 'user_id', labels: { en: 'user_id', ja: 'ユーザーID' } },
  { name: 'user_nm', labels: { en: 'user_nm', ja: 'ユーザー名' } },
  { name: 'atp_admin_permission', labels: { en: 'atp_admin_permission', ja: 'プロパティ管理者権限' } },
  { name: 'atp_lapse_flg', labels: { en: 'atp_lapse_flg', ja: 'プロパティ停止フラグ' } },
  { name: 'group_atp', labels: { en: 'group_atp', ja: groupLabelsJa.atp } },
] as const;

export const USER_IMPORT_MAX_ROWS = 20_000;
const ALL = 1_000_000;

/** The names the files use: legal entities by id and by code, groups by id and by product and name. */
export interface UserDirectory {
  corpCode: Map<string, string>;
  corpByCode: Map<string, string>;
  groupName: Map<string, string>;
  groupByName: Map<ProductArea, Map<string, string>>;
}

export async function loadDirectory(kykId: string): Promise<UserDirectory> {
  const [corps, groups] = await Promise.all([
    corpsInCodeOrder(kykId),
    Promise.all(productAreas.map((product) => listGroupsPage(kykId, product, { ascending: true, pageSize: ALL, page: 1 }))),
  ]);
  return {
    corpCode: new Map(corps.map((corp: CorpRecord) => [corp.corp_id, corp.corp_cd])),
    corpByCode: new Map(corps.map((corp) => [corp.corp_cd, corp.corp_id])),
    groupName: new Map(groups.flat().map((group: GroupRecord) => [group.user_group_id, group.user_group_nm])),
    groupByName: new Map(productAreas.map((product, i) => [product, new Map(groups[i]!.map((group) => [groupNameKey(group.user_group_nm), group.user_group_id]))])),
  };
}

export interface UserFilter {
  search_key?: string;
  user_group_id?: string;
  corp_id?: string;
  status?: UserStatus;
}

/** The contract's users (filtered as the user list filters them) in user-ID order. */
export async function usersInIdOrder(kykId: string, filter: UserFilter = {}): Promise<User[]> {
  return (await listUsers(kykId, {
    sortItem: 'user_id', ascending: true, pageSize: ALL, page: 1,
    search: filter.search_key || undefined, groupId: filter.user_group_id, corpId: filter.corp_id, status: filter.status,
  })).users;
}

export const userTemplateRecords = (language: Language): string[][] => [headerRecord({ columns: userColumns }, language)];

/** The stored values as they are (never a password hash, temporary password or TOTP secret). */
export const userExportRecords = (users: User[], directory: UserDirectory, language: Language): string[][] => [
  headerRecord({ columns: userColumns }, language),
  ...users.map((user) => [
    user.user_id, user.user_nm, user.email, user.phone ?? '', user.language, user.corp_id ? directory.corpCode.get(user.corp_id) ?? '' : '',
    user.department ?? '', user.post ?? '',
    ...productAreas.map((product) => {
      const id = user.groups?.[product];
      return id ? directory.groupName.get(id) ?? '' : '';
    }),
    ...flagColumns.map(([name]) => String((user as unknown as Record<string, number | undefined>)[name] ?? 0)),
    String(user.status),
  ]),
];

export const userAtpExportRecords = (users: User[], directory: UserDirectory, language: Language): string[][] => [
  headerRecord({ columns: userAtpColumns }, language),
  ...users.map((user) => [
    user.user_id, user.user_nm, String(user.atp_admin_permission ?? 0), String(user.atp_lapse_flg ?? 0),
    user.groups?.atp ? directory.groupName.get(user.groups.atp) ?? '' : '',
  ]),
];

// ---------------------------------------------------------------------------------------------
// Import

/** Form fields with the user ID, as both schemas take them. */
type Validated = Required<UserFormFields> & { user_id: string };

/** A cell as the schema wants it: empty means the form's default, digits a number. */
const cellValue = (raw: string): string | number | undefined => {
  const value = raw.trim();
  if (value === '') return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
};

/** A column's message, as the corp kind writes it: "<header as in the file>: <message>". */
const fieldMessage = (row: ImportRow<UserColumn>, language: Language, column: UserColumn, key: MessageKey, params: Record<string, unknown> = {}) =>
  translate(language, 'importResult.fieldError', { column: row.labels[column], message: translate(language, key, params as never) });

const fieldToColumn = (field: string): UserColumn => (field === 'corp_id' ? 'corp_cd' : (field as UserColumn));

function validate(row: ImportRow<UserColumn>, directory: UserDirectory, language: Language, exists: boolean):
{ ok: true; data: Validated; status: number | undefined } | { ok: false; messages: string[] } {
  const byColumn = new Map<UserColumn, string>();
  const values = row.values;
  const corpCode = values.corp_cd.trim();
  const corpId = corpCode === '' ? null : directory.corpByCode.get(corpCode);
  if (corpId === undefined) byColumn.set('corp_cd', fieldMessage(row, language, 'corp_cd', 'validation.unknownCorp'));
  const groups: Partial<Record<ProductArea, string | null>> = {};
  for (const product of productAreas) {
    const name = values[groupColumn(product)].trim();
    if (name === '') {
      groups[product] = null;
      continue;
    }
    const id = directory.groupByName.get(product)?.get(groupNameKey(name));
    if (id) groups[product] = id;
    else byColumn.set(groupColumn(product), fieldMessage(row, language, groupColumn(product), 'validation.unknownGroup'));
  }
  const status = cellValue(values.status);
  if (status !== undefined && status !== 0 && status !== 1 && !(status === 9 && exists)) {
    byColumn.set('status', fieldMessage(row, language, 'status', 'validation.invalidValue'));
  }
  const input = {
    user_id: values.user_id.trim(),
    user_nm: values.user_nm,
    email: values.email.trim(),
    phone: values.phone.trim(),
    language: cellValue(values.language),
    corp_id: corpId ?? null,
    department: values.department,
    post: values.post,
    groups: Object.fromEntries(Object.entries(groups).filter(([, id]) => id !== null)),
    ...Object.fromEntries(flagColumns.map(([name]) => [name, cellValue(values[name])])),
  };
  // A file row holds every column: an empty cell takes the form's default, for new and existing users alike.
  const parsed = userRegisterRequest.safeParse({ ...input, regist_mode: 1 });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = fieldToColumn(String(issue.path[0] ?? ''));
      if (byColumn.has(column) || !userColumns.some((c) => c.name === column)) continue;
      const key = (/^(validation|code|notice)\.\w+$/.test(issue.message) ? issue.message : 'validation.invalidValue') as MessageKey;
      byColumn.set(column, fieldMessage(row, language, column, key, issue.code === 'too_big' ? { max: Number(issue.maximum) } : {}));
    }
  }
  if (byColumn.size > 0 || !parsed.success) {
    const messages = userColumns.filter((column) => byColumn.has(column.name)).map((column) => byColumn.get(column.name)!);
    return { ok: false, messages: messages.length > 0 ? messages : [translate(language, 'importResult.rowFailed')] };
  }
  const data = parsed.data;
  const validated: Validated = {
    user_id: data.user_id,
    user_nm: data.user_nm.trim(),
    email: data.email,
    phone: data.phone,
    language: data.language,
    corp_id: data.corp_id,
    department: data.department,
    post: data.post,
    // Every product named: an empty cell leaves the product's group.
    groups: Object.fromEntries(productAreas.map((product) => [product, groups[product] ?? null])),
    ata_admin_permission: data.ata_admin_permission,
    atp_admin_permission: data.atp_admin_permission,
    atk_admin_permission: data.atk_admin_permission,
    atc_admin_permission: data.atc_admin_permission,
    atc_lapse_flg: data.atc_lapse_flg,
    atk_lapse_flg: data.atk_lapse_flg,
    atp_lapse_flg: data.atp_lapse_flg,
    ata_corp_permission: data.ata_corp_permission,
    file_regist_method: data.file_regist_method,
    // Not in the file: kept as they are (new users: none).
    indiv_permission_flg: 0,
    indiv_com_drive_permission: 0,
  };
  return { ok: true, data: validated, status: typeof status === 'number' ? status : undefined };
}

const compared = [
  'user_nm', 'email', 'phone', 'language', 'department', 'post',
  'ata_admin_permission', 'atp_admin_permission', 'atk_admin_permission', 'atc_admin_permission',
  'atc_lapse_flg', 'atk_lapse_flg', 'atp_lapse_flg', 'ata_corp_permission', 'file_regist_method',
] as const;

const sameData = (user: User, data: Validated): boolean =>
  compared.every((field) => ((user as unknown as Record<string, unknown>)[field] ?? (typeof data[field] === 'number' ? 0 : '')) === data[field])
  && (user.corp_id ?? null) === data.corp_id
  && productAreas.every((product) => (user.groups?.[product] ?? null) === (data.groups[product] ?? null));

/**
 * Group joins and leaves of many rows: rows of the same group are saved together with the groups
 * module's `saveGroup` (which keeps the three membership facts and the count exact), one save per
 * group at a time. A save that fails as a whole is retried row by row, so a bad row fails alone.
 */
class GroupQueue {
  private pending = new Map<string, { userId: string; add: boolean; done: (error?: unknown) => void }[]>();
  private running = new Set<string>();

  constructor(private readonly actor: AuditActor) {}

  apply(userId: string, changes: GroupChange[]): Promise<void> {
    return Promise.all(changes.map((change) => new Promise<void>((resolve, reject) => {
      const groupId = change.to ?? change.from;
      if (!groupId) return resolve();
      const list = this.pending.get(groupId) ?? [];
      list.push({ userId, add: change.to !== null, done: (error) => (error ? reject(error) : resolve()) });
      this.pending.set(groupId, list);
      if (!this.running.has(groupId)) void this.drain(groupId);
    }))).then(() => undefined);
  }

  private async drain(groupId: string): Promise<void> {
    this.running.add(groupId);
    try {
      for (;;) {
        const batch = this.pending.get(groupId) ?? [];
        this.pending.delete(groupId);
        if (batch.length === 0) return;
        try {
          await this.save(groupId, batch.filter((op) => op.add).map((op) => op.userId), batch.filter((op) => !op.add).map((op) => op.userId));
          batch.forEach((op) => op.done());
        } catch {
          for (const op of batch) {
            await this.save(groupId, op.add ? [op.userId] : [], op.add ? [] : [op.userId]).then(() => op.done(), (error: unknown) => op.done(error ?? new Error('group save failed')));
          }
        }
      }
    } finally {
      this.running.delete(groupId);
    }
  }

  private async save(groupId: string, addIds: string[], removeIds: string[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const group = await getGroup(this.actor.kykId, groupId);
      if (!group) throw new Error('group vanished');
      try {
        await saveGroup(this.actor, { kind: 'update', before: group, after: group }, addIds, removeIds);
        return;
      } catch (error) {
        if (error instanceof GroupChangedError && attempt < 5) continue;
        throw error;
      }
    }
  }
}

function userApplier(context: ImportContext, directory: UserDirectory, existing: Map<string, User>) {
  const { actor, kykId, language } = context;
  const queue = new GroupQueue(actor);

  const inputErrorMessages = (row: ImportRow<UserColumn>, error: InputError): string[] =>
    Object.entries(error.fields).map(([field, key]) => {
      const column = field.startsWith('groups.') ? (`group_${field.slice(7)}` as UserColumn) : fieldToColumn(field);
      return fieldMessage(row, language, userColumns.some((c) => c.name === column) ? column : 'user_id', key as MessageKey);
    });

  async function create(row: ImportRow<UserColumn>, data: Validated): Promise<RowOutcome> {
    const now = nowIso();
    const user: User = {
      kyk_id: kykId,
      ...data,
      groups: undefined,
      status: 0,
      // No usable password: the invitation, or an administrator's password reset, gives the user one.
      password_hash: '',
      password_change_required: 1,
      row_version: 1,
      regist_date: now,
      regist_user_id: actor.userId,
      regist_import_id: context.requestId,
      regist_user_nm: actor.userName,
      update_date: now,
      update_user_id: actor.userId,
      update_user_nm: actor.userName,
    } as User;
    delete user.groups;
    const joins: GroupChange[] = productAreas.flatMap((product) => {
      const id = data.groups[product];
      return id ? [{ product, to: id }] : [];
    });
    try {
      await insertUser(actor, user, joins, { searchIndex: 'after' });
    } catch (error) {
      if (error instanceof InputError) return { result: 'error', action: null, messages: inputErrorMessages(row, error) };
      throw error;
    }
    await queue.apply(user.user_id, joins);
    return createdOutcome(user, []);
  }

  /**
   * A user this job created: `created` with how they get a password. With the invite option they are
   * mailed a link (once per job and user: a resumed run finds the claim and sends nothing); otherwise,
   * or when the mail fails, the row says they have none, and the job lists them (no_password_count).
   */
  async function createdOutcome(user: User, messages: string[]): Promise<RowOutcome> {
    if (user.password_hash) return { result: 'ok', action: 'created', messages };
    if (context.invite) {
      if ((await inviteUser(user, context.requestId)) === 'invited') return { result: 'ok', action: 'created', messages, password: 'invited' };
      return { result: 'warning', action: 'created', messages: [...messages, translate(language, 'importResult.invitationNotSent')], password: 'none' };
    }
    return { result: 'ok', action: 'created', messages: [...messages, translate(language, 'importResult.noPassword')], password: 'none' };
  }

  async function update(row: ImportRow<UserColumn>, current: User, data: Validated, retried = false): Promise<RowOutcome> {
    // Created by this very job (a resumed run, or a registration retried after it went in): still its creation.
    const ownCreation = current.regist_import_id === context.requestId;
    // A worker that died between the registration and its search grams left the user unfound: file
    // them again (an edit below files only what a changed name or e-mail calls for).
    if (ownCreation) await reindexUsers([current]);
    if (sameData(current, data)) return ownCreation ? createdOutcome(current, []) : { result: 'ok', action: 'unchanged', messages: [] };
    const fields: UserFormFields = {
      ...data,
      indiv_permission_flg: current.indiv_permission_flg ?? 0,
      indiv_com_drive_permission: (current.indiv_com_drive_permission ?? 0) as UserFormFields['indiv_com_drive_permission'],
    };
    let changes: GroupChange[];
    try {
      changes = await writeUserUpdate(actor, current, fields);
    } catch (error) {
      if (error instanceof InputError) return { result: 'error', action: null, messages: inputErrorMessages(row, error) };
      if (error instanceof DomainError && error.messageKey === 'notice.lastAdministrator') return { result: 'error', action: null, messages: [translate(language, 'notice.lastAdministrator')] };
      // -201/-3: changed or deleted meanwhile. The list may lag the job's start: read once more.
      const fresh = retried ? undefined : await getUserConsistent(kykId, current.user_id);
      if (fresh && fresh.update_date < context.startedAt) return update(row, fresh, data, true);
      return { result: 'error', action: null, messages: [translate(language, 'importResult.rowStale')] };
    }
    await queue.apply(current.user_id, changes);
    return ownCreation ? createdOutcome({ ...current, email: data.email, language: data.language }, []) : { result: 'ok', action: 'updated', messages: [] };
  }

  return async (row: ImportRow<UserColumn>): Promise<RowOutcome> => {
    const userId = row.values.user_id.trim();
    let current = existing.get(userId);
    const checked = validate(row, directory, language, current !== undefined);
    if (!checked.ok) return { result: 'error', action: null, messages: checked.messages };
    const data = checked.data;
    let outcome = current ? await update(row, current, data) : await create(row, data);
    if (!current && outcome.result === 'error' && outcome.messages.join() === inputErrorMessages(row, new InputError({ user_id: 'validation.userIdDuplicate' })).join()) {
      // Registered by someone else after the import read the users: update that one instead.
      current = await getUserConsistent(kykId, userId);
      if (current) outcome = await update(row, current, data);
    }
    if (outcome.result === 'error') return outcome;
    const stored = current?.status ?? 0;
    if (checked.status !== undefined && checked.status !== stored) {
      return { ...outcome, result: 'warning', messages: [...outcome.messages, translate(language, 'importResult.userStatusKept', { column: row.labels.status })] };
    }
    return outcome;
  };
}

export const userImport = defineKind<UserColumn>({
  kind: 'user',
  columns: userColumns,
  keyColumn: 'user_id',
  normalizeKey: (raw) => raw.trim(),
  maxRows: USER_IMPORT_MAX_ROWS,
  concurrency: 16,
  async open(context) {
    const [directory, users] = await Promise.all([loadDirectory(context.kykId), usersInIdOrder(context.kykId)]);
    return userApplier(context, directory, new Map(users.map((user) => [user.user_id, user])));
  },
});
