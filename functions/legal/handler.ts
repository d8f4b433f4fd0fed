import { legalRoutes } from '#shared/routes/legal.ts';
import { createApiHandler } from '#lib/api-handler.ts';
import { deleteCorpInfo } from './delete-corp.ts';
import { getCorpInfo } from './get-corp.ts';
import { listCorpInfo } from './list-corps.ts';
import { registerCorp } from './register-corp.ts';
import { saveLimited } from './save-limited.ts';
import { selectCorps } from './select-corps.ts';
import { updateCorpInfo } from './update-corp.ts';

/** Legal entities (SPEC.md §2, §3, §7): administrators only, except the selection dialog. */
export const handler = createApiHandler(legalRoutes, {
  'com/corp_info_list': listCorpInfo,
  'com/corp_info': getCorpInfo,
  'com/corp_info_reg_btn': registerCorp,
  'com/corp_info_upd_btn': updateCorpInfo,
  'com/corp_info_del_btn': deleteCorpInfo,
  'com/corp_sel': selectCorps,
  'com/corp_info_limited_save_btn': saveLimited,
});
