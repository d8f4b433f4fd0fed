import { importsRoutes } from '#shared/routes/imports.ts';
import { createApiHandler } from '#lib/api-handler.ts';
import { corpExport } from './corp-export.ts';
import { corpImport } from './corp-import.ts';
import { corpTemplateDownload } from './corp-template.ts';
import { importHistory } from './import-history.ts';
import { importHistoryListDelete } from './import-history-delete.ts';
import { importHistoryDetail } from './import-history-detail.ts';
import { importHistoryFileDownload } from './import-history-file-download.ts';
import { userExport, userExportAtp } from './user-export.ts';
import { userImport } from './user-import.ts';
import { userTemplateDownload } from './user-template.ts';

/**
 * CSV import and export (SPEC.md §2, §4, §7 "Imports" and the legal calls), administrators only.
 * Files go browser <-> S3 with presigned URLs; an import runs as a job in the import-jobs
 * Lambda (run-import.ts), started by its upload.
 */
export const handler = createApiHandler(importsRoutes, {
  'com/corp_import_template_download': corpTemplateDownload,
  'com/corp_export': corpExport,
  'com/corp_import': corpImport,
  'com/user_import_template_download': userTemplateDownload,
  'com/user_export': userExport,
  'com/user_export_atp': userExportAtp,
  'com/user_import': userImport,
  'com/import_history': importHistory,
  'com/import_history_detail': importHistoryDetail,
  'com/import_history_file_download': importHistoryFileDownload,
  'com/import_history_list_delete': importHistoryListDelete,
});
