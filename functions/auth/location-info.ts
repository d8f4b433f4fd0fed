import type { Operation } from '#lib/api-handler.ts';
import { CONTRACT_ID_PATTERN, getContract } from '#data/contracts.ts';

/**
 * get_kyoten_info ("get domain by kyk_id"): the site that serves a contract, null for this one
 * (also for unknown contracts, so the answer does not tell which contract IDs exist here).
 */
export const getLocationInfo: Operation<'com/get_kyoten_info'> = async ({ input }) => {
  const contract = CONTRACT_ID_PATTERN.test(input.kyk_id) ? await getContract(input.kyk_id) : undefined;
  return { redirect_url: contract?.home_url ?? null };
};
