import { randomBytes } from 'node:crypto';
import { base32 } from '@otplib/plugin-base32-scure';
import { ADDRESSES_PER_CONTRACT_MAX, type MailAddress } from '#shared/schemas/mail-intake.ts';
import { auditActor, type Operation } from '#lib/api-handler.ts';
import { auditPut, type AuditChange } from '#lib/audit.ts';
import { config } from '#lib/config.ts';
import { nowIso } from '#lib/data/table.ts';
import { DomainError, InputError } from '#lib/errors.ts';
import { ROOT_ID } from '#data/drive-items.ts';
import {
  AddressesLimitError, deleteMailAddress, getMailAddress, insertMailAddress, listMailAddresses, MailAddressChangedError, rotateMailAddress, updateMailAddress,
  type MailAddressRecord,
} from '#data/mail-addresses.ts';
import { viewerOf, type DriveViewer } from '#domain/drive/folder-access.ts';
import { itemNotFound, reachableWithPaths, writableFolder } from '#domain/drive/reach.ts';

/**
 * Intake addresses (docs/drive.md "Receiving documents by mail"), managed by administrators (the
 * routes' access): `<secret>@<receiving domain>`, each for a folder the administrator may add to,
 * registered in its creator's name (what arrives is registered as their upload while they still
 * reach the folder). Every change is audited in its own transaction (target `mail_address`).
 */

/** `length` characters of lower-case base32 (RFC 4648, otplib's encoder), 5 bits of the CSPRNG each. */
const base32Text = (length: number): string => base32.encode(randomBytes(Math.ceil((length * 5) / 8))).toLowerCase().slice(0, length);
/** 130 bits: a local part nobody guesses (mail-intake.ts). */
export const newSecret = (): string => base32Text(26);
const newAddressId = (): string => base32Text(12);

const notConfigured = () => new DomainError('mailIntakeNotConfigured');
const addressGone = () => new DomainError('address', {}, {}, 'notice.recordNotFound');
const edited = () => new DomainError('editedByAnotherUser');

/** What the audit log keeps of an address (never its secret: the log is read by every administrator, the address is not a credential there). */
const auditView = (record: MailAddressRecord) => ({
  address_id: record.address_id, folder_id: record.folder_id, document_style: record.document_style ?? null,
  allowed_senders: record.allowed_senders, keep_mail: record.keep_mail,
});
const change = (action: string, record: MailAddressRecord, before: unknown, after: unknown): AuditChange => ({
  action: `drive.mail_address_${action}`, targetType: 'mail_address', targetId: record.address_id, before, after,
});

/** The folders' names now (administrators reach every folder); null for one gone or in the trash. */
async function folderNames(viewer: DriveViewer, folderIds: string[]): Promise<Map<string, string | null>> {
  const ids = [...new Set(folderIds)].filter((id) => id !== ROOT_ID);
  const reached = ids.length ? await reachableWithPaths(viewer, ids) : new Map<string, { item: { name: string; type: string } }>();
  const names = new Map<string, string | null>(folderIds.includes(ROOT_ID) ? [[ROOT_ID, '']] : []);
  for (const id of ids) {
    const item = reached.get(id)?.item;
    names.set(id, item?.type === 'folder' ? item.name : null);
  }
  return names;
}

const toAddress = (record: MailAddressRecord, folderName: string | null | undefined): MailAddress => {
  const domain = config.mailIntakeDomain;
  return {
    address_id: record.address_id, address: domain ? `${record.secret}@${domain}` : '',
    folder_id: record.folder_id, folder_name: folderName ?? null,
    ...(record.document_style ? { document_style: record.document_style } : {}),
    allowed_senders: record.allowed_senders, keep_mail: record.keep_mail,
    creator_id: record.creator_id, creator_nm: record.creator_nm, created_at: record.created_at, updated_at: record.updated_at, row_version: record.row_version,
  };
};

async function shown(viewer: DriveViewer, record: MailAddressRecord): Promise<MailAddress> {
  return toAddress(record, (await folderNames(viewer, [record.folder_id])).get(record.folder_id));
}

async function existing(kykId: string, addressId: string): Promise<MailAddressRecord> {
  const record = await getMailAddress(kykId, addressId);
  if (!record) throw addressGone();
  return record;
}

export const listMailAddressesOperation: Operation<'com_drive/mail_address_list'> = async ({ caller, input }) => {
  const records = (await listMailAddresses(caller.kykId)).filter((record) => input.folder_id === undefined || record.folder_id === input.folder_id);
  const names = await folderNames(viewerOf(caller), records.map((record) => record.folder_id));
  return { domain: config.mailIntakeDomain ?? null, addresses: records.map((record) => toAddress(record, names.get(record.folder_id))) };
};

export const saveMailAddress: Operation<'com_drive/mail_address_save_btn'> = async (context) => {
  const { caller, input } = context;
  if (!config.mailIntakeDomain) throw notConfigured();
  const actor = auditActor(context);
  const now = nowIso();
  const settings = {
    folder_id: input.folder_id, allowed_senders: [...new Set(input.allowed_senders.map((entry) => entry.toLowerCase()))],
    keep_mail: input.keep_mail, updated_at: now, ...(input.document_style ? { document_style: input.document_style } : {}),
  };
  const current = input.address_id === undefined ? undefined : await existing(caller.kykId, input.address_id);
  if (current && input.row_version === undefined) throw new InputError({ row_version: 'validation.required' });
  // A folder the administrator may add to now (the creator's reach is decided again for every mail).
  if (!current || current.folder_id !== input.folder_id) {
    if (!(await writableFolder(viewerOf(caller), input.folder_id))) throw itemNotFound();
  }
  if (!current) {
    const record: MailAddressRecord = {
      kyk_id: caller.kykId, address_id: newAddressId(), secret: newSecret(), ...settings,
      creator_id: caller.userId, creator_nm: caller.user.user_nm, created_at: now, row_version: 1,
    };
    try {
      await insertMailAddress(record, ADDRESSES_PER_CONTRACT_MAX, [auditPut(actor, change('create', record, null, auditView(record)))]);
    } catch (error) {
      if (error instanceof AddressesLimitError) throw new DomainError('mailAddressesLimit', { max: ADDRESSES_PER_CONTRACT_MAX });
      throw error;
    }
    return { address: await shown(viewerOf(caller), record) };
  }
  const after: MailAddressRecord = { ...current, ...settings, row_version: input.row_version! + 1 };
  if (!input.document_style) delete after.document_style;
  try {
    const saved = await updateMailAddress(current, input.row_version!, settings, [auditPut(actor, change('update', current, auditView(current), auditView(after)))]);
    return { address: await shown(viewerOf(caller), saved) };
  } catch (error) {
    if (error instanceof MailAddressChangedError) throw edited();
    throw error;
  }
};

export const rotateMailAddressOperation: Operation<'com_drive/mail_address_rotate_btn'> = async (context) => {
  const { caller, input } = context;
  const current = await existing(caller.kykId, input.address_id);
  try {
    const rotated = await rotateMailAddress(current, newSecret(), nowIso(), [
      auditPut(auditActor(context), change('rotate', current, { address_id: current.address_id }, { address_id: current.address_id, rotated: true })),
    ]);
    return { address: await shown(viewerOf(caller), rotated) };
  } catch (error) {
    if (error instanceof MailAddressChangedError) throw edited();
    throw error;
  }
};

export const deleteMailAddressOperation: Operation<'com_drive/mail_address_delete_btn'> = async (context) => {
  const { caller, input } = context;
  const current = await existing(caller.kykId, input.address_id);
  try {
    await deleteMailAddress(current, [auditPut(auditActor(context), change('delete', current, auditView(current), null))]);
  } catch (error) {
    if (error instanceof MailAddressChangedError) throw edited();
    throw error;
  }
  return {};
};
