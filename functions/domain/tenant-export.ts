import { appendFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRenditionKey, parseObjectKey } from '#lib/object-storage.ts';
import { Discovery, entityOf, entitySlug, tenantItems, tenantPlan, type Item } from './tenant-data.ts';
import { downloadVersion, tenantObjectVersions, type ObjectVersion } from './tenant-objects.ts';

/**
 * Export of everything of a contract (bin/tenant.ts `export`; docs/operations.md "Export a contract"):
 *
 * - `manifest.json`: the contract, when, from where, the tool's version, the counts of every kind;
 * - `data/<entity>.jsonl`: the stored items of each entity of the key registry, one JSON object a
 *   line, as stored (keys and all), minus what an export handed to the customer must not carry:
 *   password hashes and history, TOTP secrets, share-link secret hashes, mail-code hashes; and
 *   minus the sign-in ephemera (sessions, pending sign-ins, trusted-device keys, SAML requests and
 *   codes). The SAML private key is never in the table and never exported;
 * - `data/audit-record.jsonl`: the audit records (the audit table);
 * - `files/<drive path>/v<version>/<name>`: every stored version's bytes, laid out by the entry's
 *   place in the drive (entries in the trash under `files/_trash/`), listed in `files.jsonl`;
 * - `objects/<key>`: the contract's other objects (import sources, job results), as keyed in the bucket.
 */

export const EXPORT_FORMAT = 'com-drive-tenant-export';
export const EXPORT_FORMAT_VERSION = 1;

/** Fields no export carries, wherever they appear (an item, an audit record's before or after). */
export const redactedFields = ['password_hash', 'password_history', 'totp_secret', 'totp_pending_secret', 'secret_hash', 'otp_hash'] as const;
/** Entities an export leaves out: credentials of sign-ins in progress, not the customer's data. */
export const omittedEntities = ['session', 'pending sign-in', 'trusted device', 'SAML request', 'SAML assertion seen', 'SAML sign-in code'] as const;

export class NoSuchContractError extends Error {
  constructor(kykId: string, where: string) {
    super(`No contract "${kykId}" in ${where}`);
    this.name = 'NoSuchContractError';
  }
}

export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  format_version: number;
  tool_version: string;
  exported_at: string;
  source: string;
  contract: { kyk_id: string; name: unknown; regist_date: unknown };
  /** Items written per entity file (`data/<slug>.jsonl`). */
  counts: Record<string, number>;
  files: { versions: number; bytes: number };
  objects: { count: number; bytes: number; renditions_left_out: number; delete_markers: number };
  left_out: { entities: Record<string, number>; fields: readonly string[] };
  /** Partitions no query finds (TTL-only) and why; global ones that are no contract's. */
  not_read: Record<string, string>;
}

const redact = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !(redactedFields as readonly string[]).includes(key)).map(([key, inner]) => [key, redact(inner)]));
  }
  return value;
};

/** A drive name as one path segment on any file system. */
export const safeSegment = (name: string): string => {
  const cleaned = [...name.normalize('NFC')].map((char) => (char.charCodeAt(0) < 0x20 || '/\\:*?"<>|'.includes(char) ? '_' : char)).join('').trim().slice(0, 180);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? '_' : cleaned;
};

/** Each entry's folder path (segments), its place in the drive; entries in the trash (or under a trashed folder) below `_trash`. */
export function drivePaths(entries: Item[]): Map<string, string[]> {
  const byId = new Map(entries.map((entry) => [String(entry.id), entry]));
  const paths = new Map<string, string[]>();
  const used = new Set<string>();
  const pathOf = (id: string, seen = new Set<string>()): string[] => {
    const known = paths.get(id);
    if (known) return known;
    const entry = byId.get(id);
    if (!entry || seen.has(id)) return ['_unplaced', id];
    seen.add(id);
    const parent = String(entry.parent_id ?? 'root');
    const above = parent === 'root' ? [] : pathOf(parent, seen);
    const trashed = entry.trashed_date !== undefined && above[0] !== '_trash';
    let segment = safeSegment(String(entry.name ?? id));
    const base = [...(trashed ? ['_trash', ...above] : above)];
    // Two entries may show the same name (one in the trash, names differing only in characters replaced above).
    if (used.has([...base, segment].join('/'))) segment = `${segment} (${id.slice(0, 8)})`;
    const path = [...base, segment];
    used.add(path.join('/'));
    paths.set(id, path);
    return path;
  };
  for (const id of byId.keys()) pathOf(id);
  return paths;
}

export interface ExportOptions {
  /** Where the data came from (shown in the manifest). */
  source: string;
  toolVersion: string;
  now?: Date;
  log?: (line: string) => void;
}

export async function exportTenant(kykId: string, outDir: string, options: ExportOptions): Promise<ExportManifest> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const existing = await readdir(outDir).catch(() => []);
  if (existing.length > 0) throw new Error(`The output folder ${outDir} is not empty`);
  const discovery = new Discovery(kykId, now);
  const contract = await discovery.contract();
  if (!contract) throw new NoSuchContractError(kykId, options.source);

  const objects = await tenantObjectVersions(kykId);
  discovery.objectJobIds = jobIdsOf(kykId, objects);
  await mkdir(join(outDir, 'data'), { recursive: true });

  const counts: Record<string, number> = {};
  const leftOut: Record<string, number> = {};
  let entries: Item[] = [];
  for await (const found of tenantItems(discovery)) {
    const lines = new Map<string, string[]>();
    for (const item of found.items) {
      const entity = entityOf(found.partition, item, kykId)?.entity ?? 'unregistered';
      if ((omittedEntities as readonly string[]).includes(entity)) {
        leftOut[entity] = (leftOut[entity] ?? 0) + 1;
        continue;
      }
      const slug = entitySlug(entity);
      lines.set(slug, [...(lines.get(slug) ?? []), JSON.stringify(redact(item))]);
      counts[slug] = (counts[slug] ?? 0) + 1;
    }
    for (const [slug, batch] of lines) await appendFile(join(outDir, 'data', `${slug}.jsonl`), `${batch.join('\n')}\n`);
    if (found.partition === 'T#<kyk>#ITEM#<item>') entries = found.items.filter((item) => item.sk === 'ITEM');
    log(`  ${found.partition}: ${found.items.length} items`);
  }

  const written = await writeObjects(kykId, outDir, entries, objects, log);
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    format_version: EXPORT_FORMAT_VERSION,
    tool_version: options.toolVersion,
    exported_at: now.toISOString(),
    source: options.source,
    contract: { kyk_id: kykId, name: contract.name, regist_date: contract.regist_date },
    counts: Object.fromEntries(Object.entries(counts).sort()),
    ...written,
    left_out: { entities: leftOut, fields: redactedFields },
    not_read: Object.fromEntries(Object.entries(tenantPlan).filter(([, coverage]) => coverage.kind !== 'read').map(([partition, coverage]) => [partition, coverage.how])),
  };
  await writeFile(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Drive jobs that wrote objects (`t/<kyk>/drive-jobs/<job>/...`): their records are found by these ids. */
export const jobIdsOf = (kykId: string, objects: ObjectVersion[]): string[] =>
  [...new Set(objects.map((object) => new RegExp(`^t/${kykId}/drive-jobs/([^/]+)/`).exec(object.key)?.[1]).filter((id): id is string => id !== undefined))];

async function writeObjects(kykId: string, outDir: string, entries: Item[], objects: ObjectVersion[], log: (line: string) => void) {
  const paths = drivePaths(entries);
  const names = new Map(entries.map((entry) => [String(entry.id), safeSegment(String(entry.name ?? entry.id))]));
  const files = { versions: 0, bytes: 0 };
  const other = { count: 0, bytes: 0, renditions_left_out: 0, delete_markers: 0 };
  const index: string[] = [];
  for (const object of objects) {
    if (object.deleteMarker) {
      other.delete_markers++;
      continue;
    }
    if (isRenditionKey(object.key)) {
      // Previews are made again from the bytes.
      other.renditions_left_out++;
      continue;
    }
    const suffix = object.isLatest || !object.versionId ? '' : `.${object.versionId}`;
    const parsed = parseObjectKey(object.key);
    if (parsed && parsed.kykId === kykId) {
      const place = paths.get(parsed.itemId) ?? ['_unplaced', parsed.itemId];
      const path = ['files', ...place, `v${parsed.version}`, `${names.get(parsed.itemId) ?? 'bytes'}${suffix}`].join('/');
      await downloadVersion(object, join(outDir, path));
      index.push(JSON.stringify({ path, item_id: parsed.itemId, version: parsed.version, s3_key: object.key, version_id: object.versionId ?? null, latest: object.isLatest, size: object.size, last_modified: object.lastModified ?? null }));
      files.versions++;
      files.bytes += object.size;
    } else {
      const relative = object.key.startsWith(`t/${kykId}/`) ? object.key.slice(`t/${kykId}/`.length) : object.key;
      const path = ['objects', ...relative.split('/').map(safeSegment)].join('/') + suffix;
      await downloadVersion(object, join(outDir, path));
      index.push(JSON.stringify({ path, s3_key: object.key, version_id: object.versionId ?? null, latest: object.isLatest, size: object.size, last_modified: object.lastModified ?? null }));
      other.count++;
      other.bytes += object.size;
    }
  }
  await writeFile(join(outDir, 'files.jsonl'), index.length ? `${index.join('\n')}\n` : '');
  log(`  bucket: ${files.versions} file versions (${files.bytes} bytes), ${other.count} other objects`);
  return { files, objects: other };
}
