import type { Operation } from '#lib/api-handler.ts';
import { loadJob } from '#domain/imports/jobs.ts';
import { toHistoryRow } from '#data/import-jobs.ts';
import { pageResults } from '#data/import-rows.ts';

/**
 * One job with a numbered page of its row results in file order (`only_problems`: warnings and
 * errors only; `only_no_password`: the users it created without a password). Readable while the
 * job runs: the rows stored so far.
 */
export const importHistoryDetail: Operation<'com/import_history_detail'> = async ({ caller, input }) => {
  const job = await loadJob(caller.kykId, input.request_id);
  const onlyNoPassword = input.only_no_password === 1;
  const onlyProblems = !onlyNoPassword && input.only_problems === 1;
  const total = onlyNoPassword ? job.no_password_count ?? 0 : onlyProblems ? job.problem_count : job.result_count;
  const rows = await pageResults(caller.kykId, job.request_id, {
    onlyProblems,
    onlyNoPassword,
    ascending: input.sort_flg === 1,
    pageSize: input.page_size,
    page: input.current_page,
    total,
  });
  return {
    history: toHistoryRow(job),
    sort_item: input.sort_item,
    sort_flg: input.sort_flg,
    page_size: input.page_size,
    current_page: input.current_page,
    total_size: total,
    return_list: rows.map((row) => ({ row_no: row.row_no, result: row.result, key: row.row_key, action: row.action, messages: row.messages, ...(row.password ? { password: row.password } : {}) })),
  };
};
