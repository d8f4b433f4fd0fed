import { getGroups } from '#data/groups.ts';
import { describeCertificate } from '#lib/saml/certificate.ts';
import type { StoredSso } from '#data/saml.ts';
import { acsUrl } from '#lib/saml/acs-url.ts';
import type { SsoInfoResponse } from '#shared/schemas/sso.ts';

/** The SSO screen's data: the stored settings, the names of the SSO groups and the SP facts. */
export async function toSsoInfo(kykId: string, stored: StoredSso): Promise<SsoInfoResponse> {
  const groups = await getGroups(kykId, stored.settings.user_group_list);
  const idp = stored.settings.idp_cert ? describeCertificate(stored.settings.idp_cert) : undefined;
  return {
    settings: stored.settings,
    user_groups: stored.settings.user_group_list.flatMap((id) => {
      const group = groups.get(id);
      return group ? [{ user_group_id: id, user_group_nm: group.user_group_nm }] : [];
    }),
    sp: {
      entity_id: stored.settings.sp_entity_id,
      acs_url: acsUrl(stored.settings),
      certificate: stored.sp_certificate,
      certificate_not_after: stored.sp_certificate_not_after,
    },
    idp_certificate: idp ? { subject: idp.subject, not_after: idp.notAfter } : null,
    row_version: stored.row_version,
  };
}

/** Audit records name certificates by fingerprint (they are public, but long). */
export const certificateFingerprint = (pem: string): string => describeCertificate(pem)?.fingerprint256 ?? 'unreadable';
