import { auditRecord } from '#lib/audit.ts';
import { idempotencyRecordKey } from '#lib/idempotency.ts';
import { accessActionKeys, accessEventKeys } from './access-log.ts';
import type { Keys } from '#lib/data/table.ts';
import { contractKey } from './contracts.ts';
import { codeClaimKey, corpCounterKey, corpKey, dateIndexKey, listingKeys as corpListingKeys } from './corps.ts';
import { deviceKey } from './devices.ts';
import { itemKey, listingKeys as itemListingKeys, nameClaimKey } from './drive-items.ts';
import { gramKey, partnerAmountKey, partnerKey, partnerNameKey, searchKeys } from './drive-search-keys.ts';
import { purgeMarkerKey, retentionStateKey, trashContractKey, trashKeys } from './drive-trash.ts';
import { commonSettingsKey } from './common-settings.ts';
import { folderSettingsRowKey, folderSettingsStateKey } from './folder-settings.ts';
import { favouriteKey, favouriteListingKeys } from './favourites.ts';
import { versionKey } from './file-versions.ts';
import { readFieldsKey } from './read-fields.ts';
import { invoiceRegistryKey } from './invoice-registry-cache.ts';
import { correctionKey, correctionListingKeys } from './corrections.ts';
import { lateScanKey } from './late-scans.ts';
import { attentionKey } from './attention.ts';
import { recentKey, recentListingKeys } from './recent-files.ts';
import { commonTagNameKey, itemTagKey, itemTagListingKeys, privateTagNameKey, tagKey, tagListingKeys } from './tags.ts';
import { groupCountKey, groupKey, groupNameClaimKey, listingKeys as groupListingKeys, memberKey } from './groups.ts';
import { jobCounterKey, jobKey, listingKeys as jobListingKeys, runningJobKey } from './import-jobs.ts';
import { contractDriveJobsKey, driveJobKey, driveJobStartKey, runningDriveJobKey, userDriveJobsKey } from './drive-jobs.ts';
import { noPasswordKeys, problemKeys, resultKey } from './import-rows.ts';
import { invitationClaimKey, invitationKey } from './user-invitations.ts';
import { userGramKey } from './user-search.ts';
import { ipPolicyKey } from './ip-entries.ts';
import { propertyCounterKey, propertyItemKey, propertyNameClaimKey } from './property-items.ts';
import { policyKey } from './password-policy.ts';
import { pendingKey } from './pending-sign-ins.ts';
import { assertionKey, codeKey, requestKey, ssoSettingsKey } from './saml.ts';
import { sessionKey } from './sessions.ts';
import { shareLinkKey, shareLinkListingKeys } from './share-links.ts';
import { digestEntryKey, digestQueueKey, fileRequestKey, fileRequestListingKeys, folderRequestCountKey, folderRequestKey } from './file-requests.ts';
import { expiryQueueKey, sweepStateKey, uploadsCounterKey } from './pending-uploads.ts';
import { administratorsGuardKey } from './administrators.ts';
import { attemptsKey } from './sign-in-attempts.ts';
import { sourceWindowKey } from './source-attempts.ts';
import { corpMemberKey } from './user-directory.ts';
import { mailAddressCounterKey, mailAddressKey, mailLookupKey } from './mail-addresses.ts';
import { intakeEntryKeys, messageMarkerKey } from './intake-log.ts';
import { userCountKey, userIndexKeys, userKey } from './users.ts';

/**
 * The key registry: every partition and sort key the tables hold, with the entity module that owns
 * it and the builder that makes it. `<...>` stands for a value; everything else is literal. A unit
 * test (keys.test.ts) calls each example, checks that the builder's key has the registered shape,
 * and fails when two entities could write the same key (the same partition with sort keys one of
 * which begins with the other). The access-pattern table in README.md names these builders.
 */
export interface KeyUse {
  entity: string;
  /** The module that owns the key (functions/data/<module>.ts, or the kit's audit log and idempotency records). */
  module: string;
  index: 'table' | 'gsi1' | 'gsi2' | 'srch-name' | 'srch-upd' | 'srch-txd' | 'srch-amt' | 'audit' | 'audit-gsi1' | 'audit-gsi2';
  partition: string;
  sort: string;
  builder: string;
  /** The builder called with sample values: [partition key, sort key]. */
  example: () => [string, string];
}

const K = 'k1';
const pair = (keys: Keys): [string, string] => [keys.pk, keys.sk];
const day = '2026-11-25T06:00:00.000Z';
const audit = () => auditRecord({ kykId: K, userId: 'u1', userName: 'U', requestId: 'r', sourceIp: '192.0.2.1' }, { action: 'a', targetType: 'user', targetId: 'u2', before: null, after: null }, new Date(day));

export const keyRegistry: KeyUse[] = [
  // The contract's own partition: the contract and its settings.
  { entity: 'contract', module: 'contracts', index: 'table', partition: 'T#<kyk>', sort: 'CONTRACT', builder: 'contractKey', example: () => pair(contractKey(K)) },
  { entity: 'password policy', module: 'password-policy', index: 'table', partition: 'T#<kyk>', sort: 'POLICY#PASSWORD', builder: 'policyKey', example: () => pair(policyKey(K)) },
  { entity: 'SAML settings', module: 'saml', index: 'table', partition: 'T#<kyk>', sort: 'POLICY#SSO', builder: 'ssoSettingsKey', example: () => pair(ssoSettingsKey(K)) },
  { entity: 'IP allow-list entry', module: 'ip-entries', index: 'table', partition: 'T#<kyk>', sort: 'IPPOLICY#<group>', builder: 'ipPolicyKey', example: () => pair(ipPolicyKey(K, 'g1')) },
  { entity: 'common settings', module: 'common-settings', index: 'table', partition: 'T#<kyk>', sort: 'SETTINGS#COMMON', builder: 'commonSettingsKey', example: () => pair(commonSettingsKey(K)) },
  { entity: 'administrators guard', module: 'administrators', index: 'table', partition: 'T#<kyk>', sort: 'GUARD#ADMINS', builder: 'administratorsGuardKey', example: () => pair(administratorsGuardKey(K)) },
  { entity: 'property item', module: 'property-items', index: 'table', partition: 'T#<kyk>', sort: 'PROPITEM#<no>', builder: 'propertyItemKey', example: () => pair(propertyItemKey(K, 3)) },
  { entity: 'property item name claim', module: 'property-items', index: 'table', partition: 'T#<kyk>', sort: 'PROPNAME#<name key>', builder: 'propertyNameClaimKey', example: () => pair(propertyNameClaimKey(K, 'category')) },
  { entity: 'property item counter', module: 'property-items', index: 'table', partition: 'T#<kyk>', sort: 'PROPSEQ', builder: 'propertyCounterKey', example: () => pair(propertyCounterKey(K)) },
  // A user's partition: the profile, the session, the pending sign-in, trusted devices.
  { entity: 'user', module: 'users', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'PROFILE', builder: 'userKey', example: () => pair(userKey(K, 'u1')) },
  { entity: 'session', module: 'sessions', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'SESSION', builder: 'sessionKey', example: () => pair(sessionKey(K, 'u1')) },
  { entity: 'pending sign-in', module: 'pending-sign-ins', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'SIGNIN', builder: 'pendingKey', example: () => pair(pendingKey(K, 'u1')) },
  { entity: 'sign-in attempts', module: 'sign-in-attempts', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'ATTEMPTS', builder: 'attemptsKey', example: () => pair(attemptsKey(K, 'u1')) },
  { entity: 'pending uploads counter', module: 'pending-uploads', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'UPLOADS', builder: 'uploadsCounterKey', example: () => pair(uploadsCounterKey(K, 'u1')) },
  { entity: 'favourite', module: 'favourites', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'FAV#<item>', builder: 'favouriteKey', example: () => pair(favouriteKey(K, 'u1', 'i1')) },
  { entity: 'favourite', module: 'favourites', index: 'gsi1', partition: 'T#<kyk>#USER#<user>#FAVS', sort: '<date>#<item>', builder: 'favouriteListingKeys', example: () => { const keys = favouriteListingKeys(K, 'u1', day, 'i1'); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'share link', module: 'share-links', index: 'table', partition: 'T#<kyk>#SHARE#<link>', sort: 'LINK', builder: 'shareLinkKey', example: () => pair(shareLinkKey(K, 'l1')) },
  { entity: 'share link', module: 'share-links', index: 'gsi1', partition: 'T#<kyk>#SHARES', sort: '<date>#<link>', builder: 'shareLinkListingKeys', example: () => { const keys = shareLinkListingKeys({ kyk_id: K, link_id: 'l1', item_id: 'i1', created_at: day }); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'share link', module: 'share-links', index: 'gsi2', partition: 'T#<kyk>#SHARES#ITEM#<item>', sort: '<date>#<link>', builder: 'shareLinkListingKeys', example: () => { const keys = shareLinkListingKeys({ kyk_id: K, link_id: 'l1', item_id: 'i1', created_at: day }); return [keys.gsi2pk, keys.gsi2sk]; } },
  { entity: 'file request', module: 'file-requests', index: 'table', partition: 'T#<kyk>#FREQ#<request>', sort: 'REQUEST', builder: 'fileRequestKey', example: () => pair(fileRequestKey(K, 'r1')) },
  { entity: 'file request', module: 'file-requests', index: 'gsi1', partition: 'T#<kyk>#FREQS', sort: '<date>#<request>', builder: 'fileRequestListingKeys', example: () => { const keys = fileRequestListingKeys({ kyk_id: K, request_id: 'r1', creator_id: 'u1', created_at: day }); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'file request', module: 'file-requests', index: 'gsi2', partition: 'T#<kyk>#FREQS#USER#<user>', sort: '<date>#<request>', builder: 'fileRequestListingKeys', example: () => { const keys = fileRequestListingKeys({ kyk_id: K, request_id: 'r1', creator_id: 'u1', created_at: day }); return [keys.gsi2pk, keys.gsi2sk]; } },
  { entity: 'file-request digest entry', module: 'file-requests', index: 'table', partition: 'T#<kyk>#FREQ#<request>', sort: 'DIGEST#<date>#<item>', builder: 'digestEntryKey', example: () => pair(digestEntryKey(K, 'r1', day, 'i1')) },
  { entity: 'file requests of a folder (count)', module: 'file-requests', index: 'table', partition: 'T#<kyk>#FREQS#FOLDER#<folder>', sort: 'COUNT', builder: 'folderRequestCountKey', example: () => pair(folderRequestCountKey(K, 'f1')) },
  { entity: 'file request of a folder', module: 'file-requests', index: 'table', partition: 'T#<kyk>#FREQS#FOLDER#<folder>', sort: 'REQ#<user>#<date>#<request>', builder: 'folderRequestKey', example: () => pair(folderRequestKey(K, 'f1', 'u1', day, 'r1')) },
  { entity: 'recent file', module: 'recent-files', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'RECENT#<item>', builder: 'recentKey', example: () => pair(recentKey(K, 'u1', 'i1')) },
  { entity: 'recent file', module: 'recent-files', index: 'gsi1', partition: 'T#<kyk>#USER#<user>#RECENT', sort: '<date>#<item>', builder: 'recentListingKeys', example: () => { const keys = recentListingKeys(K, 'u1', day, 'i1'); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'trusted device', module: 'devices', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'DEVICE#<hash>', builder: 'deviceKey', example: () => pair(deviceKey(K, 'u1', 'h1')) },
  { entity: 'users counter', module: 'users', index: 'table', partition: 'T#<kyk>#USERS', sort: 'COUNT', builder: 'userCountKey', example: () => pair(userCountKey(K)) },
  { entity: 'user', module: 'users', index: 'gsi1', partition: 'T#<kyk>#USERS', sort: '<user>', builder: 'userIndexKeys', example: () => { const keys = userIndexKeys({ kyk_id: K, user_id: 'u1', user_nm: 'N' }); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'user', module: 'users', index: 'gsi2', partition: 'T#<kyk>#USERS', sort: '<name>#<user>', builder: 'userIndexKeys', example: () => { const keys = userIndexKeys({ kyk_id: K, user_id: 'u1', user_nm: 'N' }); return [keys.gsi2pk, keys.gsi2sk]; } },
  // Legal entities.
  { entity: 'legal entity', module: 'corps', index: 'table', partition: 'T#<kyk>#CORP#<corp>', sort: 'CORP', builder: 'corpKey', example: () => pair(corpKey(K, 'c1')) },
  { entity: 'legal-entity member', module: 'user-directory', index: 'table', partition: 'T#<kyk>#CORP#<corp>', sort: 'USER#<user>', builder: 'corpMemberKey', example: () => pair(corpMemberKey(K, 'c1', 'u1')) },
  { entity: 'corp code claim', module: 'corps', index: 'table', partition: 'T#<kyk>#CORPS', sort: 'CODE#<code>', builder: 'codeClaimKey', example: () => pair(codeClaimKey(K, 'A1')) },
  { entity: 'legal-entity counter', module: 'corps', index: 'table', partition: 'T#<kyk>#CORPS', sort: 'COUNT', builder: 'corpCounterKey', example: () => pair(corpCounterKey(K)) },
  { entity: 'legal entity by date', module: 'corps', index: 'table', partition: 'T#<kyk>#CORPS#BYDATE', sort: '<date>#<corp>', builder: 'dateIndexKey', example: () => pair(dateIndexKey(K, day, 'c1')) },
  { entity: 'legal entity', module: 'corps', index: 'gsi1', partition: 'T#<kyk>#CORPS', sort: 'CD#<code>', builder: 'listingKeys', example: () => { const keys = corpListingKeys({ kyk_id: K, corp_id: 'c1', corp_cd: 'A1', name_key: 'n' }); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'legal entity', module: 'corps', index: 'gsi2', partition: 'T#<kyk>#CORPS', sort: 'NM#<name>', builder: 'listingKeys', example: () => { const keys = corpListingKeys({ kyk_id: K, corp_id: 'c1', corp_cd: 'A1', name_key: 'n' }); return [keys.gsi2pk, keys.gsi2sk]; } },
  // User groups.
  { entity: 'user group', module: 'groups', index: 'table', partition: 'T#<kyk>#UGROUP#<group>', sort: 'GROUP', builder: 'groupKey', example: () => pair(groupKey(K, 'g1')) },
  { entity: 'group member', module: 'groups', index: 'table', partition: 'T#<kyk>#UGROUP#<group>', sort: 'MEMBER#<user>', builder: 'memberKey', example: () => pair(memberKey(K, 'g1', 'u1')) },
  { entity: 'group name claim', module: 'groups', index: 'table', partition: 'T#<kyk>#UGROUPS#<product>', sort: 'NAME#<name>', builder: 'groupNameClaimKey', example: () => pair(groupNameClaimKey(K, 'ata', 'n')) },
  { entity: 'group counter', module: 'groups', index: 'table', partition: 'T#<kyk>#UGROUPS#<product>', sort: 'COUNT', builder: 'groupCountKey', example: () => pair(groupCountKey(K, 'ata')) },
  { entity: 'user group', module: 'groups', index: 'gsi1', partition: 'T#<kyk>#UGROUPS#<product>', sort: '<name>', builder: 'listingKeys', example: () => { const keys = groupListingKeys({ kyk_id: K, product: 'ata', name_key: 'n', user_group_id: 'g1' }); return [keys.gsi1pk, keys.gsi1sk]; } },
  // Imports.
  { entity: 'import job', module: 'import-jobs', index: 'table', partition: 'T#<kyk>#IMPORT#<job>', sort: 'JOB', builder: 'jobKey', example: () => pair(jobKey(K, 'j1')) },
  { entity: 'import row', module: 'import-rows', index: 'table', partition: 'T#<kyk>#IMPORT#<job>', sort: 'ROW#<seq>', builder: 'resultKey', example: () => pair(resultKey(K, 'j1', 1)) },
  { entity: 'import jobs counter', module: 'import-jobs', index: 'table', partition: 'T#<kyk>#IMPORTS', sort: 'COUNT', builder: 'jobCounterKey', example: () => pair(jobCounterKey(K)) },
  { entity: 'import job', module: 'import-jobs', index: 'gsi1', partition: 'T#<kyk>#IMPORTS', sort: '<start>#<job>', builder: 'listingKeys', example: () => { const keys = jobListingKeys({ kyk_id: K, kind: 'corp', start_datetime: day, request_id: 'j1' }); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'import job', module: 'import-jobs', index: 'gsi2', partition: 'T#<kyk>#IMPORTS#<kind>', sort: '<start>#<job>', builder: 'listingKeys', example: () => { const keys = jobListingKeys({ kyk_id: K, kind: 'corp', start_datetime: day, request_id: 'j1' }); return [keys.gsi2pk, keys.gsi2sk]; } },
  { entity: 'import row', module: 'import-rows', index: 'gsi1', partition: 'T#<kyk>#IMPORT#<job>#PROBLEMS', sort: '<pseq>', builder: 'problemKeys', example: () => { const keys = problemKeys(K, 'j1', 1); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'import row', module: 'import-rows', index: 'gsi2', partition: 'T#<kyk>#IMPORT#<job>#NOPASS', sort: '<nseq>', builder: 'noPasswordKeys', example: () => { const keys = noPasswordKeys(K, 'j1', 1); return [keys.gsi2pk, keys.gsi2sk]; } },
  { entity: 'user invitation', module: 'user-invitations', index: 'table', partition: 'T#<kyk>#INVITE#<token hash>', sort: 'INVITE', builder: 'invitationKey', example: () => pair(invitationKey(K, 'ab12')) },
  { entity: 'user search gram', module: 'user-search', index: 'table', partition: 'T#<kyk>#UGRAM#<gram>', sort: '<user>', builder: 'userGramKey', example: () => pair(userGramKey(K, 'ab', 'u1')) },
  { entity: 'invitation claim', module: 'user-invitations', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'INVITE#<job>', builder: 'invitationClaimKey', example: () => pair(invitationClaimKey(K, 'u1', 'j1')) },
  // The drive.
  { entity: 'drive item', module: 'drive-items', index: 'table', partition: 'T#<kyk>#ITEM#<item>', sort: 'ITEM', builder: 'itemKey', example: () => pair(itemKey(K, 'i1')) },
  { entity: 'drive name claim', module: 'drive-items', index: 'table', partition: 'T#<kyk>#FOLDER#<folder>', sort: 'NAME#<rank>#<name>', builder: 'nameClaimKey', example: () => pair(nameClaimKey(K, 'root', 'file', 'n')) },
  { entity: 'drive item', module: 'drive-items', index: 'gsi1', partition: 'T#<kyk>#FOLDER#<folder>', sort: '<rank>#<name>', builder: 'listingKeys', example: () => { const keys = itemListingKeys({ kyk_id: K, parent_id: 'root', type: 'file', name_key: 'n', update_date: day, id: 'i1' }); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'drive item', module: 'drive-items', index: 'gsi2', partition: 'T#<kyk>#FOLDER#<folder>', sort: '<rank>#<date>#<item>', builder: 'listingKeys', example: () => { const keys = itemListingKeys({ kyk_id: K, parent_id: 'root', type: 'file', name_key: 'n', update_date: day, id: 'i1' }); return [keys.gsi2pk, keys.gsi2sk]; } },
  // The drive search (drive-search-keys.ts): the entry's own attributes sort it in four GSIs under its bucket; its name's grams.
  { entity: 'drive item', module: 'drive-items', index: 'srch-name', partition: 'T#<kyk>#SRCH#<bucket>', sort: '<name>', builder: 'searchKeys', example: () => [searchKeys({ kyk_id: K, id: 'i1' }).srch_pk, 'n'] },
  { entity: 'drive item', module: 'drive-items', index: 'srch-upd', partition: 'T#<kyk>#SRCH#<bucket>', sort: '<date>', builder: 'searchKeys', example: () => [searchKeys({ kyk_id: K, id: 'i1' }).srch_pk, day] },
  { entity: 'drive item', module: 'drive-items', index: 'srch-txd', partition: 'T#<kyk>#SRCH#<bucket>', sort: '<date>', builder: 'searchKeys', example: () => [searchKeys({ kyk_id: K, id: 'i1' }).srch_pk, '2024-01-31'] },
  { entity: 'drive item', module: 'drive-items', index: 'srch-amt', partition: 'T#<kyk>#SRCH#<bucket>', sort: '<amount>', builder: 'searchKeys', example: () => [searchKeys({ kyk_id: K, id: 'i1' }).srch_pk, '1000'] },
  { entity: 'name gram', module: 'drive-search-keys', index: 'table', partition: 'T#<kyk>#NGRAM#<gram>#<bucket>', sort: '<name>#<item>', builder: 'gramKey', example: () => pair(gramKey(K, 'ab', 'i1', 'nab')) },
  // The partner index: a file under each of its partners, by transaction date; the partner names a search looks for.
  { entity: 'partner key', module: 'drive-search-keys', index: 'table', partition: 'T#<kyk>#PTNR#<partner>', sort: '<date>#<item>', builder: 'partnerKey', example: () => pair(partnerKey(K, 'acme', '2024-01-31', 'i1')) },
  { entity: 'partner name', module: 'drive-search-keys', index: 'table', partition: 'T#<kyk>#PTNRS#<bucket>', sort: '<partner>', builder: 'partnerNameKey', example: () => pair(partnerNameKey(K, 'acme')) },
  { entity: 'partner amount key', module: 'drive-search-keys', index: 'table', partition: 'T#<kyk>#PTNA#<band>#<partner>', sort: '<date>#<item>', builder: 'partnerAmountKey', example: () => pair(partnerAmountKey(K, 6, 'acme', '2024-01-31', 'i1')) },
  { entity: 'drive item in the trash', module: 'drive-trash', index: 'gsi1', partition: 'T#<kyk>#TRASH', sort: '<date>#<item>', builder: 'trashKeys', example: () => { const keys = trashKeys({ kyk_id: K, id: 'i1', trashed_date: day, trashed_user_id: 'u1' }); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'drive item in the trash', module: 'drive-trash', index: 'gsi2', partition: 'T#<kyk>#TRASH#USER#<user>', sort: '<date>#<item>', builder: 'trashKeys', example: () => { const keys = trashKeys({ kyk_id: K, id: 'i1', trashed_date: day, trashed_user_id: 'u1' }); return [keys.gsi2pk, keys.gsi2sk]; } },
  // Folder purges and trash emptying: a queue for every contract, served by the scheduled sweep.
  { entity: 'purge marker', module: 'drive-trash', index: 'table', partition: 'PURGEQ#<shard>', sort: '<kyk>#<item>', builder: 'purgeMarkerKey', example: () => pair(purgeMarkerKey(1, K, 'i1')) },
  // Trash retention: the contracts whose trash may hold entries, and when the job runs next.
  { entity: 'trash contract marker', module: 'drive-trash', index: 'table', partition: 'TRASHQ#<shard>', sort: '<kyk>', builder: 'trashContractKey', example: () => pair(trashContractKey(K)) },
  { entity: 'trash retention state', module: 'drive-trash', index: 'table', partition: 'RETENTION#STATE', sort: 'TRASH', builder: 'retentionStateKey', example: () => pair(retentionStateKey()) },
  // Tags: the tag, its name claims (common: the contract's; private: the owner's), listings, links to entries.
  { entity: 'tag', module: 'tags', index: 'table', partition: 'T#<kyk>#TAG#<tag>', sort: 'TAG', builder: 'tagKey', example: () => pair(tagKey(K, 't1')) },
  { entity: 'common tag name claim', module: 'tags', index: 'table', partition: 'T#<kyk>#TAGS', sort: 'NAME#<name>', builder: 'commonTagNameKey', example: () => pair(commonTagNameKey(K, 'n')) },
  { entity: 'private tag name claim', module: 'tags', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'TAGNAME#<name>', builder: 'privateTagNameKey', example: () => pair(privateTagNameKey(K, 'u1', 'n')) },
  { entity: 'tag', module: 'tags', index: 'gsi1', partition: 'T#<kyk>#TAGS', sort: '<name>#<tag>', builder: 'tagListingKeys', example: () => { const keys = tagListingKeys({ kyk_id: K, id: 't1', name_key: 'n', scope: 'common' }); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'tag', module: 'tags', index: 'gsi1', partition: 'T#<kyk>#USER#<user>#TAGS', sort: '<name>#<tag>', builder: 'tagListingKeys', example: () => { const keys = tagListingKeys({ kyk_id: K, id: 't1', name_key: 'n', scope: 'private', owner_user_id: 'u1' }); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'tag on an entry', module: 'tags', index: 'table', partition: 'T#<kyk>#ITEM#<item>', sort: 'TAG#<tag>', builder: 'itemTagKey', example: () => pair(itemTagKey(K, 'i1', 't1')) },
  { entity: 'file version', module: 'file-versions', index: 'table', partition: 'T#<kyk>#ITEM#<item>', sort: 'VER#<version>', builder: 'versionKey', example: () => pair(versionKey(K, 'i1', 3)) },
  { entity: 'fields read from a file', module: 'read-fields', index: 'table', partition: 'T#<kyk>#ITEM#<item>', sort: 'READ', builder: 'readFieldsKey', example: () => pair(readFieldsKey(K, 'i1')) },
  { entity: 'invoice registry answer', module: 'invoice-registry-cache', index: 'table', partition: 'T#<kyk>#INVREG', sort: '<number>#<day>', builder: 'invoiceRegistryKey', example: () => pair(invoiceRegistryKey(K, 'T7000012050002', '2024-04-01')) },
  { entity: 'correction record', module: 'corrections', index: 'table', partition: 'T#<kyk>#ITEM#<item>', sort: 'FIX#<date>#<id>', builder: 'correctionKey', example: () => pair(correctionKey(K, 'i1', day, 'c1')) },
  { entity: 'correction record', module: 'corrections', index: 'gsi1', partition: 'T#<kyk>#FIXES', sort: '<date>#<id>', builder: 'correctionListingKeys', example: () => { const keys = correctionListingKeys(K, day, 'c1'); return [keys.gsi1pk, keys.gsi1sk]; } },
  // Folder permissions: the contract's folders with settings, and the settings version.
  { entity: 'folder settings row', module: 'folder-settings', index: 'table', partition: 'T#<kyk>#FOLDERSETTINGS', sort: 'F#<folder>', builder: 'folderSettingsRowKey', example: () => pair(folderSettingsRowKey(K, 'f1')) },
  { entity: 'folder settings state', module: 'folder-settings', index: 'table', partition: 'T#<kyk>#FOLDERSETTINGS', sort: 'STATE', builder: 'folderSettingsStateKey', example: () => pair(folderSettingsStateKey(K)) },
  { entity: 'late scan', module: 'late-scans', index: 'table', partition: 'T#<kyk>#LATESCANS', sort: '<date>#<item>', builder: 'lateScanKey', example: () => pair(lateScanKey(K, day, 'i1')) },
  { entity: 'file needing attention', module: 'attention', index: 'table', partition: 'T#<kyk>#ATTENTION', sort: '<regist date>#<item>', builder: 'attentionKey', example: () => pair(attentionKey(K, day, 'i1')) },
  { entity: 'tag on an entry', module: 'tags', index: 'gsi1', partition: 'T#<kyk>#TAG#<tag>#ITEMS', sort: '<date>#<item>', builder: 'itemTagListingKeys', example: () => { const keys = itemTagListingKeys(K, 't1', day, 'i1'); return [keys.gsi1pk, keys.gsi1sk]; } },
  // The drive's access log: each event twice, so that every filter is a key condition.
  { entity: 'access event', module: 'access-log', index: 'table', partition: 'T#<kyk>#ALOG#MON#<month>', sort: '<time>#<event>', builder: 'accessEventKeys', example: () => pair(accessEventKeys(K, day, 'e1', 'u1', 'i1')) },
  { entity: 'access event', module: 'access-log', index: 'gsi1', partition: 'T#<kyk>#ALOG#USER#<user>', sort: '<time>#<event>', builder: 'accessEventKeys', example: () => { const keys = accessEventKeys(K, day, 'e1', 'u1', 'i1'); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'access event', module: 'access-log', index: 'gsi2', partition: 'T#<kyk>#ALOG#ITEM#<item>', sort: '<time>#<event>', builder: 'accessEventKeys', example: () => { const keys = accessEventKeys(K, day, 'e1', 'u1', 'i1'); return [keys.gsi2pk, keys.gsi2sk]; } },
  { entity: 'access event by action', module: 'access-log', index: 'table', partition: 'T#<kyk>#ALOG#ACT#<action>#<month>', sort: '<time>#<event>', builder: 'accessActionKeys', example: () => pair(accessActionKeys(K, day, 'e1', 'u1', 'download')) },
  { entity: 'access event by action', module: 'access-log', index: 'gsi1', partition: 'T#<kyk>#ALOG#UACT#<user>#<action>', sort: '<time>#<event>', builder: 'accessActionKeys', example: () => { const keys = accessActionKeys(K, day, 'e1', 'u1', 'download'); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'running import marker', module: 'import-jobs', index: 'table', partition: 'IMPORTQ#RUNNING', sort: '<kyk>#<job>', builder: 'runningJobKey', example: () => pair(runningJobKey(K, 'j1')) },
  { entity: 'drive job', module: 'drive-jobs', index: 'table', partition: 'T#<kyk>#DRIVEJOB#<job>', sort: 'JOB', builder: 'driveJobKey', example: () => pair(driveJobKey(K, 'j1')) },
  { entity: 'running drive job marker', module: 'drive-jobs', index: 'table', partition: 'DRIVEJOBQ#RUNNING', sort: '<kyk>#<job>', builder: 'runningDriveJobKey', example: () => pair(runningDriveJobKey(K, 'j1')) },
  { entity: 'running drive jobs of a user', module: 'drive-jobs', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'DRIVEJOBS', builder: 'userDriveJobsKey', example: () => pair(userDriveJobsKey(K, 'u1')) },
  { entity: 'running drive jobs of a contract', module: 'drive-jobs', index: 'table', partition: 'T#<kyk>', sort: 'DRIVEJOBS', builder: 'contractDriveJobsKey', example: () => pair(contractDriveJobsKey(K)) },
  { entity: 'drive job start', module: 'drive-jobs', index: 'table', partition: 'T#<kyk>#USER#<user>', sort: 'JOBSTART#<kind>#<hash>', builder: 'driveJobStartKey', example: () => pair(driveJobStartKey(K, 'u1', 'zip#h1')) },
  // Calls made once per Idempotency-Key (the kit's idempotency.ts, written by Powertools): a partition per user, removed by TTL.
  { entity: 'idempotency record', module: 'idempotency', index: 'table', partition: 'T#<kyk>#IDEMPOTENCY#<user>', sort: 'KEY#<hash>', builder: 'idempotencyRecordKey', example: () => pair(idempotencyRecordKey(K, 'u1', 'h1')) },
  // Receiving documents by mail: the addresses in the contract's partition, the log, and the lookup a recipient resolves through.
  { entity: 'intake address', module: 'mail-addresses', index: 'table', partition: 'T#<kyk>', sort: 'MAILADDR#<address>', builder: 'mailAddressKey', example: () => pair(mailAddressKey(K, 'a1')) },
  { entity: 'intake addresses counter', module: 'mail-addresses', index: 'table', partition: 'T#<kyk>', sort: 'MAILCOUNT', builder: 'mailAddressCounterKey', example: () => pair(mailAddressCounterKey(K)) },
  { entity: 'intake address lookup', module: 'mail-addresses', index: 'table', partition: 'MAILTO#<hash>', sort: 'ADDRESS', builder: 'mailLookupKey', example: () => pair(mailLookupKey('abcdefghijklmnopqrstuvwxyz')) },
  { entity: 'intake log entry', module: 'intake-log', index: 'table', partition: 'T#<kyk>#INTAKE', sort: 'LOG#<received>#<entry>', builder: 'intakeEntryKeys', example: () => pair(intakeEntryKeys(K, { received_at: day, entry_id: 'e1', address_id: 'a1' })) },
  { entity: 'intake log entry', module: 'intake-log', index: 'gsi1', partition: 'T#<kyk>#INTAKE#<address>', sort: '<received>#<entry>', builder: 'intakeEntryKeys', example: () => { const keys = intakeEntryKeys(K, { received_at: day, entry_id: 'e1', address_id: 'a1' }); return [keys.gsi1pk, keys.gsi1sk]; } },
  { entity: 'intake message marker', module: 'intake-log', index: 'table', partition: 'T#<kyk>#INTAKE', sort: 'MSG#<hash>', builder: 'messageMarkerKey', example: () => pair(messageMarkerKey(K, 'h1')) },
  // The sweep of abandoned uploads: a queue by expiry hour for every contract.
  { entity: 'upload expiry marker', module: 'pending-uploads', index: 'table', partition: 'UPLOADQ#<hour>#<shard>', sort: '<kyk>#<item>', builder: 'expiryQueueKey', example: () => pair(expiryQueueKey(490_000, 1, K, 'i1')) },
  { entity: 'upload sweep state', module: 'pending-uploads', index: 'table', partition: 'UPLOADQ#STATE', sort: 'SWEEP', builder: 'sweepStateKey', example: () => pair(sweepStateKey()) },
  { entity: 'file-request digest marker', module: 'file-requests', index: 'table', partition: 'FREQQ#<hour>#<shard>', sort: '<date>#<kyk>#<request>', builder: 'digestQueueKey', example: () => pair(digestQueueKey(490_000, 1, day, K, 'r1')) },
  // SAML single sign-on.
  { entity: 'SAML request', module: 'saml', index: 'table', partition: 'T#<kyk>#SSOREQ#<request>', sort: 'REQUEST', builder: 'requestKey', example: () => pair(requestKey(K, 'r1')) },
  { entity: 'SAML assertion seen', module: 'saml', index: 'table', partition: 'T#<kyk>#SSOASSERT#<hash>', sort: 'SEEN', builder: 'assertionKey', example: () => pair(assertionKey(K, 'a1')) },
  { entity: 'SAML sign-in code', module: 'saml', index: 'table', partition: 'T#<kyk>#SSOCODE#<hash>', sort: 'CODE', builder: 'codeKey', example: () => pair(codeKey(K, 's1')) },
  // The sign-in throttle: a source address belongs to no contract.
  { entity: 'source address window', module: 'source-attempts', index: 'table', partition: 'SOURCE#<address>', sort: 'WINDOW#<start>', builder: 'sourceWindowKey', example: () => pair(sourceWindowKey('192.0.2.1', 1_764_000_000)) },
  // The audit log (a table of its own, written by the kit).
  { entity: 'audit record', module: 'audit', index: 'audit', partition: 'T#<kyk>#AUDIT#<day>', sort: '<time>#<id>', builder: 'auditRecord', example: () => { const record = audit(); return [String(record.pk), String(record.sk)]; } },
  { entity: 'audit record', module: 'audit', index: 'audit-gsi1', partition: 'T#<kyk>#AUDIT#USER#<user>', sort: '<time>#<id>', builder: 'auditRecord', example: () => { const record = audit(); return [String(record.gsi1pk), String(record.gsi1sk)]; } },
  { entity: 'audit record', module: 'audit', index: 'audit-gsi2', partition: 'T#<kyk>#AUDIT#ITEM#<type>#<id>', sort: '<time>#<id>', builder: 'auditRecord', example: () => { const record = audit(); return [String(record.gsi2pk), String(record.gsi2sk)]; } },
];
