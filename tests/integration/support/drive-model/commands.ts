import type fc from 'fast-check';
import { unzipSync } from 'fflate';
import { codes } from '#shared/codes.ts';
import { postFrom } from '../api.ts';
import { checkFolder, checkSearch, checkTrash, legalStyle, sameAsUnknown, settle, sweep, type SearchVariant } from './checks.ts';
import { Expectation } from './expect.ts';
import { narrowed, ROOT, type Range, type Acl, type ActorKey, type DriveModel, type Entry } from './model.ts';
import { api, codeOf, storedItems, unknownId, upload, uploadVersion, type Real, type Result, type Rule, type Setup } from './sut.ts';

/**
 * The commands of the model-based test: each is one real API call by one user on entries picked from
 * the model (reachable, hidden, restricted, trashed, recently touched, or an id nobody has), judged
 * against the model, which then follows what the server did. Changes are followed by settle()
 * (stored entries, usage, deletion records).
 */

export type PickKind = 'reachable' | 'hidden' | 'restricted' | 'guarded' | 'emptied' | 'trashed' | 'touched' | 'any' | 'unknown';
export interface Aim {
  kind: PickKind;
  n: number;
}
/** An aim, or an entry a composite step already chose. */
export type Target = Aim | { id: string };
export interface NameAim {
  kind: 'fresh' | 'sibling' | 'pool';
  n: number;
}
/** Settings by principal: 0-3 the users u3, g3, u2, u1; 4 the update group (g3's), 5 the active group (u2's). */
export interface AclSpec {
  policy: 'allow' | 'deny';
  view: number[];
  update: number[];
}

type Want = 'file' | 'folder' | 'entry';

/** MODEL_VERBOSE=1: every step and its time, as it runs. */
const verbose = process.env.MODEL_VERBOSE === '1';

const c = (name: keyof typeof codes): number => codes[name].code;

interface PickOptions {
  /** The destination may be the root. */
  root?: boolean;
  /** A call on the trash: entries in the trash first. */
  trash?: boolean;
  /** Entries worth aiming at (e.g. bookkeeping documents for their history): taken on every other pick. */
  prefer?: (entry: Entry) => boolean;
}

/**
 * An entry for a step, chosen among those of a kind for the caller: reachable or hidden, under
 * settings (restricted), a folder the caller may change that holds a folder narrowing them
 * (guarded: finding 1), a folder some trashed entry was taken out of (emptied: finding 3), in the
 * trash, recently touched, any, or an id nobody has. The same state and aim give the same entry.
 */
function pick({ model }: Setup, who: ActorKey, target: Target, want: Want, options: PickOptions = {}): string {
  if ('id' in target) return target.id;
  const aim = target;
  if (aim.kind === 'unknown') return unknownId();
  const fits = (entry: Entry) => want === 'entry' || entry.type === want;
  let all = model.existing().filter(fits);
  if (options.trash && all.some((entry) => entry.trashed)) all = all.filter((entry) => entry.trashed);
  if (options.prefer && aim.n % 2 === 0 && all.some(options.prefer)) all = all.filter(options.prefer);
  const sees = (entry: Entry) => (options.trash ? model.inTrashList(who, entry).hi >= 1 : model.level(who, entry) >= 1);
  const restricted = (entry: Entry) => model.governing(entry).length > 0 || (entry.type === 'folder' && model.wholeSubtree(entry).some((below) => below.acl !== undefined));
  const changeable = (entry: Entry) => (options.trash ? model.mayChange(who, entry, model.trashLevel(who, entry).hi) : model.mayChange(who, entry));
  const emptied = new Set(model.existing().filter((entry) => entry.trashed).map((entry) => entry.parentId));
  const population: string[] = {
    reachable: [...(options.root ? [ROOT] : []), ...all.filter(sees).map((entry) => entry.id)],
    hidden: all.filter((entry) => !sees(entry)).map((entry) => entry.id),
    restricted: all.filter(restricted).map((entry) => entry.id),
    guarded: all.filter((entry) => entry.type === 'folder' && changeable(entry) && model.subtreeGuard(who, entry).definite).map((entry) => entry.id),
    emptied: all.filter((entry) => emptied.has(entry.id)).map((entry) => entry.id),
    trashed: all.filter((entry) => entry.trashed).map((entry) => entry.id),
    touched: model.touched.filter((id) => all.some((entry) => entry.id === id)),
    any: all.map((entry) => entry.id),
  }[aim.kind];
  const from = population.length > 0 ? population : all.length > 0 ? all.map((entry) => entry.id) : [options.root ? ROOT : unknownId()];
  return from[aim.n % from.length]!;
}

function nameFor({ model }: Setup, aim: NameAim, folderId: string, type: Entry['type']): string {
  const ext = type === 'file' ? '.txt' : '';
  if (aim.kind === 'sibling') {
    const siblings = model.existing().filter((entry) => entry.parentId === folderId && entry.type === type);
    if (siblings.length > 0) return siblings[aim.n % siblings.length]!.name;
  }
  if (aim.kind !== 'fresh') return `${['Same', 'same', 'SAME'][aim.n % 3]}${ext}`;
  return `${type === 'folder' ? 'd' : 'f'}${model.next()}${ext}`;
}

export function aclOf({ model }: Setup, spec: AclSpec): Acl {
  const principals = [model.actor('u3'), model.actor('g3'), model.actor('u2'), model.actor('u1')];
  const groups = [model.actor('g3').groupId!, model.actor('u2').groupId!];
  const side = (indices: number[]) => ({
    users: [...new Set(indices.filter((index) => index < 4).map((index) => principals[index]!.userId))].sort(),
    groups: [...new Set(indices.filter((index) => index >= 4).map((index) => groups[index - 4]!))].sort(),
  });
  return { policy: spec.policy, view: side(spec.view), update: side(spec.update) };
}

export const describeAcl = (acl: Acl | undefined, model: DriveModel): string => {
  if (!acl) return 'inherit';
  const name = (id: string) => (Object.values(model.actors).find((actor) => actor.userId === id || actor.groupId === id)?.key ?? id) + (Object.values(model.actors).some((actor) => actor.groupId === id) ? '-group' : '');
  const side = (s: Acl['view']) => [...s.users, ...s.groups].map(name).join('+') || '-';
  return `${acl.policy} view:${side(acl.view)} update:${side(acl.update)}`;
};

const rowVersion = (model: DriveModel, id: string) => model.get(id)?.rowVersion ?? 1;
const typeOf = (model: DriveModel, id: string, fallback: Entry['type'] = 'file') => model.get(id)?.type ?? fallback;
const reasonText = (model: DriveModel) => `model reason ${model.next()}`;

export abstract class Step implements fc.AsyncCommand<DriveModel, Real> {
  protected told: string | undefined;
  protected constructor(readonly who: ActorKey) {}

  check(): boolean {
    return true;
  }

  async run(model: DriveModel, real: Real): Promise<void> {
    this.told = undefined;
    const started = Date.now();
    try {
      await this.act({ model, real });
    } finally {
      // The run's own account of its steps (fast-check's counterexample shows the steps of the last run of these objects).
      real.judge.steps.push(this.toString());
      if (verbose) console.info(`  ${Date.now() - started} ms  ${this.toString()}`);
    }
  }

  protected abstract act(setup: Setup): Promise<void>;
  protected abstract plan: () => string;

  /** What the step did, for the report of a failure (set before judging, so a failing step names its target). */
  protected say(text: string): void {
    this.told = text;
  }

  toString(): string {
    return this.told ?? this.plan();
  }
}

const aimText = (aim: Target | null | undefined) => (!aim ? 'original place' : 'id' in aim ? aim.id.slice(0, 8) : `${aim.kind}#${aim.n}`);

/**
 * Judges a change: out of reach, it must answer as for an unknown id; else by the expectation. When
 * the server did it (even where a rule the judge ignores says it must not), the model applies it.
 */
async function change(setup: Setup, options: {
  what: string; rule: Rule; hidden: string[]; result: Result; again: (ids: string[]) => Promise<Result>; expect: () => Expectation; apply: () => void | Promise<void>;
  /** Ids the rules may hold out of reach (the documents leave it open): answered as missing, they must read as unknown ids. */
  maybeHidden?: string[];
}): Promise<void> {
  let done: boolean;
  const missing = codeOf(options.result) === c('address') && (options.maybeHidden?.length ?? 0) > 0;
  if (options.hidden.length > 0 || missing) {
    await sameAsUnknown(setup, options.rule, options.what, options.result, options.hidden.length > 0 ? options.hidden : options.maybeHidden!, options.again);
    done = codeOf(options.result) === 0;
  } else {
    done = options.expect().judge(setup, options.result, options.what);
  }
  if (done) await options.apply();
  await settle(setup);
}

export class CreateFolder extends Step {
  constructor(who: ActorKey, readonly parent: Aim, readonly name: NameAim) {
    super(who);
  }
  plan = () => `createFolder(${this.who}, in ${aimText(this.parent)}, ${this.name.kind})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const parentId = pick(setup, this.who, this.parent, 'folder', { root: true });
    const name = nameFor(setup, this.name, parentId, 'folder');
    const actor = model.actor(this.who);
    const request = (id: string) => api('com_drive/folder_reg_btn', { parent_id: id, name }, real.tokens[this.who]);
    const result = await request(parentId);
    this.say(`createFolder(${this.who}, "${name}" in ${model.label(parentId)}) → ${codeOf(result)}`);
    const level = model.folderLevel(this.who, parentId);
    await change(setup, {
      what: this.told!, rule: 'reach', result, hidden: level === 0 ? [parentId] : [], again: ([id]) => request(id!),
      expect: () => new Expectation()
        .when(actor.drive < 2 || level < 2, (e) => e.refuse('answer', 'the caller may only read there', c('permissionError')))
        .when(model.nameTaken(parentId, 'folder', name) !== undefined, (e) => e.refuse('answer', 'the name is taken', c('folderNameDuplicate'))),
      apply: () => {
        const item = (result.body.data as { item: { id: string; row_version: number } }).item;
        model.add({ id: item.id, type: 'folder', name, parentId, registUser: actor.userId, size: 0, historyBytes: 0, versions: 1, bookkeeping: false, gone: false, tagged: false, rowVersion: item.row_version });
      },
    });
  }
}

export class Upload extends Step {
  constructor(who: ActorKey, readonly folder: Aim, readonly name: NameAim, readonly legal: boolean) {
    super(who);
  }
  plan = () => `upload(${this.who}, in ${aimText(this.folder)}, ${this.name.kind}${this.legal ? ', bookkeeping' : ''})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const folderId = pick(setup, this.who, this.folder, 'folder', { root: true });
    const name = nameFor(setup, this.name, folderId, 'file');
    const actor = model.actor(this.who);
    const serial = model.next();
    const fields = this.legal ? { document_style: legalStyle(serial), transaction_date: '2025-06-30', transaction_amount: 1000 + serial, provider: `Provider ${serial}` } : {};
    const bytes = new TextEncoder().encode(`bytes of ${name} ${serial}`);
    const request = (id: string) => upload(real.tokens[this.who], { folder_id: id, name, ...fields }, bytes);
    const result = await request(folderId);
    this.say(`upload(${this.who}, "${name}"${this.legal ? ' (bookkeeping)' : ''} in ${model.label(folderId)}) → ${codeOf(result)}`);
    const level = model.folderLevel(this.who, folderId);
    await change(setup, {
      what: this.told!, rule: 'reach', result, hidden: level === 0 ? [folderId] : [], again: ([id]) => request(id!),
      expect: () => new Expectation()
        .when(actor.drive < 2 || level < 2, (e) => e.refuse('answer', 'the caller may only read there', c('permissionError')))
        .when(model.nameTaken(folderId, 'file', name) !== undefined, (e) => e.refuse('answer', 'the name is taken', c('folderNameDuplicate'))),
      apply: () => {
        const item = (result.body.data as { item: { id: string; row_version: number } }).item;
        model.add({ id: item.id, type: 'file', name, parentId: folderId, registUser: actor.userId, size: bytes.byteLength, historyBytes: 0, versions: 1, bookkeeping: this.legal, gone: false, tagged: false, rowVersion: item.row_version });
      },
    });
  }
}

export class NewVersion extends Step {
  constructor(who: ActorKey, readonly file: Aim) {
    super(who);
  }
  plan = () => `newVersion(${this.who}, ${aimText(this.file)})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const id = pick(setup, this.who, this.file, 'file');
    const entry = model.get(id);
    const bytes = new TextEncoder().encode(`new bytes ${model.next()}`);
    const token = real.tokens[this.who];
    const reason = entry?.bookkeeping ? reasonText(model) : undefined;
    const request = (target: string) => uploadVersion(token, { id: target, ...(reason ? { reason } : {}) }, bytes);
    const result = await request(id);
    this.say(`newVersion(${this.who}, ${model.label(id)}) → ${codeOf(result)}`);
    const level = model.level(this.who, entry);
    await change(setup, {
      what: this.told!, rule: 'reach', result, hidden: level === 0 || entry?.type !== 'file' ? [id] : [], again: ([other]) => request(other!),
      expect: () => new Expectation()
        .when(model.actor(this.who).drive < 2 || !model.mayChange(this.who, entry!), (e) => e.refuse('answer', 'the caller may not change it', c('permissionError'))),
      apply: () => {
        entry!.historyBytes += entry!.size;
        entry!.size = bytes.byteLength;
        entry!.versions += 1;
        model.touch(entry!.id);
      },
    });
  }
}

export class SetAcl extends Step {
  constructor(who: ActorKey, readonly folder: Aim, readonly acl: AclSpec | null) {
    super(who);
  }
  plan = () => `setAcl(${this.who}, ${aimText(this.folder)}, ${this.acl ? `${this.acl.policy} view ${this.acl.view} update ${this.acl.update}` : 'inherit'})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const id = pick(setup, this.who, this.folder, 'folder');
    const entry = model.get(id);
    const acl = this.acl ? aclOf(setup, this.acl) : undefined;
    const request = (target: string) => api('com_drive/permission_save_btn', {
      id: target, row_version: rowVersion(model, id), ...(acl ? { inherit: 0, policy: acl.policy, view: acl.view, update: acl.update } : { inherit: 1 }),
    }, real.tokens[this.who]);
    const result = await request(id);
    this.say(`setAcl(${this.who}, ${model.label(id)}, ${describeAcl(acl, model)}) → ${codeOf(result)}`);
    const level = model.level(this.who, entry);
    const both = acl && (acl.view.users.some((user) => acl.update.users.includes(user)) || acl.view.groups.some((group) => acl.update.groups.includes(group)));
    await change(setup, {
      what: this.told!, rule: 'reach', result, hidden: level === 0 || entry?.type !== 'folder' ? [id] : [], again: ([other]) => request(other!),
      expect: () => new Expectation()
        .when(!model.actor(this.who).admin && level < 3, (e) => e.refuse('answer', 'only administrators and updaters of the folder change its settings', c('permissionError')))
        .when(!!both, (e) => e.refuse('answer', 'a principal on both sides', c('permissionBothSides')))
        .when(acl?.policy === 'allow' && acl.update.users.length + acl.update.groups.length === 0, (e) => e.refuse('answer', 'an allow list without updaters', c('permissionNoUpdater'))),
      apply: () => {
        entry!.acl = acl;
        model.touch(entry!.id);
      },
    });
  }
}

export class Rename extends Step {
  constructor(who: ActorKey, readonly target: Aim, readonly name: NameAim) {
    super(who);
  }
  plan = () => `rename(${this.who}, ${aimText(this.target)}, ${this.name.kind})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const id = pick(setup, this.who, this.target, 'entry');
    const entry = model.get(id);
    const name = nameFor(setup, this.name, entry?.parentId ?? ROOT, typeOf(model, id));
    const request = (target: string) => api('com_drive/rename_btn', { id: target, name, row_version: rowVersion(model, id) }, real.tokens[this.who]);
    const result = await request(id);
    this.say(`rename(${this.who}, ${model.label(id)} to "${name}") → ${codeOf(result)}`);
    await change(setup, {
      what: this.told!, rule: 'reach', result, hidden: model.level(this.who, entry) === 0 ? [id] : [], again: ([other]) => request(other!),
      expect: () => new Expectation()
        .when(model.actor(this.who).drive < 2 || !model.mayChange(this.who, entry!), (e) => e.refuse('answer', 'the caller may not change it', c('permissionError')))
        .when(name !== entry!.name && model.nameTaken(entry!.parentId, entry!.type, name, entry!.id) !== undefined, (e) => e.refuse('answer', 'the name is taken', c('folderNameDuplicate'))),
      apply: () => {
        entry!.name = name;
        model.touch(entry!.id);
      },
    });
  }
}

/** The refusals every change of a folder with what it holds may meet (finding 1). */
function subtreeRefusal(model: DriveModel, who: ActorKey, entry: Entry, e: Expectation): void {
  const guard = model.subtreeGuard(who, entry);
  if (guard.definite) e.refuse('subtree', 'the folder holds a folder whose settings leave the caller below update', c('permissionError'));
  else if (guard.possible) e.mayRefuse('subtree', 'settings below the folder', c('permissionError'));
}

export class Move extends Step {
  constructor(who: ActorKey, readonly target: Aim, readonly dest: Aim) {
    super(who);
  }
  plan = () => `move(${this.who}, ${aimText(this.target)}, into ${aimText(this.dest)})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const id = pick(setup, this.who, this.target, 'entry');
    const destId = pick(setup, this.who, this.dest, 'folder', { root: true });
    const entry = model.get(id);
    const type = typeOf(model, id);
    const request = (target: string, into: string) => api('com_drive/move_btn', { items: [{ id: target, type, row_version: rowVersion(model, id) }], folder_id: into }, real.tokens[this.who]);
    const result = await request(id, destId);
    this.say(`move(${this.who}, ${model.label(id)} into ${model.label(destId)}) → ${codeOf(result)}`);
    const destLevel = model.folderLevel(this.who, destId);
    const hideDest = destLevel === 0;
    const hideEntry = model.level(this.who, entry) === 0;
    const hidden = [...(hideDest ? [destId] : []), ...(hideEntry ? [id] : [])];
    const actor = model.actor(this.who);
    const dest = model.get(destId);
    await change(setup, {
      what: this.told!, rule: 'reach', result, hidden,
      again: (ids) => request(hideEntry ? ids.at(-1)! : id, hideDest ? ids[0]! : destId),
      expect: () => new Expectation()
        .when(actor.drive < 2 || destLevel < 2, (e) => e.refuse('answer', 'the caller may not add to the destination', c('permissionError')))
        .when(!model.mayChange(this.who, entry!), (e) => e.refuse('answer', 'the caller may not change it', c('permissionError')))
        .when(entry!.type === 'folder', (e) => {
          if (destId === entry!.id || (dest && model.path(dest).chain.some((folder) => folder.id === entry!.id))) e.refuse('answer', 'a folder into itself', c('input'));
          if (actor.drive < 3 && model.children(entry!.id).length > 0) e.refuse('answer', 'the active level moves only empty folders', c('permissionError'));
          subtreeRefusal(model, this.who, entry!, e);
        })
        .when(entry!.parentId !== destId && model.nameTaken(destId, entry!.type, entry!.name) !== undefined,
          (e) => e.refuse('answer', 'the name is taken at the destination', entry!.type === 'folder' ? c('folderExistsAtDestination') : c('fileExistsAtDestination'))),
      apply: () => {
        entry!.parentId = destId;
        model.touch(entry!.id, destId);
      },
    });
  }
}

export class Trash extends Step {
  constructor(who: ActorKey, readonly target: Target, readonly reason: boolean) {
    super(who);
  }
  plan = () => `trash(${this.who}, ${aimText(this.target)}${this.reason ? ', with a reason' : ''})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const id = pick(setup, this.who, this.target, 'entry');
    const entry = model.get(id);
    const type = typeOf(model, id);
    const reason = this.reason ? reasonText(model) : undefined;
    const request = (target: string) => api('com_drive/delete_btn', { items: [{ id: target, type, row_version: rowVersion(model, id) }], ...(reason ? { reason } : {}) }, real.tokens[this.who]);
    const result = await request(id);
    this.say(`trash(${this.who}, ${model.label(id)}${reason ? `, "${reason}"` : ''}) → ${codeOf(result)}`);
    const actor = model.actor(this.who);
    await change(setup, {
      what: this.told!, rule: 'reach', result, hidden: model.level(this.who, entry) === 0 ? [id] : [], again: ([other]) => request(other!),
      expect: () => new Expectation()
        .when(actor.drive < 2 || !model.mayChange(this.who, entry!), (e) => e.refuse('answer', 'the caller may not change it', c('permissionError')))
        .when(entry!.type === 'file' && entry!.bookkeeping && !reason, (e) => e.refuse('answer', 'a bookkeeping document needs a reason', c('input')))
        .when(entry!.type === 'folder', (e) => {
          if (actor.drive < 3 && model.children(entry!.id).length > 0) e.refuse('answer', 'the active level trashes only empty folders', c('permissionError'));
          subtreeRefusal(model, this.who, entry!, e);
          if (!reason && model.documentsIn(entry!).length > 0) e.refuse('folder-reason', 'the folder holds bookkeeping documents and no reason was given', c('input'));
        }),
      apply: () => model.trash(entry!, actor.userId, reason),
    });
    // The only -4 a trashing can meet here is the missing reason, named on its field.
    if (codeOf(result) === c('input')) real.judge.check(result.body.info?.fields?.reason !== undefined, 'answer', () => `${this.told}: -4 without the reason's field: ${JSON.stringify(result.body)}`);
  }
}

export class Restore extends Step {
  constructor(who: ActorKey, readonly target: Aim, readonly dest: Aim | null) {
    super(who);
  }
  plan = () => `restore(${this.who}, ${aimText(this.target)}, to ${aimText(this.dest)})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const id = pick(setup, this.who, this.target, 'entry', { trash: true });
    const destId = this.dest ? pick(setup, this.who, this.dest, 'folder', { root: true }) : undefined;
    const entry = model.get(id);
    const request = (target: string, into: string | undefined) => api('com_drive/restore_btn', { items: [{ id: target, row_version: rowVersion(model, id) }], ...(into ? { folder_id: into } : {}) }, real.tokens[this.who]);
    const result = await request(id, destId);
    this.say(`restore(${this.who}, ${model.label(id)} to ${destId ? model.label(destId) : 'where it was'}) → ${codeOf(result)}`);
    const actor = model.actor(this.who);
    const own = entry?.trashed?.by === actor.userId;
    const level: Range = entry?.trashed ? model.trashLevel(this.who, entry) : { lo: 0, hi: 0 };
    const destLevel = destId === undefined ? 3 : model.folderLevel(this.who, destId);
    const entryHidden = !entry?.trashed || (level.hi === 0 && !own);
    const hideDest = destId !== undefined && destLevel === 0;
    const hidden = [...(hideDest ? [destId] : []), ...(entryHidden ? [id] : [])];
    const target = destId ?? entry?.parentId ?? ROOT;
    await change(setup, {
      // Out of the caller's trash list (below update, another's deletion) or where the settings are not known, it may be missing for them.
      what: this.told!, rule: entry?.trashed ? 'trash' : 'reach', result, hidden, ...(level.lo === 0 || (!actor.admin && actor.drive < 3 && !own) ? { maybeHidden: [id] } : {}),
      again: (ids) => (hidden.length > 0 ? request(entryHidden ? ids.at(-1)! : id, hideDest ? ids[0]! : destId) : request(ids[0]!, destId)),
      expect: () => new Expectation()
        .when(actor.drive < 2 || destLevel === 1, (e) => e.refuse('answer', 'the caller may not add to the location', c('permissionError')))
        .when(!model.mayChange(this.who, entry!, level.hi), (e) => e.refuse('trash', 'the caller may not change it where it was', c('permissionError')))
        .when(model.mayChange(this.who, entry!, level.hi) && !model.mayChange(this.who, entry!, level.lo), (e) => e.mayRefuse('trash', 'the settings where it was are not known', c('permissionError')))
        .when(entry!.type === 'folder', (e) => subtreeRefusal(model, this.who, entry!, e))
        .when(destId === undefined, (e) => {
          const parent = model.get(entry!.parentId);
          if (entry!.parentId !== ROOT && (!parent || parent.gone)) e.refuse('answer', 'the original place is gone', c('restoreLocationMissing'));
          else if (parent && model.place(parent) !== 'live') e.refuse('answer', 'the original place is in the trash', c('restoreLocationError'));
        })
        .when(model.nameTaken(target, entry!.type, entry!.name) !== undefined,
          (e) => e.refuse('answer', 'the name is taken', destId !== undefined ? c('restoreSameNameInNewLocation') : entry!.type === 'folder' ? c('restoreFolderExists') : c('restoreFileExists'))),
      apply: () => model.restore(entry!, target),
    });
  }
}

export class ForceDelete extends Step {
  constructor(who: ActorKey, readonly target: Target) {
    super(who);
  }
  plan = () => `deleteForGood(${this.who}, ${aimText(this.target)})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const id = pick(setup, this.who, this.target, 'entry', { trash: true });
    const entry = model.get(id);
    const request = (target: string) => api('com_drive/force_delete_btn', { items: [{ id: target, row_version: rowVersion(model, id) }] }, real.tokens[this.who]);
    const result = await request(id);
    this.say(`deleteForGood(${this.who}, ${model.label(id)}) → ${codeOf(result)}`);
    const actor = model.actor(this.who);
    const own = entry?.trashed?.by === actor.userId;
    const level: Range = entry?.trashed ? model.trashLevel(this.who, entry) : { lo: 0, hi: 0 };
    await change(setup, {
      what: this.told!, rule: entry?.trashed ? 'trash' : 'reach', result, hidden: !entry?.trashed || (level.hi === 0 && !own) ? [id] : [], ...(level.lo === 0 ? { maybeHidden: [id] } : {}),
      again: ([other]) => request(other!),
      expect: () => new Expectation()
        .when(actor.drive < 3, (e) => e.refuse('answer', 'deleting for good needs update', c('permissionError')))
        .when(level.hi < 3, (e) => e.refuse('trash', 'the caller may not update where it was', c('permissionError')))
        .when(level.hi >= 3 && level.lo < 3, (e) => e.mayRefuse('trash', 'the settings where it was are not known', c('permissionError')))
        .when(entry!.type === 'file' && entry!.bookkeeping, (e) => e.refuse('retention', 'a bookkeeping document is kept until its retention ends', c('retentionNotEnded'), c('permissionError')))
        .when(entry!.type === 'folder', (e) => subtreeRefusal(model, this.who, entry!, e)),
      apply: () => model.purge(entry!),
    });
  }
}

/**
 * The everyday order of finding 3, as one step: trash a file, then the folder it was in, then delete
 * that folder for good (each call judged as on its own). The trash must then still apply the
 * folder's settings to the file.
 */
export class TrashThenPurge extends Step {
  constructor(who: ActorKey, readonly file: Aim) {
    super(who);
  }
  plan = () => `trashThenPurge(${this.who}, ${aimText(this.file)})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const fileId = pick(setup, this.who, this.file, 'file', { prefer: (entry) => entry.parentId !== ROOT && model.governing(entry).length > 0 && model.level(this.who, entry) >= 3 });
    const folderId = model.get(fileId)?.parentId;
    this.say(`trashThenPurge(${this.who}, ${model.label(fileId)} and ${model.label(folderId)}):`);
    await new Trash(this.who, { id: fileId }, true).run(model, real);
    if (folderId === undefined || folderId === ROOT) return;
    await new Trash(this.who, { id: folderId }, true).run(model, real);
    await new ForceDelete(this.who, { id: folderId }).run(model, real);
  }
}

export type ReadKind = 'list' | 'info' | 'download' | 'versions' | 'tags' | 'history' | 'favorite' | 'settings' | 'duplicates';

export class Read extends Step {
  constructor(who: ActorKey, readonly kind: ReadKind, readonly target: Aim) {
    super(who);
  }
  plan = () => `${this.kind}(${this.who}, ${aimText(this.target)})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const want: Want = this.kind === 'list' || this.kind === 'settings' || this.kind === 'duplicates' ? 'folder' : this.kind === 'download' || this.kind === 'versions' || this.kind === 'history' ? 'file' : 'entry';
    const id = pick(setup, this.who, this.target, want, { root: this.kind === 'list' || this.kind === 'duplicates', ...(this.kind === 'history' ? { prefer: (entry: Entry) => entry.bookkeeping } : {}) });
    // The names a duplicate check asks: those of files there (hidden or not), and one of the pool.
    const names = [...new Set([...model.existing().filter((other) => other.parentId === id && other.type === 'file').slice(0, 2).map((file) => file.name), 'Same.txt'])];
    const entry = model.get(id);
    const token = real.tokens[this.who];
    const request = (target: string): Promise<Result> => {
      switch (this.kind) {
        case 'list': return api('com_drive/drive_info', { folder_id: target, page_size: 1000 }, token);
        case 'info': return api('com_drive/file_info', { id: target }, token);
        case 'download': return api('com_drive/download', { id: target }, token);
        case 'versions': return api('com_drive/file_history', { id: target, page_size: 1000 }, token);
        case 'tags': return api('com_drive/item_tags', { id: target }, token);
        case 'history': return api('com_drive/document_history', { id: target }, token);
        case 'favorite': return api('com_drive/favorite_add_btn', { id: target }, token);
        case 'settings': return api('com_drive/permission_info', { id: target }, token);
        case 'duplicates': return api('com_drive/file_duplicate_check', { folder_id: target, names }, token);
      }
    };
    const result = await request(id);
    this.say(`${this.kind}(${this.who}, ${model.label(id)}) → ${codeOf(result)}`);
    const what = this.told!;
    const again = ([other]: string[]) => request(other!);
    const level = id === ROOT ? model.actor(this.who).drive : model.level(this.who, entry);
    if (this.kind === 'history') return this.history(setup, entry, id, result, again);
    const fits = want === 'entry' || entry?.type === want || id === ROOT;
    if (level === 0 || !fits) return sameAsUnknown(setup, 'reach', what, result, [id], again);
    if (this.kind === 'duplicates' && (model.actor(this.who).drive < 2 || level < 2)) {
      real.judge.check(result.body.code === c('permissionError'), 'answer', () => `${what}: the caller may only read there, but the call answered ${JSON.stringify(result.body)}`);
      return;
    }
    real.judge.check(result.body.code === 0, 'answer', () => `${what}: the caller reaches it at level ${level}, but the call answered ${JSON.stringify(result.body)}`);
    if (result.body.code !== 0) return;
    const data = result.body.data as Record<string, unknown>;
    if (this.kind === 'list') await checkFolder(setup, this.who, id, result);
    if (this.kind === 'info') {
      const shown = (data.item as { level?: number }).level;
      real.judge.check(shown === level, 'reach', () => `${what}: level ${shown}, the rule ${level}`);
    }
    if (this.kind === 'download') real.judge.check(data.file_name === entry!.name, 'answer', () => `${what}: named ${String(data.file_name)}`);
    if (this.kind === 'versions') {
      const versions = (data.versions as unknown[]).length;
      real.judge.check(versions === entry!.versions, 'answer', () => `${what}: ${versions} versions, the model ${entry!.versions}`);
    }
    if (this.kind === 'tags') {
      const tags = (data.tags as { id: string }[]).map((tag) => tag.id);
      real.judge.check(JSON.stringify(tags) === JSON.stringify(entry!.tagged ? [real.tagId] : []), 'answer', () => `${what}: tags ${tags.join(', ') || 'none'}, the model ${entry!.tagged ? 'tagged' : 'none'}`);
    }
    if (this.kind === 'favorite') model.favorites.get(this.who)!.add(id);
    if (this.kind === 'settings') {
      const settings = data as { own: boolean; policy: string; inherited: { folder: { id: string } }[] };
      const above = model.path(entry!).chain.filter((folder) => folder.acl).map((folder) => folder.id);
      real.judge.check(settings.own === (entry!.acl !== undefined) && (!entry!.acl || settings.policy === entry!.acl.policy), 'answer', () => `${what}: own ${settings.own} ${settings.policy}, the model ${describeAcl(entry!.acl, model)}`);
      real.judge.check(JSON.stringify(settings.inherited.map((folder) => folder.folder.id)) === JSON.stringify(above), 'reach', () => `${what}: the settings above name ${settings.inherited.map((folder) => model.label(folder.folder.id)).join(', ')}`);
    }
    if (this.kind === 'duplicates') {
      const held = (data.existing as { item: { id: string } }[]).map((existing) => existing.item.id).sort();
      const expected = model.children(id).filter((file) => file.type === 'file' && names.some((name) => name.toLowerCase() === file.name.toLowerCase())).map((file) => file.id).sort();
      real.judge.check(JSON.stringify(held) === JSON.stringify(expected), 'reach', () => `${what}: names held by ${held.map((other) => model.label(other)).join(', ') || 'nothing'}, the model ${expected.map((other) => model.label(other)).join(', ') || 'nothing'}`);
    }
  }

  /**
   * Finding 2: a document's history for whoever reaches the file; a trashed one by the level where
   * it was. Out of reach it must answer as an unknown id; where the rules leave it open (a trashed
   * document the caller could see), either answer is accepted.
   */
  private async history(setup: Setup, entry: Entry | undefined, id: string, result: Result, again: (ids: string[]) => Promise<Result>): Promise<void> {
    const { model, real } = setup;
    const place = entry ? model.place(entry) : 'gone';
    let reach: { lo: number; hi: number } = { lo: 0, hi: 0 };
    if (entry?.type === 'file' && place === 'live') reach = { lo: model.level(this.who, entry), hi: model.level(this.who, entry) };
    else if (entry?.type === 'file' && place === 'trashed') reach = { lo: 0, hi: model.trashLevel(this.who, entry).hi };
    else if (entry?.type === 'file' && place === 'underTrash') reach = { lo: 0, hi: narrowed(model.actor(this.who), model.governing(entry)) };
    if (reach.lo >= 1) {
      real.judge.check(result.body.code === 0, 'answer', () => `${this.told}: the caller reaches the document, but the call answered ${JSON.stringify(result.body)}`);
      return;
    }
    if (reach.hi >= 1 && result.body.code === 0) return;
    await sameAsUnknown(setup, 'history', this.told!, result, [id], again);
  }
}

/**
 * A copy reads what it copies: what is closed to the caller is left out silently, so a copy never
 * holds an entry the caller could not see (rule `reach`). The copies join the model as the server
 * stored them.
 */
export class Copy extends Step {
  constructor(who: ActorKey, readonly target: Aim, readonly dest: Aim) {
    super(who);
  }
  plan = () => `copy(${this.who}, ${aimText(this.target)}, into ${aimText(this.dest)})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const id = pick(setup, this.who, this.target, 'entry');
    const destId = pick(setup, this.who, this.dest, 'folder', { root: true });
    const entry = model.get(id);
    const type = typeOf(model, id);
    const request = (target: string, into: string) => api('com_drive/copy_btn', { items: [{ id: target, type, row_version: rowVersion(model, id) }], folder_id: into }, real.tokens[this.who]);
    // What the copier reads of the source, by path below it (before the copy changes anything).
    const readable = entry && model.level(this.who, entry) >= 1 ? readableTree(model, this.who, entry) : new Map<string, Entry>();
    const result = await request(id, destId);
    this.say(`copy(${this.who}, ${model.label(id)} into ${model.label(destId)}) → ${codeOf(result)}`);
    const destLevel = model.folderLevel(this.who, destId);
    const hideDest = destLevel === 0;
    const hideEntry = model.level(this.who, entry) === 0;
    const dest = model.get(destId);
    await change(setup, {
      what: this.told!, rule: 'reach', result, hidden: [...(hideDest ? [destId] : []), ...(hideEntry ? [id] : [])],
      again: (ids) => request(hideEntry ? ids.at(-1)! : id, hideDest ? ids[0]! : destId),
      expect: () => new Expectation()
        .when(model.actor(this.who).drive < 2 || destLevel < 2, (e) => e.refuse('answer', 'the caller may not add to the destination', c('permissionError')))
        .when(entry!.type === 'folder' && (destId === entry!.id || (dest !== undefined && model.path(dest).chain.some((folder) => folder.id === entry!.id))), (e) => e.refuse('answer', 'a folder into itself', c('input')))
        // Into its own folder a copy takes the next free "name (n)" (issue 28); elsewhere a taken name is refused.
        .when(entry!.parentId !== destId && model.nameTaken(destId, entry!.type, entry!.name) !== undefined,
          (e) => e.refuse('answer', 'the name is taken at the destination', entry!.type === 'folder' ? c('folderExistsAtDestination') : c('fileExistsAtDestination'))),
      apply: async () => {
        for (const copy of (result.body.data as { job: { items: { id: string }[] } }).job.items) await adoptCopy(setup, this.who, readable, copy.id, destId);
      },
    });
  }
}

/** The entries below (and with) a source the caller reads, by their path of names from it. */
function readableTree(model: DriveModel, who: ActorKey, source: Entry): Map<string, Entry> {
  const tree = new Map<string, Entry>([[`${source.type}:${source.name}`, source]]);
  const visit = (folder: Entry, path: string) => {
    for (const child of model.children(folder.id)) {
      if (model.level(who, child) < 1) continue;
      const childPath = `${path}/${child.type}:${child.name}`;
      tree.set(childPath, child);
      if (child.type === 'folder') visit(child, childPath);
    }
  };
  if (source.type === 'folder') visit(source, `${source.type}:${source.name}`);
  return tree;
}

/** Reads a copy's tree as the administrator, judges it against what the copier read, and adds it to the model. */
async function adoptCopy(setup: Setup, who: ActorKey, readable: Map<string, Entry>, copyId: string, destId: string): Promise<void> {
  const { model, real } = setup;
  const made: { id: string; path: string; parentId: string; name: string; type: Entry['type']; size: number | null }[] = [];
  const info = await api('com_drive/file_info', { id: copyId }, real.tokens.admin);
  const top = (info.body.data as { item: { id: string; name: string; type: Entry['type']; size: number | null } }).item;
  // The copy's top keeps the source's path (its name may be the numbered one of a copy into its own folder).
  const sourcePath = readable.keys().next().value!;
  const numbered = top.name !== sourcePath.slice(sourcePath.indexOf(':') + 1);
  real.judge.check(!numbered || model.nameTaken(destId, top.type, top.name) === undefined, 'answer', () => `the copy by ${who} took a name already in use: ${top.name}`);
  made.push({ id: top.id, path: sourcePath, parentId: destId, name: top.name, type: top.type, size: top.size });
  for (let index = 0; index < made.length; index++) {
    const folder = made[index]!;
    if (folder.type !== 'folder') continue;
    const page = await api('com_drive/drive_info', { folder_id: folder.id, page_size: 1000 }, real.tokens.admin);
    for (const item of (page.body.data as { items: { id: string; name: string; type: Entry['type']; size: number | null }[] }).items) {
      made.push({ id: item.id, path: `${folder.path}/${item.type}:${item.name}`, parentId: folder.id, name: item.name, type: item.type, size: item.size });
    }
  }
  const extra = made.filter((copy) => !readable.has(copy.path));
  real.judge.check(extra.length === 0, 'reach', () => `the copy by ${who} holds entries it does not reach: ${extra.map((copy) => copy.path).join(', ')}`);
  const paths = new Set(made.map((copy) => copy.path));
  const missing = [...readable.keys()].filter((path) => !paths.has(path));
  real.judge.check(missing.length === 0, 'answer', () => `the copy by ${who} leaves out entries it reaches: ${missing.join(', ')}`);
  const stored = await storedItems(model.kykId, made.map((copy) => copy.id));
  for (const copy of made) {
    const source = readable.get(copy.path);
    const item = stored.get(copy.id);
    model.add({
      id: copy.id, type: copy.type, name: copy.name, parentId: copy.parentId, registUser: model.actor(who).userId, ...(item?.acl ? { acl: structuredClone(item.acl) } : {}),
      size: copy.size ?? 0, historyBytes: 0, versions: 1, bookkeeping: source?.bookkeeping ?? false, gone: false, tagged: false, rowVersion: item?.row_version ?? 1,
    });
  }
}

/** A ZIP holds what the caller reads, under the paths they see; what is closed to them is left out silently. */
export class Zip extends Step {
  constructor(who: ActorKey, readonly target: Aim) {
    super(who);
  }
  plan = () => `zip(${this.who}, ${aimText(this.target)})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const id = pick(setup, this.who, this.target, 'entry');
    const entry = model.get(id);
    const token = real.tokens[this.who];
    const request = (target: string) => api('com_drive/zip_download_btn', { items: [{ id: target, type: typeOf(model, id), row_version: rowVersion(model, id) }] }, token);
    const result = await request(id);
    this.say(`zip(${this.who}, ${model.label(id)}) → ${codeOf(result)}`);
    if (model.level(this.who, entry) === 0) return sameAsUnknown(setup, 'reach', this.told!, result, [id], ([other]) => request(other!));
    real.judge.check(result.body.code === 0, 'answer', () => `${this.told}: ${JSON.stringify(result.body)}`);
    if (result.body.code !== 0) return;
    const job = await finished(token, (result.body.data as { job: { job_id: string } }).job.job_id);
    real.judge.check(job.state === 'done' && job.download !== null, 'answer', () => `${this.told}: the ZIP job ended ${JSON.stringify(job)}`);
    if (!job.download) return;
    const names = Object.keys(unzipSync(new Uint8Array(await (await fetch(job.download.url)).arrayBuffer()))).sort();
    const expected = [...readableTree(model, this.who, entry!).keys()]
      .map((path) => path.split('/').map((part) => part.slice(part.indexOf(':') + 1)).join('/') + (path.slice(path.lastIndexOf('/') + 1).startsWith('folder:') ? '/' : '')).sort();
    const extra = names.filter((name) => !expected.includes(name));
    real.judge.check(extra.length === 0, 'reach', () => `${this.told}: the ZIP holds entries ${this.who} does not reach: ${extra.join(', ')}`);
    const missing = expected.filter((name) => !names.includes(name));
    real.judge.check(missing.length === 0, 'answer', () => `${this.told}: the ZIP leaves out entries ${this.who} reaches: ${missing.join(', ')}`);
  }
}

async function finished(token: string, jobId: string): Promise<{ state: string; download: { url: string } | null }> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const info = await api('com_drive/job_info', { job_id: jobId }, token);
    const job = (info.body.data as { job: { state: string; download: { url: string } | null } } | null)?.job;
    if (job && job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} never ended`);
}

/** The Tags column's read: ids out of reach answer as ids nobody has (no tags). */
export class ItemsTags extends Step {
  constructor(who: ActorKey, readonly targets: Aim[]) {
    super(who);
  }
  plan = () => `itemsTags(${this.who}, ${this.targets.map(aimText).join(', ')})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const ids = [...new Set(this.targets.map((aim) => pick(setup, this.who, aim, 'entry')))];
    const nobody = unknownId();
    const result = await api('com_drive/items_tags', { ids: [...ids, nobody] }, real.tokens[this.who]);
    this.say(`itemsTags(${this.who}, ${ids.map((id) => model.label(id)).join(', ')}) → ${codeOf(result)}`);
    real.judge.check(result.body.code === 0, 'answer', () => `${this.told}: ${JSON.stringify(result.body)}`);
    if (result.body.code !== 0) return;
    const tags = (result.body.data as { tags: Record<string, { id: string }[]> }).tags;
    const unknown = JSON.stringify(tags[nobody] ?? null);
    for (const id of ids) {
      const entry = model.get(id);
      const shown = JSON.stringify(tags[id] ?? null);
      if (model.level(this.who, entry) === 0) {
        real.judge.check(shown === unknown, 'reach', () => `${this.told}: the tags of ${model.label(id)} (out of reach) read ${shown}, an unknown id's ${unknown}`);
      } else {
        const ids = (tags[id] ?? []).map((tag) => tag.id);
        real.judge.check(JSON.stringify(ids) === JSON.stringify(entry!.tagged ? [real.tagId] : []), 'answer', () => `${this.told}: the tags of ${model.label(id)} read ${shown}`);
      }
    }
  }
}

/** Common tags are set by administrators; whoever else tries is refused, and out of reach it is an unknown id. */
export class TagEntry extends Step {
  constructor(who: ActorKey, readonly target: Aim) {
    super(who);
  }
  plan = () => `tag(${this.who}, ${aimText(this.target)})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const id = pick(setup, this.who, this.target, 'entry');
    const entry = model.get(id);
    const request = (target: string) => api('com_drive/item_tags_save_btn', { id: target, tag_ids: entry?.tagged ? [] : [real.tagId] }, real.tokens[this.who]);
    const result = await request(id);
    this.say(`${entry?.tagged ? 'untag' : 'tag'}(${this.who}, ${model.label(id)}) → ${codeOf(result)}`);
    await change(setup, {
      what: this.told!, rule: 'reach', result, hidden: model.level(this.who, entry) === 0 ? [id] : [], again: ([other]) => request(other!),
      expect: () => new Expectation().when(!model.actor(this.who).admin, (e) => e.refuse('answer', 'common tags are set by administrators', c('tagCommonNotAllowed'))),
      apply: () => {
        entry!.tagged = !entry!.tagged;
      },
    });
  }
}

let nextAddress = 0;
/** Each public call from an address of its own: the per-address throttle never meets another's. */
const anAddress = () => `127.1.${Math.floor(nextAddress / 250) % 250}.${(nextAddress++ % 250) + 2}`;

export class ShareCreate extends Step {
  constructor(who: ActorKey, readonly target: Aim) {
    super(who);
  }
  plan = () => `shareLink(${this.who}, ${aimText(this.target)})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    const id = pick(setup, this.who, this.target, 'file');
    const entry = model.get(id);
    const request = (target: string) => api('com_drive/share_link_create_btn', { id: target }, real.tokens[this.who]);
    const result = await request(id);
    this.say(`shareLink(${this.who}, ${model.label(id)}) → ${codeOf(result)}`);
    const level = model.level(this.who, entry);
    if (level === 0 || entry?.type !== 'file') return sameAsUnknown(setup, 'reach', this.told!, result, [id], ([other]) => request(other!));
    // Finding 16 makes issuing a right (update by default): below it either answer is accepted.
    if (level === 3) real.judge.check(result.body.code === 0, 'answer', () => `${this.told}: an updater of the file is refused a link: ${JSON.stringify(result.body)}`);
    if (result.body.code !== 0) return;
    const [, , kykId, token] = (result.body.data as { url_path: string }).url_path.split('/');
    model.links.push({ kykId: decodeURIComponent(kykId!), token: token!, fileId: id, creator: this.who });
  }
}

/** A link works while its file is live and its creator still reaches it; never otherwise. */
export class ShareOpen extends Step {
  constructor(readonly n: number) {
    super('admin');
  }
  plan = () => `openShareLink(#${this.n})`;
  protected async act(setup: Setup) {
    const { model, real } = setup;
    if (model.links.length === 0) return this.say('openShareLink: no link yet');
    const link = model.links[this.n % model.links.length]!;
    const entry = model.get(link.fileId)!;
    const result = await postFrom(anAddress(), 'share/info', { kyk_id: link.kykId, token: link.token });
    const level = model.level(link.creator, entry);
    this.say(`openShareLink(${link.creator}'s link to ${model.label(entry.id)}, creator's level ${level}) → ${result.body.code}`);
    if (level === 0) {
      real.judge.check(result.body.code === c('shareLinkStopped'), 'share', () => `${this.told}: the creator no longer reaches the file (${model.place(entry)}), yet the link answers ${JSON.stringify(result.body)}`);
      return;
    }
    if (level === 3) real.judge.check(result.body.code === 0, 'share', () => `${this.told}: the link of an updater of a live file stopped: ${JSON.stringify(result.body)}`);
    else real.judge.check([0, c('shareLinkStopped')].includes(result.body.code), 'share', () => `${this.told}: ${JSON.stringify(result.body)}`);
    if (result.body.code === 0) real.judge.check((result.body.data as { file_name: string }).file_name === entry.name, 'answer', () => `${this.told}: named ${JSON.stringify(result.body.data)}`);
  }
}

export class Search extends Step {
  constructor(who: ActorKey, readonly variant: SearchVariant, readonly target: Aim) {
    super(who);
  }
  plan = () => `search(${this.who}, ${this.variant})`;
  protected async act(setup: Setup) {
    const { model } = setup;
    const id = pick(setup, this.who, this.target, this.variant === 'scope' ? 'folder' : 'entry');
    const name = this.variant === 'name' ? (model.get(id)?.name.replace(/\.txt$/, '') ?? 'nothing') : undefined;
    const scope = this.variant === 'scope' ? id : undefined;
    this.say(`search(${this.who}, ${this.variant}${name ? ` "${name}"` : ''}${scope ? ` in ${model.label(scope)}` : ''})`);
    await checkSearch(setup, this.who, this.variant, name, scope);
  }
}

export class ListTrash extends Step {
  constructor(who: ActorKey) {
    super(who);
  }
  plan = () => `listTrash(${this.who})`;
  protected async act(setup: Setup) {
    this.say(this.plan());
    await checkTrash(setup, this.who);
  }
}

/** Everything one user can read, checked at once (the end of every run does it for everyone). */
export class Sweep extends Step {
  constructor(who: ActorKey) {
    super(who);
  }
  plan = () => `readEverything(${this.who})`;
  protected async act(setup: Setup) {
    this.say(this.plan());
    await sweep(setup, this.who);
  }
}

