import * as groups from '../schemas/groups.ts';
import * as imports from '../schemas/imports.ts';
import { route, type RouteDef } from './define.ts';

export const importsRoutes = {
  'com/corp_import_template_download': route({
    group: 'imports', access: 'admin', summary: 'A presigned download of the legal-entity CSV template',
    request: imports.templateRequest, response: imports.fileDownload,
  }),
  'com/corp_export': route({
    group: 'imports', access: 'admin', summary: 'Export legal entities as CSV (UTF-8 or Shift_JIS) and answer a presigned download',
    request: imports.corpExportRequest, response: imports.fileDownload,
  }),
  'com/corp_import': route({
    idempotent: true,
    group: 'imports', access: 'admin', summary: 'Start a legal-entity import: answers a presigned PUT; the upload starts the job',
    request: imports.importStartRequest, response: imports.importStartResponse,
  }),
  'com/user_import_template_download': route({
    group: 'imports', access: 'admin', summary: 'A presigned download of the user CSV template',
    request: imports.templateRequest, response: imports.fileDownload,
  }),
  'com/user_export': route({
    group: 'imports', access: 'admin', summary: 'Export users as CSV (the columns the import reads back)',
    request: imports.userExportRequest, response: imports.fileDownload,
  }),
  'com/user_export_atp': route({
    group: 'imports', access: 'admin', summary: 'Export users with their property-module (atp) settings as CSV',
    request: imports.userExportRequest, response: imports.fileDownload,
  }),
  'com/user_import': route({
    idempotent: true,
    group: 'imports', access: 'admin', summary: 'Start a user import: answers a presigned PUT; the upload starts the job (invite 1: each created user is mailed a link to set a password)',
    request: imports.userImportStartRequest, response: imports.importStartResponse,
  }),
  'com/import_history': route({
    group: 'imports', access: 'admin', summary: 'Import jobs, newest first',
    request: imports.importHistoryRequest, response: imports.importHistoryResponse,
  }),
  'com/import_history_detail': route({
    group: 'imports', access: 'admin', summary: 'One import job with its per-row results',
    request: imports.importDetailRequest, response: imports.importDetailResponse,
  }),
  'com/import_history_file_download': route({
    group: 'imports', access: 'admin', summary: 'A presigned download of the file an import job read',
    request: imports.importRequest, response: imports.fileDownload,
  }),
  'com/import_history_list_delete': route({
    group: 'imports', access: 'admin', summary: 'Delete finished import jobs with their files and results',
    request: imports.importDeleteRequest, response: groups.emptyResponse,
  }),
} as const satisfies Record<string, RouteDef>;
