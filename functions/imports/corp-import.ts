import type { Operation } from '#lib/api-handler.ts';
import { idempotent } from '#lib/idempotency.ts';
import { startImport } from './start-import.ts';

/** Starts a legal-entity import: the job record, then a presigned PUT; the upload starts the job. Once per Idempotency-Key. */
export const corpImport: Operation<'com/corp_import'> = (context) => idempotent(context, () => startImport(context, 'corp'));
