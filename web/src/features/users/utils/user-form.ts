import { productAreas, type ProductArea } from '@shared/schemas/groups.ts';
import type { Language } from '@shared/messages.ts';
import type { UserDetail, UserRegisterRequest, UserUpdateRequest } from '@shared/schemas/users.ts';

type Flag = 0 | 1;
export type DrivePermission = 0 | 1 | 2 | 3;
/** Registration mode of SPEC.md §4: simple 0, detailed 1. */
export type RegistMode = 0 | 1;

export const adminProducts = ['ata', 'atp', 'atk', 'atc'] as const satisfies readonly ProductArea[];
export const lapseProducts = ['atc', 'atk', 'atp'] as const satisfies readonly ProductArea[];
export type AdminProduct = (typeof adminProducts)[number];
export type LapseProduct = (typeof lapseProducts)[number];
export type AdminFlagField = `${AdminProduct}_admin_permission`;
export type LapseFlagField = `${LapseProduct}_lapse_flg`;
export const adminFlagField = (product: AdminProduct): AdminFlagField => `${product}_admin_permission`;
export const lapseFlagField = (product: LapseProduct): LapseFlagField => `${product}_lapse_flg`;

/** The legal entity as chosen in the selection dialog (or as the user holds it). */
export interface CorpRef {
  corp_id: string;
  corp_nm: string;
}

/** What the registration and edit forms edit. */
export interface UserFormValues {
  user_id: string;
  user_nm: string;
  email: string;
  phone: string;
  /** Registration only: empty lets the server generate a temporary password. */
  password: string;
  language: Language;
  corp: CorpRef | null;
  department: string;
  post: string;
  groups: Record<ProductArea, string | null>;
  ata_admin_permission: Flag;
  atp_admin_permission: Flag;
  atk_admin_permission: Flag;
  atc_admin_permission: Flag;
  atc_lapse_flg: Flag;
  atk_lapse_flg: Flag;
  atp_lapse_flg: Flag;
  ata_corp_permission: Flag;
  file_regist_method: Flag;
  indiv_permission_flg: Flag;
  indiv_com_drive_permission: DrivePermission;
}

const noGroups = (): Record<ProductArea, string | null> =>
  Object.fromEntries(productAreas.map((product) => [product, null])) as Record<ProductArea, string | null>;

export const emptyUserForm = (language: Language): UserFormValues => ({
  user_id: '',
  user_nm: '',
  email: '',
  phone: '',
  password: '',
  language,
  corp: null,
  department: '',
  post: '',
  groups: noGroups(),
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
});

const asDrivePermission = (value: number): DrivePermission => (value === 1 || value === 2 || value === 3 ? value : 0);

export function userFormFromUser(user: UserDetail): UserFormValues {
  const groups = noGroups();
  for (const product of productAreas) groups[product] = user.groups[product] || null;
  return {
    user_id: user.user_id,
    user_nm: user.user_nm,
    email: user.email,
    phone: user.phone,
    password: '',
    language: user.language,
    corp: user.corp_id ? { corp_id: user.corp_id, corp_nm: user.corp_nm } : null,
    department: user.department,
    post: user.post,
    groups,
    ata_admin_permission: user.ata_admin_permission,
    atp_admin_permission: user.atp_admin_permission,
    atk_admin_permission: user.atk_admin_permission,
    atc_admin_permission: user.atc_admin_permission,
    atc_lapse_flg: user.atc_lapse_flg,
    atk_lapse_flg: user.atk_lapse_flg,
    atp_lapse_flg: user.atp_lapse_flg,
    ata_corp_permission: user.ata_corp_permission,
    file_regist_method: user.file_regist_method,
    indiv_permission_flg: user.indiv_permission_flg,
    indiv_com_drive_permission: asDrivePermission(user.indiv_com_drive_permission),
  };
}

/** Every field but the ID and password, as the API takes it (phone and e-mail trimmed: pasted spaces are never meant). */
function detailFields(values: UserFormValues) {
  return {
    user_nm: values.user_nm,
    email: values.email.trim(),
    phone: values.phone.trim(),
    language: values.language,
    corp_id: values.corp?.corp_id ?? null,
    department: values.department,
    post: values.post,
    groups: { ...values.groups },
    ata_admin_permission: values.ata_admin_permission,
    atp_admin_permission: values.atp_admin_permission,
    atk_admin_permission: values.atk_admin_permission,
    atc_admin_permission: values.atc_admin_permission,
    atc_lapse_flg: values.atc_lapse_flg,
    atk_lapse_flg: values.atk_lapse_flg,
    atp_lapse_flg: values.atp_lapse_flg,
    ata_corp_permission: values.ata_corp_permission,
    file_regist_method: values.file_regist_method,
    indiv_permission_flg: values.indiv_permission_flg,
    indiv_com_drive_permission: values.indiv_permission_flg === 1 ? values.indiv_com_drive_permission : 0,
  };
}

/**
 * The registration request. Simple mode (0) sends the basic fields only (the server gives every
 * other field its default); detailed mode (1) sends them all. An empty password is left out: the
 * server generates a temporary one.
 */
export function registerBody(values: UserFormValues, mode: RegistMode): UserRegisterRequest {
  const password = values.password === '' ? {} : { password: values.password };
  if (mode === 0) {
    return {
      regist_mode: 0,
      user_id: values.user_id.trim(),
      user_nm: values.user_nm,
      email: values.email.trim(),
      language: values.language,
      groups: { ata: values.groups.ata },
      ...password,
    };
  }
  return { regist_mode: 1, user_id: values.user_id.trim(), ...detailFields(values), ...password };
}

export const updateBody = (values: UserFormValues, user: Pick<UserDetail, 'user_id' | 'row_version'>): UserUpdateRequest => ({
  user_id: user.user_id,
  row_version: user.row_version,
  ...detailFields(values),
});

/** Fields the simple mode shows; an error on any other field switches the form to detailed mode. */
export const simpleModeFields = ['regist_mode', 'user_id', 'user_nm', 'email', 'password', 'language', 'groups', 'groups.ata'] as const;

export const errorsOutsideSimpleMode = (errors: Record<string, string>): boolean =>
  Object.keys(errors).some((field) => !(simpleModeFields as readonly string[]).includes(field));

/** User status of SPEC.md §4: available 0, suspended 1, locked (unavailable) 9. */
export type UserStatus = 0 | 1 | 9;
export type StatusName = 'available' | 'suspended' | 'locked';
export const statusNames: Record<UserStatus, StatusName> = { 0: 'available', 1: 'suspended', 9: 'locked' };

/** Suspending applies to available users; unsuspending lifts a suspension or a lock. */
export const canSuspend = (user: { status: number }): boolean => user.status === 0;
export const canUnsuspend = (user: { status: number }): boolean => user.status === 1 || user.status === 9;
