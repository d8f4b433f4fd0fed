import * as arrivals from '../schemas/arrivals.ts';
import * as attention from '../schemas/attention.ts';
import * as bookkeeping from '../schemas/bookkeeping.ts';
import * as drive from '../schemas/drive.ts';
import * as locations from '../schemas/drive-locations.ts';
import * as mailIntake from '../schemas/mail-intake.ts';
import * as readFields from '../schemas/read-fields.ts';
import * as usage from '../schemas/drive-usage.ts';
import * as tagAdmin from '../schemas/tag-admin.ts';
import * as uploadResume from '../schemas/upload-resume.ts';
import { route, type RouteDef } from './define.ts';

export const driveRoutes = {
  'com_drive/permission_info': route({
    group: 'drive', access: 'drive-view', summary: "A folder's permission settings: its own and those of the folders above",
    request: drive.permissionInfoRequest, response: drive.permissionInfoResponse,
  }),
  'com_drive/permission_save_btn': route({
    group: 'drive', access: 'drive-view', summary: "Save a folder's own permission settings, or return it to those of the folders above",
    request: drive.permissionSaveRequest, response: drive.permissionSaveResponse,
  }),
  'com_drive/drive_info': route({
    group: 'drive', access: 'drive-view', summary: 'One page of a folder: folders first, sorted by name or update date',
    request: drive.driveInfoRequest, response: drive.driveInfoResponse,
  }),
  'com_drive/location_sel': route({
    group: 'drive', access: 'drive-view', summary: "Location selection: one page of a folder's subfolders that the caller reaches, by name (the save-location dialog's tree, one level at a time)",
    request: locations.locationSelectRequest, response: locations.locationSelectResponse,
  }),
  'com_drive/folder_reg_btn': route({
    group: 'drive', access: 'drive-active', summary: 'Create a folder',
    request: drive.folderRegisterRequest, response: drive.itemResponse,
  }),
  'com_drive/file_reg_btn': route({
    group: 'drive', access: 'drive-active', summary: 'Register a file and receive a presigned upload URL',
    request: drive.fileRegisterRequest, response: drive.fileRegisterResponse,
  }),
  'com_drive/file_upload_parts': route({
    group: 'drive', access: 'drive-active', summary: 'Fresh presigned URLs for parts of a multipart upload in progress',
    request: drive.fileUploadPartsRequest, response: drive.fileUploadPartsResponse,
  }),
  'com_drive/file_upload_parts_list': route({
    group: 'drive', access: 'drive-active', summary: "The parts S3 holds of one's own multipart upload in progress (resuming it after a reload); moves its expiry on",
    request: uploadResume.fileUploadPartsListRequest, response: uploadResume.fileUploadPartsListResponse,
  }),
  'com_drive/file_upload_complete': route({
    idempotent: true,
    group: 'drive', access: 'drive-active', summary: 'Complete a multipart upload once every part is stored',
    request: drive.fileUploadCompleteRequest, response: drive.itemResponse,
  }),
  'com_drive/file_upload_cancel': route({
    group: 'drive', access: 'drive-active', summary: "Withdraw one's own upload in progress: the entry (or the new version) and its reservation go at once",
    request: drive.fileUploadCancelRequest, response: drive.fileUploadCancelResponse,
  }),
  'com_drive/file_info': route({
    group: 'drive', access: 'drive-view', summary: 'One file or folder by id (poll after upload until ready)',
    request: usage.fileInfoRequest, response: drive.itemResponse,
  }),
  'com_drive/read_fields': route({
    group: 'drive', access: 'drive-view', summary: "The bookkeeping fields read from a file's current bytes, offered for confirmation (never stored as its fields until saved)",
    request: readFields.readFieldsRequest, response: readFields.readFieldsResponse,
  }),
  'com_drive/download': route({
    group: 'drive', access: 'drive-view', summary: 'A presigned download URL for a ready file',
    request: drive.itemRequest, response: drive.downloadResponse,
  }),
  convert: route({
    group: 'drive', access: 'drive-view', summary: "A preview of a file: its thumbnail, its page rendition or its bytes under a safe type, as a 60-second presigned URL (not a download)",
    request: drive.convertRequest, response: drive.convertResponse,
  }),
  'com_drive/rename_btn': route({
    group: 'drive', access: 'drive-active', summary: 'Rename a file or folder (active level: only what one registered)',
    request: drive.renameRequest, response: drive.itemResponse,
  }),
  'com_drive/delete_btn': route({
    group: 'drive', access: 'drive-active', summary: 'Move files and folders to the trash (active level: only what one registered, folders only when empty)',
    request: drive.deleteRequest, response: drive.bulkResponse,
  }),
  'com_drive/move_btn': route({
    group: 'drive', access: 'drive-active', summary: 'Move files and folders into another folder, each in one write (active level: only what one registered, folders only when empty)',
    request: drive.moveRequest, response: drive.bulkResponse,
  }),
  'com_drive/recycle_list': route({
    group: 'drive', access: 'drive-view', summary: "One page of the trash, newest deletion first: the contract's at level 3, else what the caller deleted",
    request: drive.recycleListRequest, response: drive.recycleListResponse,
  }),
  'com_drive/restore_btn': route({
    group: 'drive', access: 'drive-active', summary: 'Restore trashed entries to where they were, or into one new location',
    request: drive.restoreRequest, response: drive.bulkResponse,
  }),
  'com_drive/force_delete_btn': route({
    group: 'drive', access: 'drive-update', summary: 'Delete trashed entries for good: every byte removed, the usage given back',
    request: drive.forceDeleteRequest, response: drive.bulkResponse,
  }),
  'com_drive/trash_empty_btn': route({
    group: 'drive', access: 'admin', summary: "Empty the contract's trash (finishes in the background when large)",
    request: drive.emptyTrashRequest, response: drive.emptyTrashResponse,
  }),
  'com_drive/favorite_add_btn': route({
    group: 'drive', access: 'drive-view', summary: 'Add a file or folder to your favourites (at most 500)',
    request: drive.favoriteRequest, response: drive.favoriteResponse,
  }),
  'com_drive/favorite_del_btn': route({
    group: 'drive', access: 'drive-view', summary: 'Remove an entry from your favourites',
    request: drive.favoriteRequest, response: drive.favoriteResponse,
  }),
  'com_drive/favorite_list': route({
    group: 'drive', access: 'drive-view', summary: 'Your favourites, newest first, each with its place',
    request: drive.favoriteListRequest, response: drive.favoriteListResponse,
  }),
  'com_drive/recent_list': route({
    group: 'drive', access: 'drive-view', summary: 'The files you opened, downloaded or changed, newest first (at most 100)',
    request: drive.recentListRequest, response: drive.recentListResponse,
  }),
  'com_drive/tag_search': route({
    group: 'drive', access: 'drive-view', summary: "Tags by name prefix: the contract's common tags and the caller's private tags",
    request: drive.tagSearchRequest, response: drive.tagSearchResponse,
  }),
  'com_drive/tag_create_btn': route({
    group: 'drive', access: 'drive-view', summary: 'Create a common tag (administrators) or a private tag (only its owner sees it)',
    request: drive.tagCreateRequest, response: drive.tagResponse,
  }),
  'com_drive/item_tags': route({
    group: 'drive', access: 'drive-view', summary: 'The tags of a file or folder that the caller sees',
    request: drive.itemRequest, response: drive.itemTagsResponse,
  }),
  'com_drive/item_tags_save_btn': route({
    group: 'drive', access: 'drive-view', summary: 'Set the tags of a file or folder (common tags: administrators; at most 20 an entry)',
    request: drive.itemTagsSaveRequest, response: drive.itemTagsResponse,
  }),
  'com_drive/search': route({
    group: 'drive', access: 'drive-view', summary: 'Search files and folders by name (partial), tags, document style, transaction date and amount ranges and partner, in a folder and below or the whole drive; paged, sorted, a bounded read per call',
    request: drive.searchRequest, response: drive.searchResponse,
  }),
  'com_drive/tag_items': route({
    group: 'drive', access: 'drive-view', summary: 'The files and folders carrying a tag (the tag filter), newest tagging first',
    request: drive.taggedItemsRequest, response: drive.taggedItemsResponse,
  }),
  'com_drive/attention_list': route({
    group: 'drive', access: 'drive-view', summary: 'The files that need attention (a failed scanner check, a scan registered late) among those the caller reaches, newest registration first',
    request: attention.attentionListRequest, response: attention.attentionListResponse,
  }),
  'com_drive/data_usage': route({
    group: 'drive', access: 'admin', summary: "The contract's data usage: bytes, files, versions, trash and the quota, from counters kept with each change",
    request: usage.dataUsageRequest, response: usage.dataUsageResponse,
  }),
  'com_drive/access_log': route({
    group: 'drive', access: 'drive-view', summary: "One page of the drive's access log, newest first, filtered by user, action, entry and time (administrators: the contract's; others: their own)",
    request: usage.accessLogRequest, response: usage.accessLogResponse,
  }),
  'com_drive/file_activity': route({
    group: 'drive', access: 'drive-view', summary: "One entry's activity, newest first: versions, corrections, downloads, moves and share links (administrators: everyone's; others: the versions and corrections, and their own)",
    request: usage.fileActivityRequest, response: usage.fileActivityResponse,
  }),
  'com_drive/access_log_export': route({
    group: 'drive', access: 'drive-view', summary: 'The access log as CSV (UTF-8 with a BOM) with the filters of the list, as a presigned download',
    request: usage.accessLogExportRequest, response: usage.accessLogExportResponse,
  }),
  'com_drive/file_duplicate_check': route({
    group: 'drive', access: 'drive-active', summary: 'Which of some names are held by files in a folder, before uploading them (one batch read)',
    request: drive.fileDuplicateCheckRequest, response: drive.fileDuplicateCheckResponse,
  }),
  'com_drive/file_upd_btn': route({
    group: 'drive', access: 'drive-active', summary: "Upload new bytes for one file: they become its newest version, the current one is kept",
    request: drive.fileUpdateRequest, response: drive.fileRegisterResponse,
  }),
  'com_drive/file_history': route({
    group: 'drive', access: 'drive-view', summary: "A file's versions, newest first",
    request: drive.fileHistoryRequest, response: drive.fileHistoryResponse,
  }),
  'com_drive/file_history_download': route({
    group: 'drive', access: 'drive-view', summary: 'A presigned download URL for one version of a file',
    request: drive.fileVersionRequest, response: drive.downloadResponse,
  }),
  'com_drive/file_history_restore_btn': route({
    group: 'drive', access: 'drive-active', summary: 'Restore an earlier version as the newest (its bytes copied to a new version)',
    request: drive.fileVersionRestoreRequest, response: drive.itemResponse,
  }),
  'com_drive/items_tags': route({
    group: 'drive', access: 'drive-view', summary: 'The tags the caller sees on each of up to 100 entries (the Tags column of a listing page)',
    request: drive.itemsTagsRequest, response: drive.itemsTagsResponse,
  }),
  'com_drive/copy_btn': route({
    idempotent: true,
    group: 'drive', access: 'drive-active', summary: 'Copy files and whole folders into a folder: small copies finish in the call, larger ones run as a job (poll com_drive/job_info)',
    request: drive.copyRequest, response: drive.copyResponse,
  }),
  'com_drive/zip_download_btn': route({
    idempotent: true,
    group: 'drive', access: 'drive-view', summary: 'Download files and folders as one ZIP: a job writes it (poll com_drive/job_info for the download URL)',
    request: drive.zipDownloadRequest, response: drive.jobResponse,
  }),
  'com_drive/job_info': route({
    group: 'drive', access: 'drive-view', summary: 'Progress and outcome of a copy or ZIP job you started',
    request: drive.jobInfoRequest, response: drive.jobResponse,
  }),
  // Electronic bookkeeping (docs/e-bookkeeping.md).
  'com_drive/file_detail_upd_btn': route({
    group: 'drive', access: 'drive-active', summary: "Change a file's document details: for a bookkeeping document a new version with a mandatory reason, recorded in its correction history",
    request: bookkeeping.fileDetailUpdateRequest, response: drive.itemResponse,
  }),
  'com_drive/document_history': route({
    group: 'drive', access: 'drive-view', summary: "One document's correction and deletion history, newest first",
    request: bookkeeping.documentHistoryRequest, response: bookkeeping.documentHistoryResponse,
  }),
  'com_drive/correction_history': route({
    group: 'drive', access: 'admin', summary: "The contract's correction and deletion history of bookkeeping documents in a date range, newest first",
    request: bookkeeping.correctionHistoryRequest, response: bookkeeping.correctionHistoryResponse,
  }),
  'com_drive/scanner_late_list': route({
    group: 'drive', access: 'admin', summary: 'Scanner-storage files registered after their input deadline, newest registration first',
    request: bookkeeping.lateScansRequest, response: bookkeeping.lateScansResponse,
  }),
  'com_drive/tax_export_btn': route({
    idempotent: true,
    group: 'drive', access: 'admin', summary: "The tax office's download request: every bookkeeping document with a transaction date in a range, with its versions' SHA-256, as a CSV built by a job (poll com_drive/job_info)",
    request: bookkeeping.taxExportRequest, response: drive.jobResponse,
  }),
  'com/tag_info_list': route({
    group: 'drive', access: 'admin', summary: "The contract's common tags by name, paged by cursor (administrators)",
    request: tagAdmin.tagInfoListRequest, response: tagAdmin.tagInfoListResponse,
  }),
  'com/tag_info_save_btn': route({
    group: 'drive', access: 'admin', summary: 'Create a common tag, or rename one (its links to files and folders stay); names unique in the contract ignoring case',
    request: tagAdmin.tagInfoSaveRequest, response: tagAdmin.tagInfoSaveResponse,
  }),
  'com/tag_info_del_btn': route({
    group: 'drive', access: 'admin', summary: 'Delete a common tag and take it off every file and folder (a background job when many carry it)',
    request: tagAdmin.tagInfoDeleteRequest, response: tagAdmin.tagInfoDeleteResponse,
  }),
  'com_drive/arrival_accept_btn': route({
    group: 'drive', access: 'drive-update', summary: "Accept received files (a file-request link's or an intake address's): the source's document style is applied, with its retention and lock; recorded with the person",
    request: arrivals.arrivalAcceptRequest, response: arrivals.arrivalAcceptResponse,
  }),
  'com_drive/arrival_reject_btn': route({
    group: 'drive', access: 'drive-update', summary: 'Reject received files: deleted for good (they were never accepted), recorded with the person',
    request: arrivals.arrivalRejectRequest, response: arrivals.arrivalRejectResponse,
  }),
  'com_drive/mail_address_list': route({
    group: 'drive', access: 'admin', summary: "The contract's intake mail addresses (of one folder when given), with this environment's receiving domain",
    request: mailIntake.mailAddressListRequest, response: mailIntake.mailAddressListResponse,
  }),
  'com_drive/mail_address_save_btn': route({
    group: 'drive', access: 'admin', summary: "Make an intake address for a folder, or change one's folder, style, allowed senders and whether mail is kept (optimistic lock; audited)",
    request: mailIntake.mailAddressSaveRequest, response: mailIntake.mailAddressSaveResponse,
  }),
  'com_drive/mail_address_rotate_btn': route({
    group: 'drive', access: 'admin', summary: "Give an intake address a new secret part: mail to the old one is refused from then on (audited)",
    request: mailIntake.mailAddressRotateRequest, response: mailIntake.mailAddressRotateResponse,
  }),
  'com_drive/mail_address_delete_btn': route({
    group: 'drive', access: 'admin', summary: 'Delete an intake address: mail to it is refused from then on (audited)',
    request: mailIntake.mailAddressDeleteRequest, response: mailIntake.mailAddressDeleteResponse,
  }),
  'com_drive/intake_log': route({
    group: 'drive', access: 'admin', summary: 'The intake log: each mail received, from whom, the files it made, or why it was refused; newest first',
    request: mailIntake.intakeLogRequest, response: mailIntake.intakeLogResponse,
  }),
} as const satisfies Record<string, RouteDef>;
