import { sharesRoutes } from '#shared/routes/shares.ts';
import { createApiHandler } from '#lib/api-handler.ts';
import { createShareLink, listContractShareLinks, listShareLinks, revokeLink } from './manage-links.ts';
import { downloadSharedFile, getSharedFileInfo } from './public-link.ts';

export const handler = createApiHandler(sharesRoutes, {
  'com_drive/share_link_create_btn': createShareLink,
  'com_drive/share_link_list': listShareLinks,
  'com_drive/share_link_revoke_btn': revokeLink,
  'com_drive/share_link_admin_list': listContractShareLinks,
  'share/info': getSharedFileInfo,
  'share/download': downloadSharedFile,
});
