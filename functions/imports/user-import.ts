import type { Operation } from '#lib/api-handler.ts';
import { idempotent } from '#lib/idempotency.ts';
import { startImport } from './start-import.ts';

/** Starts a user import: the job record, then a presigned PUT; the upload starts the job. Once per Idempotency-Key. */
export const userImport: Operation<'com/user_import'> = (context) => idempotent(context, () => startImport(context, 'user'));
