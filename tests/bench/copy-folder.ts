import { randomUUID } from 'node:crypto';
import type { RoutePath, RouteRequest, RouteResponse } from '#shared/routes.ts';
import { insertItem, nameKey, type ItemRecord } from '#data/drive-items.ts';

type Call = <P extends RoutePath>(path: P, body: RouteRequest<P>, token?: string) => Promise<{ data: RouteResponse<P> }>;

/**
 * A folder of `descendants` entries in a tree (100 subfolders, the rest files spread over them,
 * stored directly as the folder-page bench does: files without bytes), for the copy job to walk.
 */
export async function fillTree(kykId: string, parentId: string, descendants: number, userId = 'admin'): Promise<void> {
  const now = new Date().toISOString();
  const record = (parent: string, name: string, type: ItemRecord['type']): ItemRecord => ({
    kyk_id: kykId, id: randomUUID(), parent_id: parent, type, name, name_key: nameKey(name), size: type === 'file' ? 1 : null, declared_size: null,
    version: 1, status: 'ready', content_type: type === 'file' ? 'text/plain' : null, s3_key: null, row_version: 1,
    regist_date: now, regist_user_id: userId, update_date: now, update_user_id: userId,
  });
  const folders = Array.from({ length: 100 }, (_, i) => record(parentId, `sub-${String(i).padStart(3, '0')}`, 'folder'));
  const files = Array.from({ length: descendants - folders.length }, (_, i) => record(folders[i % folders.length]!.id, `entry-${String(i).padStart(5, '0')}`, 'file'));
  for (const batch of [folders, files]) {
    for (let i = 0; i < batch.length; i += 25) await Promise.all(batch.slice(i, i + 25).map((item) => insertItem(item)));
  }
}

/**
 * Copy of a folder holding `descendants` entries (next to "move a folder of 10,000"): the call
 * answers a job at once, the job copies in the background; timed until job_info says done.
 */
export async function measureFolderCopy(call: Call, token: string, source: { id: string }): Promise<{ answer_ms: number; seconds: number; entries: number | null; state: string }> {
  const target = (await call('com_drive/folder_reg_btn', { parent_id: 'root', name: `copy-target-${randomUUID().slice(0, 6)}` }, token)).data.item;
  const item = (await call('com_drive/file_info', { id: source.id }, token)).data.item;
  const start = performance.now();
  const started = (await call('com_drive/copy_btn', { items: [{ id: item.id, type: 'folder', row_version: item.row_version }], folder_id: target.id }, token)).data.job;
  const answerMs = performance.now() - start;
  let job = started;
  while (job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    job = (await call('com_drive/job_info', { job_id: started.job_id }, token)).data.job;
  }
  return { answer_ms: Number(answerMs.toFixed(1)), seconds: Number(((performance.now() - start) / 1000).toFixed(1)), entries: job.total, state: job.state };
}
