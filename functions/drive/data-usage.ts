import { DomainError } from '#lib/errors.ts';
import type { Operation } from '#lib/api-handler.ts';
import { readDataUsage } from '#data/contracts.ts';

/**
 * The contract's data usage (administrators: SPEC.md §2 lists the screen with the administration
 * screens, and it shows the whole contract). One consistent read of the contract item: every
 * figure is a counter kept in the transaction that changes it (docs/drive.md "Data usage").
 */
export const getDataUsage: Operation<'com_drive/data_usage'> = async ({ caller }) => {
  const usage = await readDataUsage(caller.kykId);
  if (!usage) throw new DomainError('address', {}, {}, 'notice.recordNotFound');
  return usage;
};
