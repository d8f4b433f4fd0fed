import { auditActor, type Operation } from '#lib/api-handler.ts';
import { DomainError } from '#lib/errors.ts';
import { getSso, saveSso } from '#data/saml.ts';
import { certificateFingerprint, toSsoInfo } from './common.ts';

/** Saves which SAML attributes carry the user ID and the e-mail (both required, SPEC.md §5); -201 on a lost race. */
export const saveSsoAttributes: Operation<'com/sso_attrib_save_btn'> = async (context) => {
  const { row_version: expected, attr_user_id, attr_mail } = context.input;
  const kykId = context.caller.kykId;
  const before = await getSso(kykId, true);
  if (before.row_version !== expected) throw new DomainError('editedByAnotherUser');
  const saved = await saveSso(
    auditActor(context),
    { ...before, settings: { ...before.settings, attr_user_id, attr_mail } },
    expected,
    { action: 'security.sso_attributes', fingerprint: certificateFingerprint },
  );
  return toSsoInfo(kykId, saved);
};
