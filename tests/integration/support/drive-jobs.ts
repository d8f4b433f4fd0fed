import { expect } from 'vitest';
import type { DriveItem, DriveJob } from '#shared/schemas/drive.ts';
import { call } from './api.ts';

/** Polls `com_drive/job_info` as the SPA does until the job has ended. */
export async function waitForDriveJob(token: string, jobId: string, timeoutMs = 60_000): Promise<DriveJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await call('com_drive/job_info', { job_id: jobId }, token);
    expect(result.body.code, JSON.stringify(result.body)).toBe(0);
    const job = result.body.data!.job;
    if (job.state !== 'running') return job;
    if (Date.now() > until) throw new Error(`job ${jobId} still running: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export interface TreeNode {
  name: string;
  type: DriveItem['type'];
  children?: TreeNode[];
  size?: number | null;
}

/** A folder's whole subtree as names, types and sizes (folders first, by name), read through the API. */
export async function treeOf(token: string, folderId: string): Promise<TreeNode[]> {
  const page = await call('com_drive/drive_info', { folder_id: folderId, page_size: 1000 }, token);
  expect(page.body.code, JSON.stringify(page.body)).toBe(0);
  return Promise.all(page.body.data!.items.map(async (item): Promise<TreeNode> => item.type === 'folder'
    ? { name: item.name, type: 'folder', children: await treeOf(token, item.id) }
    : { name: item.name, type: 'file', size: item.size }));
}

/** The bytes of a file as the browser downloads them. */
export async function downloadBytes(token: string, id: string): Promise<Uint8Array> {
  const link = await call('com_drive/download', { id }, token);
  expect(link.body.code, JSON.stringify(link.body)).toBe(0);
  const response = await fetch(link.body.data!.url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}
