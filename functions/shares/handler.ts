import { sharesRoutes } from '#shared/routes/shares.ts';
import { createApiHandler } from '#lib/api-handler.ts';
import { createFileRequest, listContractFileRequests, listFileRequests, revokeRequest } from './file-requests.ts';
import { createShareLink, listContractShareLinks, listShareLinks, revokeLink } from './manage-links.ts';
import { downloadSharedFile, getSharedFileInfo } from './public-link.ts';
import { getRequestInfo, sendRequestFile } from './public-request.ts';

export const handler = createApiHandler(sharesRoutes, {
  'com_drive/share_link_create_btn': createShareLink,
  'com_drive/share_link_list': listShareLinks,
  'com_drive/share_link_revoke_btn': revokeLink,
  'com_drive/share_link_admin_list': listContractShareLinks,
  'share/info': getSharedFileInfo,
  'share/download': downloadSharedFile,
  'com_drive/file_request_create_btn': createFileRequest,
  'com_drive/file_request_list': listFileRequests,
  'com_drive/file_request_revoke_btn': revokeRequest,
  'com_drive/file_request_admin_list': listContractFileRequests,
  'request/info': getRequestInfo,
  'request/upload': sendRequestFile,
});
