import { auditActor, type Operation } from '#lib/api-handler.ts';
import { DomainError } from '#lib/errors.ts';
import { createSelfSignedKeyPair } from '#lib/saml/certificate.ts';
import { getSso, saveSso } from '#data/saml.ts';
import { putSpPrivateKey } from '#lib/saml/key-store.ts';
import { certificateFingerprint, toSsoInfo } from './common.ts';

/**
 * Generates a fresh SP key pair with a self-signed certificate (RSA 2048, 10 years). The private
 * key goes to the secret store (SSM SecureString / local file), the certificate to the settings
 * item, conditional on row_version; the audit record names the new certificate's fingerprint only.
 * The IdP must be given the new metadata afterwards: requests signed and assertions encrypted
 * with the old key stop working.
 */
export const generateSpKey: Operation<'com/sso_info_spkey_btn'> = async (context) => {
  const kykId = context.caller.kykId;
  const expected = context.input.row_version;
  const before = await getSso(kykId, true);
  if (before.row_version !== expected) throw new DomainError('editedByAnotherUser');
  const commonName = before.settings.sp_entity_id ? before.settings.sp_entity_id.replace(/^https?:\/\//, '').slice(0, 64) : `com-drive ${kykId}`;
  const pair = createSelfSignedKeyPair(commonName);
  // The key first, so the settings never name a certificate whose key is not stored. If the save
  // below then loses a race (-201), the stored key no longer matches the stored certificate: the
  // administrator reloads and generates again (signing and decryption fail until then, visibly).
  await putSpPrivateKey(kykId, pair.privateKeyPem);
  const saved = await saveSso(
    auditActor(context),
    { ...before, sp_certificate: pair.certificatePem, sp_certificate_not_after: pair.notAfter },
    expected,
    { action: 'security.sso_sp_key', fingerprint: certificateFingerprint },
  );
  context.log.info('SAML SP key pair generated', { fingerprint: certificateFingerprint(pair.certificatePem) });
  return toSsoInfo(kykId, saved);
};
