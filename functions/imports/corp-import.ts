import type { Operation } from '#lib/api-handler.ts';
import { startImport } from './start-import.ts';

/** Starts a legal-entity import: the job record, then a presigned PUT; the upload starts the job. */
export const corpImport: Operation<'com/corp_import'> = (context) => startImport(context, 'corp');
