import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '#lib/clients.ts';
import { batchWrite } from '#lib/data/batch.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import type { LabelledItem } from '#lib/data/transact.ts';
import type { FolderAcl } from './drive-items.ts';

/**
 * The contract's folders that have permission settings of their own, and the settings version
 * (docs/drive.md "Folder permissions"). Access patterns:
 * - every folder with settings: `T#<kyk>#FOLDERSETTINGS` / `F#<folder id>` (one query; few per contract),
 *   read with the state item `STATE` of the same partition (it sorts after the rows);
 * - the settings version: `STATE.version`, moved on by every save in the save's transaction, and
 *   checked by the move, trash, restore and purge of a folder in theirs, so a racing save is never missed.
 * `STATE.complete` says the list holds every such folder: written when a contract is created, and by
 * the operator's `tenant reindex` for contracts from before the list.
 */
const partition = (kykId: string) => `${tenantPrefix(kykId)}#FOLDERSETTINGS`;
export const folderSettingsRowKey = (kykId: string, folderId: string): Keys => ({ pk: partition(kykId), sk: `F#${folderId}` });
export const folderSettingsStateKey = (kykId: string): Keys => ({ pk: partition(kykId), sk: 'STATE' });

export interface FolderSettingsRow {
  folder_id: string;
  acl: FolderAcl;
}

export interface FolderSettingsList {
  folders: FolderSettingsRow[];
  /** Moved on by every save (0 before the first). */
  version: number;
  /** The list is known to hold every folder with settings. */
  complete: boolean;
}

/** Every folder of the contract with settings, and the version they were read at: one consistent query. */
export async function listFolderSettings(kykId: string): Promise<FolderSettingsList> {
  const list: FolderSettingsList = { folders: [], version: 0, complete: false };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partition(kykId) }, ConsistentRead: true, ExclusiveStartKey: startKey,
    }));
    for (const item of page.Items ?? []) {
      if (item.sk === 'STATE') Object.assign(list, { version: Number(item.version ?? 0), complete: item.complete === true });
      else list.folders.push({ folder_id: String(item.folder_id), acl: item.acl as FolderAcl });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return list;
}

/** A save's writes: the folder's row put (or removed) and the version moved on, in the save's transaction. */
export const folderSettingsWrites = (kykId: string, folderId: string, acl: FolderAcl | undefined): LabelledItem[] => [
  acl
    ? { label: 'settingsRow', Put: { TableName: table(), Item: { ...folderSettingsRowKey(kykId, folderId), type: 'folder-settings', folder_id: folderId, acl } } }
    : { label: 'settingsRow', Delete: { TableName: table(), Key: folderSettingsRowKey(kykId, folderId) } },
  {
    label: 'settingsVersion',
    Update: {
      TableName: table(), Key: folderSettingsStateKey(kykId),
      UpdateExpression: 'SET version = if_not_exists(version, :zero) + :one',
      ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
    },
  },
];

/** A folder gone for good takes its row along (in the purge's last step). */
export const folderSettingsRowDelete = (kykId: string, folderId: string): LabelledItem => ({ label: 'settingsRow', Delete: { TableName: table(), Key: folderSettingsRowKey(kykId, folderId) } });

/** A transaction's check that no folder settings were saved since `version` was read. */
export const settingsUnchanged = (kykId: string, version: number): LabelledItem => ({
  label: 'settingsVersion',
  ConditionCheck: {
    TableName: table(), Key: folderSettingsStateKey(kykId),
    ConditionExpression: version === 0 ? 'attribute_not_exists(version) OR version = :zero' : 'version = :version',
    ExpressionAttributeValues: version === 0 ? { ':zero': 0 } : { ':version': version },
  },
});

/** The state item of a new contract: its list is complete from the start (in the creation's transaction). */
export const folderSettingsStart = (kykId: string): LabelledItem => ({
  label: 'folderSettings',
  Put: { TableName: table(), Item: { ...folderSettingsStateKey(kykId), type: 'folder-settings-state', version: 0, complete: true } },
});

/** The reindex: every folder with settings filed in the list, then the list marked complete. */
export async function fileFolderSettings(kykId: string, folders: FolderSettingsRow[]): Promise<void> {
  await batchWrite(folders.map((folder) => ({ PutRequest: { Item: { ...folderSettingsRowKey(kykId, folder.folder_id), type: 'folder-settings', folder_id: folder.folder_id, acl: folder.acl } } })));
  await db().send(new UpdateCommand({
    TableName: table(), Key: folderSettingsStateKey(kykId),
    UpdateExpression: 'SET complete = :yes, #type = :type, version = if_not_exists(version, :zero) + :one',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':yes': true, ':type': 'folder-settings-state', ':zero': 0, ':one': 1 },
  }));
}
