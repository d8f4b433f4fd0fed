import type { Operation } from '#lib/api-handler.ts';
import { getCorp, toCorp } from '#data/corps.ts';
import { corpNotFound } from './outcomes.ts';

export const getCorpInfo: Operation<'com/corp_info'> = async ({ caller, input }) => {
  const record = await getCorp(caller.kykId, input.corp_id);
  if (!record) throw corpNotFound();
  return { corp: toCorp(record) };
};
