import type { DriveJobRecord } from '#data/drive-jobs.ts';
import { copyWork } from './copy-job.ts';
import { folderRecordWork } from './folder-record-job.ts';
import type { JobWork } from './jobs.ts';
import { retentionExtendWork } from './retention-extend-job.ts';
import { tagDetachWork } from './tag-detach-job.ts';
import { taxExportWork } from './tax-export-job.ts';
import { zipWork } from './zip-job.ts';

/** Every kind of drive job and its worker: what the drive-jobs Lambda runs (a new kind fails the type check until it is here). */
export const driveJobWorks: Record<DriveJobRecord['kind'], JobWork> = {
  copy: copyWork,
  zip: zipWork,
  tax_export: taxExportWork,
  retention_extend: retentionExtendWork,
  tag_detach: tagDetachWork,
  folder_record: folderRecordWork,
};
