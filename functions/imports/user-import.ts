import type { Operation } from '#lib/api-handler.ts';
import { startImport } from './start-import.ts';

/** Starts a user import: the job record, then a presigned PUT; the upload starts the job. */
export const userImport: Operation<'com/user_import'> = (context) => startImport(context, 'user');
