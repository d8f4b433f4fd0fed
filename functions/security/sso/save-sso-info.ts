import { getGroups } from '#data/groups.ts';
import { auditActor, type Operation } from '#lib/api-handler.ts';
import { DomainError } from '#lib/errors.ts';
import { describeCertificate, normalisePem } from '#lib/saml/certificate.ts';
import { getSso, saveSso } from '#data/saml.ts';
import { certificateFingerprint, toSsoInfo } from './common.ts';

/**
 * Saves the IdP/SP settings, flags, enablement and SSO user groups (SPEC.md §5 "SSO"; the schema
 * checks the required fields). Here what the schema cannot see: the IdP certificate must parse,
 * the SP key pair must exist when requests are signed or assertions encrypted, and every group must
 * be an account-area (ata) group of this contract. Conditional on row_version (-201), audited as
 * `security.sso_settings`.
 */
export const saveSsoInfo: Operation<'com/sso_info_save_btn'> = async (context) => {
  const { caller, input } = context;
  const { row_version: expected, ...settings } = input;
  const kykId = caller.kykId;
  const before = await getSso(kykId, true);
  if (before.row_version !== expected) throw new DomainError('editedByAnotherUser');

  const idpCert = settings.idp_cert ? normalisePem(settings.idp_cert).trim() : '';
  if (idpCert && !describeCertificate(idpCert)) throw new DomainError('input', {}, { idp_cert: 'validation.ssoCertificateInvalid' });
  if ((settings.request_signed === 1 || settings.assertion_encrypted === 1) && !before.sp_certificate) {
    throw new DomainError('input', {}, { sp_certificate: 'validation.ssoSpKeyRequired' });
  }
  const groupIds = [...new Set(settings.user_group_list)];
  const groups = await getGroups(kykId, groupIds);
  if (groupIds.some((id) => groups.get(id)?.product !== 'ata')) throw new DomainError('input', {}, { user_group_list: 'validation.unknownGroup' });

  const saved = await saveSso(
    auditActor(context),
    { ...before, settings: { ...before.settings, ...settings, idp_cert: idpCert, user_group_list: groupIds } },
    expected,
    { action: 'security.sso_settings', fingerprint: certificateFingerprint },
  );
  return toSsoInfo(kykId, saved);
};
