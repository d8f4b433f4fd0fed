import type { Operation } from '#lib/api-handler.ts';
import { InputError } from '#lib/errors.ts';
import { listIntakeEntries } from '#data/intake-log.ts';

/** `com_drive/intake_log` (administrators): what each mail made or why it was refused, newest first. */
export const listIntakeLog: Operation<'com_drive/intake_log'> = async ({ caller, input }) => {
  const page = await listIntakeEntries(caller.kykId, { addressId: input.address_id, pageSize: input.page_size, cursor: input.cursor });
  if (!page) throw new InputError({ cursor: 'validation.invalidValue' });
  return { entries: page.entries, next_cursor: page.next };
};
