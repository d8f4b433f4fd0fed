import { getSso, type StoredSso } from '#data/saml.ts';
import { acsUrl } from '#lib/saml/acs-url.ts';

/** The contract's SSO settings when SSO is on and complete enough to sign anyone in. */
export async function usableSso(kykId: string): Promise<StoredSso | undefined> {
  const stored = await getSso(kykId, true);
  const { settings } = stored;
  const complete = settings.enabled === 1 && settings.idp_entity_id && settings.idp_login_url && settings.idp_cert &&
    settings.sp_entity_id && acsUrl(settings) && settings.attr_user_id && settings.user_group_list.length > 0;
  return complete ? stored : undefined;
}
