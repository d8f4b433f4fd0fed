import { driveRoutes } from '#shared/routes/drive.ts';
import { createApiHandler } from '#lib/api-handler.ts';
import { exportAccessLog, listAccessLog } from './access-log.ts';
import { completeUpload } from './complete-upload.ts';
import { createFolder } from './create-folder.ts';
import { getDataUsage } from './data-usage.ts';
import { deleteDriveItemsForever } from './delete-forever.ts';
import { downloadFile } from './download-file.ts';
import { emptyDriveTrash } from './empty-trash.ts';
import { addFavoriteItem, listFavoriteItems, removeFavoriteItem } from './favorites.ts';
import { getItemInfo } from './get-item.ts';
import { getReadFieldsOf } from './read-fields.ts';
import { listAttentionFiles } from './attention-list.ts';
import { listItemsTags } from './items-tags.ts';
import { listFolder } from './list-folder.ts';
import { listLocations } from './list-locations.ts';
import { listRecentFiles } from './list-recent.ts';
import { moveDriveItems } from './move-items.ts';
import { listTrashPage } from './list-trash.ts';
import { registerFile } from './register-file.ts';
import { renameDriveItem } from './rename-item.ts';
import { restoreDriveItems } from './restore-items.ts';
import { createTag, getItemTags, listTaggedEntries, saveItemTags, searchTags } from './tags.ts';
import { trashDriveItems } from './trash-items.ts';
import { uploadParts } from './upload-parts.ts';
import { uploadPartsList } from './upload-parts-list.ts';
import { checkDuplicates } from './check-duplicates.ts';
import { updateFile } from './update-file.ts';
import { downloadFileVersion, listFileHistory, restoreFileVersion } from './file-history.ts';
import { listFileActivity } from './file-activity.ts';
import { copyDriveItems } from './copy-items.ts';
import { startZipDownload } from './zip-download.ts';
import { getDriveJobInfo } from './job-info.ts';
import { getFolderPermissions, saveFolderPermissions } from './folder-permissions.ts';
import { cancelUpload } from './cancel-upload.ts';
import { searchItems } from './search.ts';
import { convertFile } from './convert.ts';
import { correctFileDetails } from './correct-details.ts';
import { getDocumentHistory, listCorrectionHistory, listLateScanFiles } from './bookkeeping-history.ts';
import { startTaxExport } from './tax-export.ts';
import { deleteCommonTagOperation, listCommonTags, saveCommonTag } from './tag-admin.ts';
import { acceptArrivals, rejectArrivals } from './arrival-decisions.ts';
import { deleteMailAddressOperation, listMailAddressesOperation, rotateMailAddressOperation, saveMailAddress } from './mail-addresses.ts';
import { listIntakeLog } from './intake-log.ts';

export const handler = createApiHandler(driveRoutes, {
  'com_drive/drive_info': listFolder,
  'com_drive/location_sel': listLocations,
  'com_drive/folder_reg_btn': createFolder,
  'com_drive/file_reg_btn': registerFile,
  'com_drive/file_upload_parts': uploadParts,
  'com_drive/file_upload_parts_list': uploadPartsList,
  'com_drive/file_upload_complete': completeUpload,
  'com_drive/file_info': getItemInfo,
  'com_drive/read_fields': getReadFieldsOf,
  'com_drive/download': downloadFile,
  convert: convertFile,
  'com_drive/rename_btn': renameDriveItem,
  'com_drive/delete_btn': trashDriveItems,
  'com_drive/move_btn': moveDriveItems,
  'com_drive/recycle_list': listTrashPage,
  'com_drive/restore_btn': restoreDriveItems,
  'com_drive/force_delete_btn': deleteDriveItemsForever,
  'com_drive/trash_empty_btn': emptyDriveTrash,
  'com_drive/favorite_add_btn': addFavoriteItem,
  'com_drive/favorite_del_btn': removeFavoriteItem,
  'com_drive/favorite_list': listFavoriteItems,
  'com_drive/recent_list': listRecentFiles,
  'com_drive/tag_search': searchTags,
  'com_drive/tag_create_btn': createTag,
  'com_drive/item_tags': getItemTags,
  'com_drive/item_tags_save_btn': saveItemTags,
  'com_drive/tag_items': listTaggedEntries,
  'com_drive/attention_list': listAttentionFiles,
  'com_drive/data_usage': getDataUsage,
  'com_drive/access_log': listAccessLog,
  'com_drive/access_log_export': exportAccessLog,
  'com_drive/file_duplicate_check': checkDuplicates,
  'com_drive/file_upd_btn': updateFile,
  'com_drive/file_history': listFileHistory,
  'com_drive/file_activity': listFileActivity,
  'com_drive/file_history_download': downloadFileVersion,
  'com_drive/file_history_restore_btn': restoreFileVersion,
  'com_drive/items_tags': listItemsTags,
  'com_drive/copy_btn': copyDriveItems,
  'com_drive/zip_download_btn': startZipDownload,
  'com_drive/job_info': getDriveJobInfo,
  'com_drive/permission_info': getFolderPermissions,
  'com_drive/permission_save_btn': saveFolderPermissions,
  'com_drive/file_upload_cancel': cancelUpload,
  'com_drive/search': searchItems,
  'com_drive/file_detail_upd_btn': correctFileDetails,
  'com_drive/document_history': getDocumentHistory,
  'com_drive/correction_history': listCorrectionHistory,
  'com_drive/scanner_late_list': listLateScanFiles,
  'com_drive/tax_export_btn': startTaxExport,
  'com/tag_info_list': listCommonTags,
  'com/tag_info_save_btn': saveCommonTag,
  'com/tag_info_del_btn': deleteCommonTagOperation,
  'com_drive/arrival_accept_btn': acceptArrivals,
  'com_drive/arrival_reject_btn': rejectArrivals,
  'com_drive/mail_address_list': listMailAddressesOperation,
  'com_drive/mail_address_save_btn': saveMailAddress,
  'com_drive/mail_address_rotate_btn': rotateMailAddressOperation,
  'com_drive/mail_address_delete_btn': deleteMailAddressOperation,
  'com_drive/intake_log': listIntakeLog,
});
