import { describe, expect, it } from 'vitest';
import { pickedFolderTree, placeDroppedTree, type FolderCalls } from './dropped-folders.ts';

const file = (name: string) => new File([name], name);

/** A drive in memory: folders by parent and name (names unique per parent, ignoring case). */
function drive(existing: Record<string, string> = {}, refuse: string[] = []) {
  const folders = new Map(Object.entries(existing));
  const created: string[] = [];
  let next = 0;
  const calls: FolderCalls = {
    create: async (parentId, name) => {
      const key = `${parentId}/${name.toLowerCase()}`;
      if (refuse.includes(name)) throw new Error('Not a name the drive takes.');
      if (folders.has(key)) return 'exists' as const;
      const id = `new-${next++}`;
      folders.set(key, id);
      created.push(`${parentId}/${name}`);
      return { id };
    },
    find: async (parentId, name) => folders.get(`${parentId}/${name.toLowerCase()}`),
    takenMessage: 'An item with the same name already exists. Please rename it.',
  };
  return { calls, created };
}

describe('placeDroppedTree', () => {
  it('makes the folders parents first and places each file in its folder; loose files stay for the target', async () => {
    const { calls, created } = drive();
    const plan = await placeDroppedTree(
      {
        files: [{ file: file('a.pdf'), folders: [] }, { file: file('1.csv'), folders: ['2026'] }, { file: file('x.txt'), folders: ['2026', '05'] }],
        folders: [['2026'], ['2026', '05'], ['2026', 'empty']],
      },
      'target',
      calls,
    );
    expect(created).toEqual(['target/2026', 'new-0/05', 'new-0/empty']);
    expect(plan.top.map((entry) => entry.name)).toEqual(['a.pdf']);
    expect(plan.nested.map((entry) => [entry.file.name, entry.folderId, entry.folders.join('/')])).toEqual([
      ['1.csv', 'new-0', '2026'],
      ['x.txt', 'new-1', '2026/05'],
    ]);
    expect(plan.failed).toEqual([]);
  });

  it('merges into a folder of the same name already there, whatever its case', async () => {
    const { calls, created } = drive({ 'target/reports': 'old-reports' });
    const plan = await placeDroppedTree({ files: [{ file: file('r.pdf'), folders: ['Reports'] }], folders: [['Reports']] }, 'target', calls);
    expect(created).toEqual([]);
    expect(plan.nested.map((entry) => entry.folderId)).toEqual(['old-reports']);
  });

  it('reports a folder it could not make once, with the reason, and leaves out everything below it', async () => {
    const { calls } = drive({}, ['bad']);
    const plan = await placeDroppedTree(
      { files: [{ file: file('in.txt'), folders: ['bad', 'deeper'] }, { file: file('ok.txt'), folders: ['good'] }], folders: [['bad'], ['bad', 'deeper'], ['good']] },
      'target',
      calls,
    );
    expect(plan.failed).toEqual([{ path: ['bad'], message: 'Not a name the drive takes.' }]);
    expect(plan.nested.map((entry) => entry.file.name)).toEqual(['ok.txt']);
  });
});

/** A file as the folder picker hands it: its path inside the chosen folder in `webkitRelativePath`. */
const picked = (path: string) => {
  const entry = new File([path], path.split('/').at(-1)!);
  Object.defineProperty(entry, 'webkitRelativePath', { value: path });
  return entry;
};

describe('pickedFolderTree', () => {
  it('reads the folders from the paths, parents first, leaves dot files and folders out, and places the files as a drop does', async () => {
    const tree = pickedFolderTree([picked('Reports/2026/march.txt'), picked('Reports/q1.csv'), picked('Reports/.DS_Store'), picked('Reports/.git/config'), picked('Reports/2025/old/a.txt')]);
    expect(tree.folders).toEqual([['Reports'], ['Reports', '2025'], ['Reports', '2026'], ['Reports', '2025', 'old']]);
    expect(tree.files.map((entry) => [entry.file.name, entry.folders.join('/')])).toEqual([['march.txt', 'Reports/2026'], ['q1.csv', 'Reports'], ['a.txt', 'Reports/2025/old']]);
    const { calls, created } = drive();
    const plan = await placeDroppedTree(tree, 'target', calls);
    expect(created).toEqual(['target/Reports', 'new-0/2025', 'new-0/2026', 'new-1/old']);
    expect(plan.top).toEqual([]);
    expect(plan.nested.map((entry) => [entry.file.name, entry.folderId])).toEqual([['march.txt', 'new-2'], ['q1.csv', 'new-0'], ['a.txt', 'new-3']]);
  });
});
