import { describe, expect, it } from 'vitest';
import { walkDropped } from './dropped-files.ts';

/** An in-memory stand-in for the browser's entries: a reader answering in batches of two, then none. */
const file = (name: string) => ({ isFile: true, isDirectory: false, name, file: (ok: (file: File) => void) => ok(new File([name], name)) });
const folder = (name: string, children: object[]) => ({
  isFile: false,
  isDirectory: true,
  name,
  createReader: () => {
    let at = 0;
    return { readEntries: (ok: (entries: object[]) => void) => ok(children.slice(at, (at += 2))) };
  },
});

describe('walkDropped', () => {
  it('lists every file with its folder path, reading a folder past its first batch, parents before children', async () => {
    const dropped = [file('a.pdf'), folder('2026', [file('1.csv'), file('2.csv'), file('3.csv'), folder('05', [file('x.txt')]), folder('empty', [])])];
    const tree = await walkDropped(dropped as never);
    expect(tree.files.map((entry) => [...entry.folders, entry.file.name].join('/'))).toEqual(['a.pdf', '2026/1.csv', '2026/2.csv', '2026/3.csv', '2026/05/x.txt']);
    expect(tree.folders).toEqual([['2026'], ['2026', '05'], ['2026', 'empty']]);
  });

  it('leaves out dot files and takes a plain file list as files at the top', async () => {
    const tree = await walkDropped([folder('f', [file('.DS_Store'), file('ok.txt')])] as never);
    expect(tree.files.map((entry) => entry.file.name)).toEqual(['ok.txt']);
    const plain = await walkDropped([new File(['x'], 'plain.txt')]);
    expect(plain).toEqual({ files: [{ file: expect.any(File), folders: [] }], folders: [] });
  });
});
