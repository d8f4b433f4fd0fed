import type { Operation } from '#lib/api-handler.ts';
import { recoverIfStale } from '#domain/imports/jobs.ts';
import { listJobs, toHistoryRow } from '#data/import-jobs.ts';

/** Import jobs of the contract by start time (newest first with sort_flg 2), optionally of one kind. */
export const importHistory: Operation<'com/import_history'> = async ({ caller, input }) => {
  const { total, jobs } = await listJobs(caller.kykId, {
    kind: input.kind,
    ascending: input.sort_flg === 1,
    pageSize: input.page_size,
    page: input.current_page,
  });
  const settled = await Promise.all(jobs.map((job) => recoverIfStale(job)));
  return {
    sort_item: input.sort_item,
    sort_flg: input.sort_flg,
    page_size: input.page_size,
    current_page: input.current_page,
    total_size: total,
    return_list: settled.map(toHistoryRow),
  };
};
