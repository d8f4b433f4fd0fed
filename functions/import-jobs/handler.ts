import type { S3Event } from 'aws-lambda';
import { parseImportKey } from '#domain/imports/files.ts';
import { sweepRunningImports } from '#domain/imports/jobs.ts';
import { purgeImport } from '#domain/imports/purge.ts';
import { resumeImport, runImport } from '#domain/imports/run-import.ts';
import { backgroundHandler } from '#lib/background.ts';
import { createdObjectKeys, isObjectCreatedEvent, jobDeadline, type ObjectCreatedEvent, type ScheduleEvent } from '#lib/object-events.ts';

/**
 * CSV import jobs (functions/imports, docs/architecture.md "Imports"): an import's objects
 * (`t/<kyk>/imports/<id>/source.csv`, `resume`, `purge`) start its job, resume one whose worker died,
 * or purge a deleted one; every minute the schedule recovers jobs whose worker died. A function of
 * its own (15 minutes, memory for a 20 MB file parsed at once) that nothing else runs in; in AWS the
 * bucket's EventBridge events run it for the imports' keys only. Idempotent: events come at least once.
 */
export const handler = backgroundHandler<S3Event | ObjectCreatedEvent | ScheduleEvent>('import-jobs', async (event, log, context) => {
  if ('detail-type' in event && !isObjectCreatedEvent(event)) {
    const stale = await sweepRunningImports();
    if (stale) log.info('stale import jobs recovered', { stale });
    return;
  }
  // A long import stops in time to record that.
  const deadline = jobDeadline(context);
  for (const key of createdObjectKeys(event)) {
    const importKey = parseImportKey(key);
    if (!importKey) continue;
    if (importKey.object === 'source') await runImport(importKey.kykId, importKey.requestId, { deadline });
    else if (importKey.object === 'resume') await resumeImport(importKey.kykId, importKey.requestId, { deadline });
    else await purgeImport(importKey.kykId, importKey.requestId);
  }
});
