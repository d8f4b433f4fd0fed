import { DomainError, InputError } from '#lib/errors.ts';
import { CorpWriteError } from '#data/corps.ts';

/** -3 with the "deleted by another user" text: the corp does not exist in the caller's contract. */
export const corpNotFound = (): DomainError => new DomainError('address', {}, {}, 'notice.recordNotFound');

/** -201: the row version sent is not the stored one. */
export const corpEditedByAnotherUser = (): DomainError => new DomainError('editedByAnotherUser');

/** -203 with the spec's "corporate in use cannot be deleted". */
export const corpInUse = (): DomainError => new DomainError('deleteFailure', {}, {}, 'notice.corpInUse');

/** -4 on `corp_cd`: "The corporate code already exists." */
export const corpCodeDuplicate = (): InputError => new InputError({ corp_cd: 'validation.corpCodeDuplicate' });

/** Turns a refused corp write into the answer of SPEC.md §8; anything else passes through. */
export function corpWriteOutcome(error: unknown): unknown {
  if (!(error instanceof CorpWriteError)) return error;
  switch (error.reason) {
    case 'missing': return corpNotFound();
    case 'stale': return corpEditedByAnotherUser();
    case 'in-use': return corpInUse();
    case 'code-taken': return corpCodeDuplicate();
  }
}
