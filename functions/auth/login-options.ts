import type { Operation } from '#lib/api-handler.ts';
import { contractAllows, getContract } from '#data/contracts.ts';
import { CURRENT_MODULE, productModules } from '#shared/constants.ts';
import type { LoginOptions } from '#shared/schemas/auth.ts';

/**
 * get_login_options: the modules of the caller's contract (the SPA's opt_* values). When this
 * product is not among them the SPA signs out with -990000010011's message (SPEC.md §1).
 */
export const getLoginOptions: Operation<'com/get_login_options'> = async ({ caller }) => {
  const contract = await getContract(caller.kykId);
  const options = Object.fromEntries(productModules.map((module) => [module, contractAllows(contract, module) ? 1 : 0])) as LoginOptions['options'];
  return { options, allowed: contractAllows(contract, CURRENT_MODULE) };
};
