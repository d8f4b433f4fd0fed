import { auditActor, Reply, type Operation } from '#lib/api-handler.ts';
import { nowIso } from '#lib/data/table.ts';
import { type User } from '#data/users.ts';
import { InputError } from '#lib/errors.ts';
import { hashPassword } from '#lib/passwords.ts';
import { productAreas, type ProductArea } from '#shared/schemas/groups.ts';
import { hasContent } from '#shared/validation.ts';
import { policyInForce } from '#data/password-policy.ts';
import { checkNewPassword, PASSWORD_FIELD } from '#domain/password-rules.ts';
import { currentDetail, tempPasswordExpiry, temporaryPassword } from '#domain/user-records.ts';
import { applyGroupChanges, checkReferences, GroupVanishedError, type GroupChange } from '#domain/memberships.ts';
import { insertUser } from '#domain/user-registration.ts';

/** Fields a simple-mode registration (regist_mode 0) takes; every other field gets its default. */
const SIMPLE_DEFAULTS = {
  phone: '',
  corp_id: null,
  department: '',
  post: '',
  ata_admin_permission: 0,
  atp_admin_permission: 0,
  atk_admin_permission: 0,
  atc_admin_permission: 0,
  atc_lapse_flg: 0,
  atk_lapse_flg: 0,
  atp_lapse_flg: 0,
  ata_corp_permission: 0,
  file_regist_method: 0,
  indiv_permission_flg: 0,
  indiv_com_drive_permission: 0,
} as const;

/**
 * Registers a user (SPEC.md §3, §4): simple mode takes user ID, name, e-mail, language, password and
 * groups; detailed mode every field. The user ID is unique in the contract through the profile's
 * conditional Put; the legal entity's `user_count` and member item, the users counter and the
 * audit record change in the same transaction. Group memberships follow through the groups module
 * (one transaction per product), so every count stays exact. Without a password a temporary one is
 * generated, stored only as a hash and answered here once; a given one must meet the password policy.
 * Either way the user changes it at the first sign-in.
 * Success code 990000210001.
 */
export const registerUser: Operation<'com/user_info_reg_btn'> = async (context) => {
  const { caller, input } = context;
  const kykId = caller.kykId;
  const fields = input.regist_mode === 0 ? { ...input, ...SIMPLE_DEFAULTS } : input;

  if (input.password !== undefined && !hasContent(input.password)) throw new InputError({ password: 'validation.newPasswordRequired' });
  if (input.password !== undefined) {
    // An administrator's password meets the same policy, strength included, as the user's own would.
    const refusal = await checkNewPassword(await policyInForce(kykId), {
      password: input.password, userId: input.user_id, userName: fields.user_nm, email: fields.email, kykId, currentHash: '', historyHashes: [],
    });
    if (refusal) throw new InputError({ password: refusal.fields[PASSWORD_FIELD] ?? 'code.passwordPolicy' }, { password: refusal.params });
  }
  const groups = fields.groups as Partial<Record<ProductArea, string | null>>;
  await checkReferences(kykId, groups, fields.corp_id);

  const temporary = input.password === undefined ? temporaryPassword() : undefined;
  const now = nowIso();
  const user: User = {
    kyk_id: kykId,
    user_id: input.user_id,
    user_nm: fields.user_nm.trim(),
    email: fields.email,
    phone: fields.phone,
    language: fields.language,
    corp_id: fields.corp_id,
    department: fields.department,
    post: fields.post,
    ata_admin_permission: fields.ata_admin_permission,
    atp_admin_permission: fields.atp_admin_permission,
    atk_admin_permission: fields.atk_admin_permission,
    atc_admin_permission: fields.atc_admin_permission,
    atc_lapse_flg: fields.atc_lapse_flg,
    atk_lapse_flg: fields.atk_lapse_flg,
    atp_lapse_flg: fields.atp_lapse_flg,
    ata_corp_permission: fields.ata_corp_permission,
    file_regist_method: fields.file_regist_method,
    indiv_permission_flg: fields.indiv_permission_flg,
    indiv_com_drive_permission: fields.indiv_com_drive_permission,
    status: 0,
    password_hash: await hashPassword(temporary ?? input.password!),
    // Someone else knows this password: the user sets their own at the first sign-in (-990000010009).
    password_change_required: 1,
    ...(temporary ? { temp_password_expires_at: tempPasswordExpiry() } : {}),
    row_version: 1,
    regist_date: now,
    regist_user_id: caller.userId,
    regist_user_nm: caller.user.user_nm,
    update_date: now,
    update_user_id: caller.userId,
    update_user_nm: caller.user.user_nm,
  };
  const joins: GroupChange[] = productAreas.flatMap((product) => {
    const id = groups[product];
    return typeof id === 'string' ? [{ product, to: id }] : [];
  });

  const actor = auditActor(context);
  await insertUser(actor, user, joins);

  try {
    await applyGroupChanges(actor, user.user_id, joins);
  } catch (error) {
    // A group deleted in the instant between the two steps (only an empty group can be): the user
    // exists without it, and the answer (with the one-time temporary password) shows the groups joined.
    if (!(error instanceof GroupVanishedError)) throw error;
    context.log.warn('group vanished during registration', { user: user.user_id, product: error.product });
  }
  return new Reply({ user: await currentDetail(kykId, user.user_id), temporary_password: temporary ?? null }, { codeName: 'userCreated' });
};
