import type { Operation } from '#lib/api-handler.ts';
import { getSso } from '#data/saml.ts';
import { toSsoInfo } from './common.ts';

/** The contract's SAML settings for the security-policy screen (administrators). */
export const getSsoInfo: Operation<'com/sso_info'> = async ({ caller }) => toSsoInfo(caller.kykId, await getSso(caller.kykId, true));
