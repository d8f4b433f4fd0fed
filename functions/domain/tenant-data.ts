import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { productAreas } from '#shared/schemas/groups.ts';
import { accessActions } from '#shared/schemas/drive-usage.ts';
import { TRANSACTION_AMOUNT_MAX } from '#shared/drive-limits.ts';
import { config } from '#lib/config.ts';
import { idempotencyPartition } from '#lib/idempotency.ts';
import { batchGet } from '#lib/data/batch.ts';
import { queryAll, queryRange } from '#lib/data/query.ts';
import { table, tenantPrefix, type Keys } from '#lib/data/table.ts';
import { keyRegistry, type KeyUse } from '#data/keys.ts';
import { contractKey } from '#data/contracts.ts';
import { amountBand, gramKey, nameGrams, partnerAmountPartition, SEARCH_BUCKETS, searchPartition } from '#data/drive-search-keys.ts';
import { invitationKey } from '#data/user-invitations.ts';
import { userGramKey, userGrams } from '#data/user-search.ts';
import { purgeShards, trashContractKey } from '#data/drive-trash.ts';
import { markerKey } from '#data/pending-uploads.ts';
import { digestMarkerKey } from '#data/file-requests.ts';
import { mailLookupKey } from '#data/mail-addresses.ts';

/**
 * Every stored item of one contract, found by key-condition queries over the partitions the key
 * registry (functions/data/keys.ts) lists, never by a table Scan (docs/operations.md "Export a
 * contract", "Delete a contract").
 *
 * `tenantPlan` has one entry per physical partition shape of the registry (index `table` of the
 * main table, `audit` of the audit table): how its items are found, or why they cannot be and need
 * not be. tenant-data.test.ts fails when the registry gains a partition this plan does not name, so
 * a new entity cannot be left out of an export or a deletion silently.
 *
 * The ids that name partitions are discovered from the contract's own listings (users, legal
 * entities, groups, imports, tags, share links), from the drive's search index (every entry carries
 * `srch_pk`, one of SEARCH_BUCKETS partitions per contract), the trash and a walk of the folders,
 * and from the audit records (a user deleted long ago may have left a partition behind).
 */

export type Item = Record<string, unknown>;

/** What one partition shape gave: items as stored. */
export interface Found {
  /** The registry's partition template, e.g. `T#<kyk>#USER#<user>`. */
  partition: string;
  store: 'main' | 'audit';
  items: Item[];
}

/** How a partition shape is covered. */
export type Coverage =
  /** Found by queries; `how` says which (docs and the manifest show it). */
  | { kind: 'read'; how: string; read: (discovery: Discovery) => Promise<Item[]> }
  /** Written with random ids nothing lists and removed by DynamoDB's TTL within `how`: only a Scan could find them. */
  | { kind: 'expires'; how: string }
  /** Not the data of a contract (a source address, a global sweep state). */
  | { kind: 'not-tenant'; how: string };

const DAY_MS = 86_400_000;
const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The ids that name a contract's partitions, each read once however many readers ask. */
export class Discovery {
  private readonly memo = new Map<string, Promise<unknown>>();
  readonly prefix: string;

  /** `from`: the first day to read the dated partitions from (a re-reading after a deletion reuses the first reading's). */
  constructor(readonly kykId: string, readonly now = new Date(), private readonly from?: Date) {
    this.prefix = tenantPrefix(kykId);
  }

  private once<T>(name: string, compute: () => Promise<T>): Promise<T> {
    if (!this.memo.has(name)) this.memo.set(name, compute());
    return this.memo.get(name) as Promise<T>;
  }

  /** Every item of a main-table partition. */
  partition(pk: string, extra: Partial<QueryCommandInput> = {}): Promise<Item[]> {
    return queryAll({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true, ...extra });
  }

  /** Items of a global queue partition that belong to this contract (sort key `<kyk>#...`). */
  queueOf(pk: string): Promise<Item[]> {
    return queryAll({
      TableName: table(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :kyk)',
      ExpressionAttributeValues: { ':pk': pk, ':kyk': `${this.kykId}#` }, ConsistentRead: true,
    });
  }

  /** Every item of a GSI partition (its projection is ALL). */
  index(name: string, key: string, value: string): Promise<Item[]> {
    return queryAll({ TableName: table(), IndexName: name, KeyConditionExpression: '#k = :v', ExpressionAttributeNames: { '#k': key }, ExpressionAttributeValues: { ':v': value } });
  }

  async many(pks: Iterable<string>): Promise<Item[]> {
    const result: Item[] = [];
    const list = [...new Set(pks)];
    // A few partitions at once: an operator command, not a request path, but the table is shared.
    for (let index = 0; index < list.length; index += 8) {
      for (const items of await Promise.all(list.slice(index, index + 8).map((pk) => this.partition(pk)))) result.push(...items);
    }
    return result;
  }

  /** The partner names of the drive search's partner index. */
  partnerNames(): Promise<string[]> {
    return this.once('partnerNames', async () => (await this.many(Array.from({ length: SEARCH_BUCKETS }, (_, bucket) => `${this.prefix}#PTNRS#${bucket}`))).map((name) => String(name.sk)));
  }

  contract(): Promise<Item | undefined> {
    return this.once('contract', async () => (await batchGet([contractKey(this.kykId)]))[0]);
  }

  /**
   * Whether anything of the contract is left where every contract has items (its own partition,
   * the users counter and listing, the drive's search index): what a deletion interrupted after
   * its first items still finds, before it pays for reading every dated partition.
   */
  async anything(): Promise<boolean> {
    const probes = [
      { TableName: table(), KeyConditionExpression: 'pk = :v', ExpressionAttributeValues: { ':v': this.prefix } },
      { TableName: table(), KeyConditionExpression: 'pk = :v', ExpressionAttributeValues: { ':v': `${this.prefix}#USERS` } },
      { TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :v', ExpressionAttributeValues: { ':v': `${this.prefix}#USERS` } },
      ...Array.from({ length: SEARCH_BUCKETS }, (_, bucket) => ({ TableName: table(), IndexName: 'srch-name', KeyConditionExpression: 'srch_pk = :v', ExpressionAttributeValues: { ':v': searchPartition(this.kykId, bucket) } })),
    ];
    for (const probe of probes) if ((await queryRange(probe, 0, 1)).length > 0) return true;
    return false;
  }

  /** The first day the contract can have data: its registration (a day early for clocks), else the audit retention back from now. */
  async since(): Promise<Date> {
    if (this.from) return this.from;
    const registered = str((await this.contract())?.regist_date);
    const start = registered ? Date.parse(registered) : this.now.getTime() - (config.auditRetentionDays + 1) * DAY_MS;
    return new Date(Math.min(start, this.now.getTime()) - DAY_MS);
  }

  /** `YYYY-MM-DD` from `since()` to tomorrow (UTC days: the audit partitions' days). */
  days(): Promise<string[]> {
    return this.once('days', async () => {
      const days: string[] = [];
      for (let at = (await this.since()).getTime(); at <= this.now.getTime() + DAY_MS; at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
      return days;
    });
  }

  /** `YYYY-MM` from `since()` to next month (the access log's month partitions). */
  months(): Promise<string[]> {
    return this.once('months', async () => [...new Set((await this.days()).map((day) => day.slice(0, 7)))]);
  }

  auditRecords(): Promise<Item[]> {
    return this.once('audit', async () => {
      const records: Item[] = [];
      const days = await this.days();
      for (let index = 0; index < days.length; index += 8) {
        const pages = await Promise.all(days.slice(index, index + 8).map((day) => queryAll({
          TableName: config.auditTableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `${this.prefix}#AUDIT#${day}` }, ConsistentRead: true,
        })));
        for (const page of pages) records.push(...page);
      }
      return records;
    });
  }

  /** Every drive entry's id and its folder ids: the search index's buckets, the trash, and the folders walked from the root. */
  driveIds(): Promise<{ ids: Set<string>; folders: Set<string> }> {
    return this.once('drive', async () => {
      const ids = new Set<string>();
      const folders = new Set<string>(['root']);
      const note = (entry: Item) => {
        const id = str(entry.id);
        if (!id) return;
        ids.add(id);
        if (entry.type === 'folder') folders.add(id);
      };
      for (let bucket = 0; bucket < SEARCH_BUCKETS; bucket++) (await this.index('srch-name', 'srch_pk', searchPartition(this.kykId, bucket))).forEach(note);
      (await this.index('gsi1', 'gsi1pk', `${this.prefix}#TRASH`)).forEach(note);
      // The walk finds what the search index does not hold yet (the entries of a copy not yet published).
      const walked = new Set<string>();
      for (let pending = [...folders]; pending.length > 0; pending = [...folders].filter((id) => !walked.has(id))) {
        for (const folder of pending) {
          walked.add(folder);
          (await this.index('gsi1', 'gsi1pk', `${this.prefix}#FOLDER#${folder}`)).forEach(note);
        }
      }
      return { ids, folders };
    });
  }

  /** The drive partitions as stored (entries, versions, tags on entries, correction records). */
  driveItems(): Promise<Item[]> {
    return this.once('driveItems', async () => this.many([...(await this.driveIds()).ids].map((id) => `${this.prefix}#ITEM#${id}`)));
  }

  /** The entries themselves (sort key ITEM). */
  async entries(): Promise<Item[]> {
    return (await this.driveItems()).filter((item) => item.sk === 'ITEM');
  }

  userIds(): Promise<Set<string>> {
    return this.once('users', async () => {
      const ids = new Set<string>();
      for (const user of await this.index('gsi1', 'gsi1pk', `${this.prefix}#USERS`)) if (str(user.user_id)) ids.add(String(user.user_id));
      // Users deleted since may have left their own items (favourites, recent files, tags): anyone who acted or was acted on.
      for (const record of await this.auditRecords()) {
        if (str(record.user_id) && record.user_id !== 'system') ids.add(String(record.user_id));
        if (record.target_type === 'user' && str(record.target_id)) ids.add(String(record.target_id));
      }
      for (const entry of await this.entries()) {
        for (const field of ['regist_user_id', 'update_user_id', 'trashed_user_id']) if (str(entry[field]) && entry[field] !== 'system') ids.add(String(entry[field]));
      }
      return ids;
    });
  }

  groupIds(): Promise<Set<string>> {
    return this.once('groups', async () => {
      const ids = new Set<string>();
      for (const product of productAreas) for (const group of await this.index('gsi1', 'gsi1pk', `${this.prefix}#UGROUPS#${product}`)) if (str(group.user_group_id)) ids.add(String(group.user_group_id));
      for (const record of await this.auditRecords()) if (record.target_type === 'user_group' && str(record.target_id)) ids.add(String(record.target_id));
      return ids;
    });
  }

  corpIds(): Promise<Set<string>> {
    return this.once('corps', async () => {
      const ids = new Set<string>();
      for (const corp of await this.index('gsi1', 'gsi1pk', `${this.prefix}#CORPS`)) if (str(corp.corp_id)) ids.add(String(corp.corp_id));
      for (const dated of await this.partition(`${this.prefix}#CORPS#BYDATE`)) ids.add(str(dated.corp_id) ?? String(dated.sk).split('#').at(-1)!);
      return ids;
    });
  }

  importIds(): Promise<Set<string>> {
    return this.once('imports', async () => {
      const ids = new Set<string>();
      for (const job of await this.index('gsi1', 'gsi1pk', `${this.prefix}#IMPORTS`)) if (str(job.request_id)) ids.add(String(job.request_id));
      for (const marker of await this.queueOf('IMPORTQ#RUNNING')) ids.add(String(marker.sk).slice(this.kykId.length + 1));
      return ids;
    });
  }

  tagIds(): Promise<Set<string>> {
    return this.once('tags', async () => {
      const ids = new Set<string>();
      const note = (items: Item[]) => { for (const item of items) if (str(item.id) ?? str(item.tag_id)) ids.add(String(item.id ?? item.tag_id)); };
      note(await this.index('gsi1', 'gsi1pk', `${this.prefix}#TAGS`));
      for (const user of await this.userIds()) note(await this.index('gsi1', 'gsi1pk', `${this.prefix}#USER#${user}#TAGS`));
      note((await this.driveItems()).filter((item) => String(item.sk).startsWith('TAG#')));
      return ids;
    });
  }

  /** Drive jobs: the running ones' markers, and the job ids under which the jobs wrote objects (`t/<kyk>/drive-jobs/<job>/`). */
  driveJobIds(objectJobIds: Iterable<string>): Promise<Set<string>> {
    return this.once('driveJobs', async () => {
      const ids = new Set<string>(objectJobIds);
      for (const marker of await this.queueOf('DRIVEJOBQ#RUNNING')) ids.add(String(marker.sk).slice(this.kykId.length + 1));
      return ids;
    });
  }

  /** Job ids found in the bucket (set by the caller that lists it; none when it was not listed). */
  objectJobIds: string[] = [];
}

/**
 * The plan: registry partition template → how its items are found. Order matters only for deletion
 * (tenant-delete.ts deletes the users' partitions, where sessions live, first and the contract last).
 */
export const tenantPlan: Record<string, Coverage> = {
  // Before the users' partitions: they are found through the profiles and the invitation claims there.
  'T#<kyk>#UGRAM#<gram>': {
    kind: 'read', how: 'point reads of the keys each user is indexed under (userGramKey of its grams; the users listing gsi1 T#<kyk>#USERS)',
    read: async (d) => batchGet((await d.index('gsi1', 'gsi1pk', `${d.prefix}#USERS`)).filter((user) => str(user.user_id))
      .flatMap((user) => userGrams(user as unknown as Parameters<typeof userGrams>[0]).map((gram) => userGramKey(d.kykId, gram, String(user.user_id))))),
  },
  'T#<kyk>#INVITE#<token hash>': {
    kind: 'read', how: 'point reads of the invitations the users\' invitation claims (T#<kyk>#USER#<user> / INVITE#<job>) name',
    read: async (d) => batchGet((await d.many([...(await d.userIds())].map((id) => `${d.prefix}#USER#${id}`)))
      .filter((item) => String(item.sk).startsWith('INVITE#') && str(item.invitation_hash))
      .map((claim) => invitationKey(d.kykId, String(claim.invitation_hash)))),
  },
  'T#<kyk>#USER#<user>': { kind: 'read', how: 'one query per user: the users listing (gsi1 T#<kyk>#USERS), users named by audit records and by drive entries', read: async (d) => d.many([...(await d.userIds())].map((id) => `${d.prefix}#USER#${id}`)) },
  'T#<kyk>': { kind: 'read', how: 'one query of the partition', read: (d) => d.partition(d.prefix) },
  'T#<kyk>#USERS': { kind: 'read', how: 'one query of the partition', read: (d) => d.partition(`${d.prefix}#USERS`) },
  'T#<kyk>#CORP#<corp>': { kind: 'read', how: 'one query per legal entity: the listing (gsi1 T#<kyk>#CORPS) and the by-date index', read: async (d) => d.many([...(await d.corpIds())].map((id) => `${d.prefix}#CORP#${id}`)) },
  'T#<kyk>#CORPS': { kind: 'read', how: 'one query of the partition', read: (d) => d.partition(`${d.prefix}#CORPS`) },
  'T#<kyk>#CORPS#BYDATE': { kind: 'read', how: 'one query of the partition', read: (d) => d.partition(`${d.prefix}#CORPS#BYDATE`) },
  'T#<kyk>#UGROUP#<group>': { kind: 'read', how: 'one query per group: the listing of each product area (gsi1 T#<kyk>#UGROUPS#<product>) and groups named by audit records', read: async (d) => d.many([...(await d.groupIds())].map((id) => `${d.prefix}#UGROUP#${id}`)) },
  'T#<kyk>#UGROUPS#<product>': { kind: 'read', how: 'one query per product area', read: (d) => d.many(productAreas.map((product) => `${d.prefix}#UGROUPS#${product}`)) },
  'T#<kyk>#IMPORT#<job>': { kind: 'read', how: 'one query per import job: the history (gsi1 T#<kyk>#IMPORTS) and the running markers', read: async (d) => d.many([...(await d.importIds())].map((id) => `${d.prefix}#IMPORT#${id}`)) },
  'T#<kyk>#IMPORTS': { kind: 'read', how: 'one query of the partition', read: (d) => d.partition(`${d.prefix}#IMPORTS`) },
  'T#<kyk>#INVREG': { kind: 'read', how: 'one query of the partition', read: (d) => d.partition(`${d.prefix}#INVREG`) },
  'T#<kyk>#ITEM#<item>': { kind: 'read', how: 'one query per drive entry: the search index buckets (srch-name T#<kyk>#SRCH#<0-3>), the trash (gsi1 T#<kyk>#TRASH) and every folder listing (gsi1 T#<kyk>#FOLDER#<folder>) from the root', read: (d) => d.driveItems() },
  'T#<kyk>#FOLDER#<folder>': { kind: 'read', how: 'one query per folder (the root and every folder entry): the name claims', read: async (d) => d.many([...(await d.driveIds()).folders].map((id) => `${d.prefix}#FOLDER#${id}`)) },
  'T#<kyk>#NGRAM#<gram>#<bucket>': {
    kind: 'read', how: 'point reads of the keys each entry\'s name is indexed under (gramKey of its grams)',
    read: async (d) => batchGet((await d.entries()).flatMap((entry) => (str(entry.name) ? nameGrams(String(entry.name)).map((gram) => gramKey(d.kykId, gram, String(entry.id), String(entry.name))) : []))),
  },
  'T#<kyk>#PTNA#<band>#<partner>': {
    kind: 'read', how: 'one query per partner name and amount band (the partner names T#<kyk>#PTNRS#<bucket>, read before they are deleted)',
    read: async (d) => d.many((await d.partnerNames()).flatMap((name) => Array.from({ length: amountBand(TRANSACTION_AMOUNT_MAX) + 1 }, (_, band) => partnerAmountPartition(d.kykId, band, name)))),
  },
  'T#<kyk>#PTNRS#<bucket>': { kind: 'read', how: 'one query per bucket', read: (d) => d.many(Array.from({ length: SEARCH_BUCKETS }, (_, bucket) => `${d.prefix}#PTNRS#${bucket}`)) },
  'T#<kyk>#PTNR#<partner>': {
    kind: 'read', how: 'one query per partner name (the partner names T#<kyk>#PTNRS#<bucket>)',
    read: async (d) => d.many((await d.partnerNames()).map((name) => `${d.prefix}#PTNR#${name}`)),
  },
  'T#<kyk>#TAG#<tag>': { kind: 'read', how: 'one query per tag: the common tags (gsi1 T#<kyk>#TAGS), each user\'s private tags (gsi1 T#<kyk>#USER#<user>#TAGS) and the tags on entries', read: async (d) => d.many([...(await d.tagIds())].map((id) => `${d.prefix}#TAG#${id}`)) },
  'T#<kyk>#TAGS': { kind: 'read', how: 'one query of the partition', read: (d) => d.partition(`${d.prefix}#TAGS`) },
  'T#<kyk>#FOLDERSETTINGS': { kind: 'read', how: 'one query of the partition', read: (d) => d.partition(`${d.prefix}#FOLDERSETTINGS`) },
  'T#<kyk>#LATESCANS': { kind: 'read', how: 'one query of the partition', read: (d) => d.partition(`${d.prefix}#LATESCANS`) },
  'T#<kyk>#ATTENTION': { kind: 'read', how: 'one query of the partition', read: (d) => d.partition(`${d.prefix}#ATTENTION`) },
  'T#<kyk>#ALOG#MON#<month>': { kind: 'read', how: 'one query per month since the contract was registered', read: async (d) => d.many((await d.months()).map((month) => `${d.prefix}#ALOG#MON#${month}`)) },
  'T#<kyk>#ALOG#ACT#<action>#<month>': { kind: 'read', how: 'one query per action and month since the contract was registered', read: async (d) => d.many((await d.months()).flatMap((month) => accessActions.map((action) => `${d.prefix}#ALOG#ACT#${action}#${month}`))) },
  'T#<kyk>#SHARE#<link>': { kind: 'read', how: 'one query per share link (gsi1 T#<kyk>#SHARES)', read: async (d) => d.many((await d.index('gsi1', 'gsi1pk', `${d.prefix}#SHARES`)).map((link) => `${d.prefix}#SHARE#${String(link.link_id)}`)) },
  'T#<kyk>#FREQ#<request>': { kind: 'read', how: 'one query per file-request link (gsi1 T#<kyk>#FREQS): the link and its digest entries', read: async (d) => d.many((await d.index('gsi1', 'gsi1pk', `${d.prefix}#FREQS`)).map((request) => `${d.prefix}#FREQ#${String(request.request_id)}`)) },
  'T#<kyk>#FREQS#FOLDER#<folder>': { kind: 'read', how: 'one query per folder that has file-request links (their folder_id)', read: async (d) => d.many(new Set((await d.index('gsi1', 'gsi1pk', `${d.prefix}#FREQS`)).map((request) => `${d.prefix}#FREQS#FOLDER#${String(request.folder_id)}`))) },
  'T#<kyk>#DRIVEJOB#<job>': {
    kind: 'read', how: 'one query per drive job: the running markers (DRIVEJOBQ#RUNNING) and the jobs that wrote objects under t/<kyk>/drive-jobs/ (a finished job\'s record also expires by TTL 7 days after its end)',
    read: async (d) => d.many([...(await d.driveJobIds(d.objectJobIds))].map((id) => `${d.prefix}#DRIVEJOB#${id}`)),
  },
  'T#<kyk>#IDEMPOTENCY#<user>': { kind: 'read', how: 'one query per user (the users found for T#<kyk>#USER#<user>); records also expire by TTL a day after the call', read: async (d) => d.many([...(await d.userIds())].map((id) => idempotencyPartition(d.kykId, id))) },
  'T#<kyk>#SSOREQ#<request>': { kind: 'expires', how: 'SAML AuthnRequest ids: random, removed by TTL an hour after their 10 minutes' },
  'T#<kyk>#SSOASSERT#<hash>': { kind: 'expires', how: 'SAML assertion ids seen: random, removed by TTL a day after the assertion\'s NotOnOrAfter' },
  'T#<kyk>#SSOCODE#<hash>': { kind: 'expires', how: 'SAML one-time sign-in codes: random, removed by TTL an hour after their 2 minutes' },
  'PURGEQ#<shard>': { kind: 'read', how: 'one query per shard, sort key beginning with <kyk>#', read: (d) => Promise.all(purgeShards().map((shard) => d.queueOf(`PURGEQ#${shard}`))).then((pages) => pages.flat()) },
  'TRASHQ#<shard>': { kind: 'read', how: 'a point read (trashContractKey)', read: (d) => batchGet([trashContractKey(d.kykId)]) },
  'IMPORTQ#RUNNING': { kind: 'read', how: 'one query, sort key beginning with <kyk>#', read: (d) => d.queueOf('IMPORTQ#RUNNING') },
  'DRIVEJOBQ#RUNNING': { kind: 'read', how: 'one query, sort key beginning with <kyk>#', read: (d) => d.queueOf('DRIVEJOBQ#RUNNING') },
  'UPLOADQ#<hour>#<shard>': {
    kind: 'read', how: 'point reads of the expiry markers of the pending uploads and pending versions (markerKey)',
    read: async (d) => batchGet((await d.entries()).flatMap((entry): Keys[] => {
      const pending = entry.pending_version as { expires_at?: number } | undefined;
      return [entry.expires_at, pending?.expires_at]
        .filter((at): at is number => typeof at === 'number')
        .map((at) => markerKey({ kyk_id: d.kykId, id: String(entry.id), expires_at: at }));
    })),
  },
  'T#<kyk>#INTAKE': { kind: 'read', how: 'one query of the partition (the intake log and the message markers)', read: (d) => d.partition(`${d.prefix}#INTAKE`) },
  'MAILTO#<hash>': {
    kind: 'read', how: 'point reads of the lookups of the contract\'s intake addresses (mailLookupKey of each T#<kyk> / MAILADDR#<id> secret)',
    read: async (d) => batchGet((await d.partition(d.prefix)).filter((item) => String(item.sk).startsWith('MAILADDR#') && str(item.secret)).map((address) => mailLookupKey(String(address.secret)))),
  },
  'RETENTION#STATE': { kind: 'not-tenant', how: 'the trash retention job\'s next run, for every contract' },
  'UPLOADQ#STATE': { kind: 'not-tenant', how: 'the upload sweep\'s hour, for every contract' },
  'FREQQ#<hour>#<shard>': { kind: 'read', how: 'point reads of the digest markers the links name (digest_due)', read: async (d) => batchGet((await d.index('gsi1', 'gsi1pk', `${d.prefix}#FREQS`)).flatMap((request): Keys[] => (typeof request.digest_due === 'string' ? [digestMarkerKey(d.kykId, String(request.request_id), request.digest_due)] : []))) },
  'SOURCE#<address>': { kind: 'not-tenant', how: 'failed sign-in steps of a source address: they belong to no contract (TTL two windows)' },
  'T#<kyk>#AUDIT#<day>': { kind: 'read', how: 'one query of the audit table per day since the contract was registered', read: (d) => d.auditRecords() },
};

/** The registry's physical partitions (GSI rows describe index entries of items found through their own partition). */
export const physicalPartitions = (): string[] =>
  [...new Set(keyRegistry.filter((use) => use.index === 'table' || use.index === 'audit').map((use) => use.partition))];

/** A registered shape as a pattern with the contract filled in (the contract ID holds no '#'). */
const pattern = (template: string, kykId: string): RegExp =>
  new RegExp(`^${template.split(/(<[^>]+>)/).map((part) => (part === '<kyk>' ? kykId.replace(/[-]/g, '\\-') : part.startsWith('<') ? '.+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`);

/** The registry row an item of `partition` is, by its sort key; undefined for a key nobody registered. */
export function entityOf(partition: string, item: Item, kykId: string): KeyUse | undefined {
  const index = partition.includes('#AUDIT#') ? 'audit' : 'table';
  return keyRegistry.find((use) => use.index === index && use.partition === partition && pattern(use.sort, kykId).test(String(item.sk)));
}

/** File-name form of an entity: `legal entity` → `legal-entity`. */
export const entitySlug = (entity: string): string => entity.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Reads every covered partition of the contract, one partition shape at a time, in the plan's order. */
export async function* tenantItems(discovery: Discovery): AsyncGenerator<Found> {
  for (const [partition, coverage] of Object.entries(tenantPlan)) {
    if (coverage.kind !== 'read') continue;
    const items = await coverage.read(discovery);
    yield { partition, store: partition.includes('#AUDIT#') ? 'audit' : 'main', items };
  }
}

/** Whether an item is the contract's (a global queue's item names it in its sort key). */
export const belongsTo = (item: Item, kykId: string): boolean => {
  const pk = String(item.pk);
  return pk === tenantPrefix(kykId) || pk.startsWith(`${tenantPrefix(kykId)}#`) || String(item.sk).startsWith(`${kykId}#`) || (pk.startsWith('TRASHQ#') && item.sk === kykId);
};
