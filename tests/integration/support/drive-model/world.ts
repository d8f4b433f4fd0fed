import fc from 'fast-check';
import { legalStyle, settle } from './checks.ts';
import {
  aclOf, Copy, CreateFolder, describeAcl, ForceDelete, ItemsTags, ListTrash, Move, NewVersion, Read, Rename, Restore, Search, SetAcl, ShareCreate, ShareOpen, Sweep, TagEntry, Trash, TrashThenPurge, Upload, Zip,
  type AclSpec, type Aim, type NameAim, type PickKind, type ReadKind,
} from './commands.ts';
import { ROOT, type ActorKey, type DriveModel, type Entry } from './model.ts';
import { api, newContract, storedItems, upload, type Judge, type Real, type Setup } from './sut.ts';
import type { SearchVariant } from './checks.ts';

/**
 * What fast-check generates: the contract's starting tree (a few folders at most four deep, some of
 * them with settings, small files, some of them bookkeeping documents) and the commands, weighted
 * towards what goes around folder settings (changes of restricted folders, the trash and deleting
 * for good, reads of hidden entries).
 */

export interface WorldSpec {
  folders: { parent: number; owner: ActorKey; acl: AclSpec | null }[];
  files: { folder: number; owner: ActorKey; legal: boolean }[];
}

const principal = fc.constantFrom<'none' | 'view' | 'update'>('none', 'view', 'update');
/** Settings naming the four users and the two groups: each on the view side, the update side or neither. */
export const aclSpec: fc.Arbitrary<AclSpec> = fc.record({ policy: fc.constantFrom<'allow' | 'deny'>('allow', 'deny'), sides: fc.array(principal, { minLength: 6, maxLength: 6 }) })
  .map(({ policy, sides }) => ({
    policy,
    view: sides.flatMap((side, index) => (side === 'view' ? [index] : [])),
    update: sides.flatMap((side, index) => (side === 'update' ? [index] : [])),
  }));

export const worldSpec: fc.Arbitrary<WorldSpec> = fc.record({
  folders: fc.array(fc.record({ parent: fc.nat({ max: 9 }), owner: fc.constantFrom<ActorKey>('admin', 'u3', 'u2'), acl: fc.option(aclSpec, { freq: 2 }) }), { minLength: 2, maxLength: 6 }),
  files: fc.array(fc.record({ folder: fc.nat({ max: 9 }), owner: fc.constantFrom<ActorKey>('admin', 'u3', 'g3', 'u2'), legal: fc.boolean() }), { minLength: 2, maxLength: 8 }),
});

const who = fc.oneof(
  { weight: 2, arbitrary: fc.constant<ActorKey>('admin') },
  { weight: 4, arbitrary: fc.constant<ActorKey>('u3') },
  { weight: 4, arbitrary: fc.constant<ActorKey>('g3') },
  { weight: 2, arbitrary: fc.constant<ActorKey>('u2') },
  { weight: 1, arbitrary: fc.constant<ActorKey>('u1') },
);
const kind = fc.oneof(
  { weight: 3, arbitrary: fc.constant<PickKind>('reachable') },
  { weight: 3, arbitrary: fc.constant<PickKind>('restricted') },
  { weight: 2, arbitrary: fc.constant<PickKind>('guarded') },
  { weight: 2, arbitrary: fc.constant<PickKind>('emptied') },
  { weight: 2, arbitrary: fc.constant<PickKind>('hidden') },
  { weight: 2, arbitrary: fc.constant<PickKind>('trashed') },
  { weight: 3, arbitrary: fc.constant<PickKind>('touched') },
  { weight: 1, arbitrary: fc.constant<PickKind>('any') },
  { weight: 1, arbitrary: fc.constant<PickKind>('unknown') },
);
const aim: fc.Arbitrary<Aim> = fc.record({ kind, n: fc.nat({ max: 40 }) });
/** Aims of the changes that take a folder's contents along: folders holding folders that narrow the caller first (finding 1). */
const changeAim: fc.Arbitrary<Aim> = fc.record({
  kind: fc.oneof(
    { weight: 6, arbitrary: fc.constant<PickKind>('guarded') },
    { weight: 3, arbitrary: fc.constant<PickKind>('restricted') },
    { weight: 3, arbitrary: fc.constant<PickKind>('reachable') },
    { weight: 2, arbitrary: fc.constant<PickKind>('touched') },
    { weight: 2, arbitrary: fc.constant<PickKind>('emptied') },
    { weight: 1, arbitrary: fc.constant<PickKind>('hidden') },
    { weight: 1, arbitrary: fc.constant<PickKind>('trashed') },
    { weight: 1, arbitrary: fc.constant<PickKind>('unknown') },
  ),
  n: fc.nat({ max: 40 }),
});
/** Who empties a folder and deletes it: someone who may (the users it hides files from are the others). */
const cleaner = fc.constantFrom<ActorKey>('admin', 'u3', 'g3');
const nameAim: fc.Arbitrary<NameAim> = fc.record({
  kind: fc.oneof({ weight: 6, arbitrary: fc.constant<NameAim['kind']>('fresh') }, { weight: 1, arbitrary: fc.constant<NameAim['kind']>('sibling') }, { weight: 1, arbitrary: fc.constant<NameAim['kind']>('pool') }),
  n: fc.nat({ max: 40 }),
});
const readKind = fc.oneof(
  { weight: 2, arbitrary: fc.constant<ReadKind>('list') },
  { weight: 1, arbitrary: fc.constant<ReadKind>('info') },
  { weight: 1, arbitrary: fc.constant<ReadKind>('download') },
  { weight: 1, arbitrary: fc.constant<ReadKind>('versions') },
  { weight: 1, arbitrary: fc.constant<ReadKind>('tags') },
  { weight: 3, arbitrary: fc.constant<ReadKind>('history') },
  { weight: 1, arbitrary: fc.constant<ReadKind>('favorite') },
  { weight: 1, arbitrary: fc.constant<ReadKind>('settings') },
  { weight: 1, arbitrary: fc.constant<ReadKind>('duplicates') },
);
const searchVariant = fc.constantFrom<SearchVariant>('all', 'name', 'legal', 'deleted', 'scope');

const step = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
export const command = fc.oneof(
  step(2, fc.tuple(who, aim, nameAim).map(([w, a, n]) => new CreateFolder(w, a, n))),
  step(3, fc.tuple(who, aim, nameAim, fc.boolean()).map(([w, a, n, legal]) => new Upload(w, a, n, legal))),
  step(1, fc.tuple(who, aim).map(([w, a]) => new NewVersion(w, a))),
  step(3, fc.tuple(who, aim, fc.option(aclSpec, { freq: 5 })).map(([w, a, acl]) => new SetAcl(w, a, acl))),
  step(1, fc.tuple(who, aim, nameAim).map(([w, a, n]) => new Rename(w, a, n))),
  step(3, fc.tuple(who, changeAim, aim).map(([w, a, d]) => new Move(w, a, d))),
  step(5, fc.tuple(who, changeAim, fc.boolean()).map(([w, a, reason]) => new Trash(w, a, reason))),
  step(3, fc.tuple(who, changeAim, fc.option(aim, { freq: 3 })).map(([w, a, d]) => new Restore(w, a, d))),
  step(4, fc.tuple(who, changeAim).map(([w, a]) => new ForceDelete(w, a))),
  step(2, fc.tuple(cleaner, aim).map(([w, a]) => new TrashThenPurge(w, a))),
  step(5, fc.tuple(who, readKind, aim).map(([w, k, a]) => new Read(w, k, a))),
  step(2, fc.tuple(who, changeAim, aim).map(([w, a, d]) => new Copy(w, a, d))),
  step(1, fc.tuple(who, changeAim).map(([w, a]) => new Zip(w, a))),
  step(1, fc.tuple(who, fc.array(aim, { minLength: 1, maxLength: 4 })).map(([w, a]) => new ItemsTags(w, a))),
  step(1, fc.tuple(who, aim).map(([w, a]) => new TagEntry(w, a))),
  step(1, fc.tuple(who, aim).map(([w, a]) => new ShareCreate(w, a))),
  step(1, fc.nat({ max: 20 }).map((n) => new ShareOpen(n))),
  step(2, fc.tuple(who, searchVariant, aim).map(([w, v, a]) => new Search(w, v, a))),
  step(2, who.map((w) => new ListTrash(w))),
  step(1, who.map((w) => new Sweep(w))),
);

/** A fresh contract with the generated tree, built through the API, then checked once. */
export async function buildWorld(spec: WorldSpec, judge: Judge): Promise<Setup> {
  const setup = await newContract(judge);
  const { model, real } = setup;
  const folders: string[] = [];
  const depth = new Map<string, number>([[ROOT, 0]]);
  for (const [index, folder] of spec.folders.entries()) {
    const choice = folder.parent % (index + 1);
    let parentId = choice === index ? ROOT : folders[choice]!;
    if ((depth.get(parentId) ?? 0) >= 4) parentId = ROOT;
    const id = await makeFolder(model, real, folder.owner, parentId);
    folders.push(id);
    depth.set(id, (depth.get(parentId) ?? 0) + 1);
  }
  // Files and settings side by side (the model takes them in the spec's order, so picks stay the same on a replay).
  const files = await Promise.all(spec.files.map((file) => {
    const choice = file.folder % (folders.length + 1);
    return makeFile(model, real, file.owner, choice === folders.length ? ROOT : folders[choice]!, file.legal, model.next());
  }));
  for (const file of files) model.add(file);
  await Promise.all(spec.folders.map(async (folder, index) => {
    if (!folder.acl) return;
    // An allow list needs an updater: the world's settings are all valid ones (the commands also try invalid ones).
    const acl = folder.acl.policy === 'allow' && folder.acl.update.length === 0 ? { ...folder.acl, policy: 'deny' as const } : folder.acl;
    await saveAcl(setup, folders[index]!, acl);
  }));
  for (const entry of model.existing()) real.judge.steps.push(`world: ${model.label(entry.id)} in ${model.label(entry.parentId)} by ${Object.values(model.actors).find((actor) => actor.userId === entry.registUser)?.key}${entry.bookkeeping ? ', bookkeeping' : ''}${entry.acl ? `, settings ${describeAcl(entry.acl, model)}` : ''}`);
  await settle(setup);
  return setup;
}

async function saveAcl(setup: Setup, folderId: string, spec: AclSpec): Promise<void> {
  const { model, real } = setup;
  const acl = aclOf(setup, spec);
  const stored = (await storedItems(model.kykId, [folderId])).get(folderId)!;
  const result = await api('com_drive/permission_save_btn', { id: folderId, row_version: stored.row_version, inherit: 0, ...acl }, real.tokens.admin);
  if (result.body.code !== 0) throw new Error(`settings of ${model.label(folderId)}: ${JSON.stringify(result.body)}`);
  model.get(folderId)!.acl = acl;
}

async function makeFolder(model: DriveModel, real: Real, owner: ActorKey, parentId: string): Promise<string> {
  const name = `d${model.next()}`;
  const result = await api('com_drive/folder_reg_btn', { parent_id: parentId, name }, real.tokens[owner]);
  if (result.body.code !== 0) throw new Error(`folder ${name}: ${JSON.stringify(result.body)}`);
  const item = (result.body.data as { item: { id: string; row_version: number } }).item;
  model.add({ id: item.id, type: 'folder', name, parentId, registUser: model.actor(owner).userId, size: 0, historyBytes: 0, versions: 1, bookkeeping: false, gone: false, tagged: false, rowVersion: item.row_version });
  return item.id;
}

async function makeFile(model: DriveModel, real: Real, owner: ActorKey, folderId: string, legal: boolean, serial: number): Promise<Entry> {
  const name = `f${serial}.txt`;
  const bytes = new TextEncoder().encode(`bytes of ${name}`);
  const fields = legal ? { document_style: legalStyle(serial), transaction_date: '2025-06-30', transaction_amount: 1000 + serial, provider: `Provider ${serial}` } : {};
  const result = await upload(real.tokens[owner], { folder_id: folderId, name, ...fields }, bytes);
  if (result.body.code !== 0) throw new Error(`file ${name}: ${JSON.stringify(result.body)}`);
  const item = (result.body.data as { item: { id: string; row_version: number } }).item;
  return { id: item.id, type: 'file', name, parentId: folderId, registUser: model.actor(owner).userId, size: bytes.byteLength, historyBytes: 0, versions: 1, bookkeeping: legal, gone: false, tagged: false, rowVersion: item.row_version };
}
