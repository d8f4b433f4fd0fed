import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/session.ts', () => ({ readStoredUser: () => ({ kyk_id: 'demo', user_id: 'taro' }) }));
const { ownerOf, sameFile, signedInOwner, storedBytes, unfinishedUploads } = await import('./upload-resume.ts');

const MiB = 1024 ** 2;

describe('uploads kept for resuming', () => {
  it('takes a file picked again only when its name, size and last change are the ones kept', () => {
    const kept = { name: 'big.bin', size: 5, last_modified: 1000 };
    expect(sameFile(kept, new File(['12345'], 'big.bin', { lastModified: 1000 }))).toBe(true);
    expect(sameFile(kept, new File(['1234'], 'big.bin', { lastModified: 1000 }))).toBe(false);
    expect(sameFile(kept, new File(['12345'], 'big.bin', { lastModified: 1001 }))).toBe(false);
    expect(sameFile(kept, new File(['12345'], 'Big.bin', { lastModified: 1000 }))).toBe(false);
  });

  it('counts the bytes of the stored parts, the short last one as it is', () => {
    const upload = { part_size: 16 * MiB, size: 100 * MiB };
    expect(storedBytes({ ...upload, parts: [{ part_number: 1, etag: 'a' }, { part_number: 2, etag: 'b' }] })).toBe(32 * MiB);
    expect(storedBytes({ ...upload, parts: [{ part_number: 7, etag: 'g' }] })).toBe(4 * MiB);
    expect(storedBytes({ ...upload, parts: [] })).toBe(0);
  });

  it('keeps them per user, and keeps nothing where the browser has no IndexedDB', async () => {
    expect(signedInOwner()).toBe(ownerOf({ kyk_id: 'demo', user_id: 'taro' }));
    expect(await unfinishedUploads('demo/taro')).toEqual([]);
  });
});
