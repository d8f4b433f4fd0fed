import type { Operation } from '#lib/api-handler.ts';
import { getPolicy } from '#data/password-policy.ts';

/** The contract's password policy for the security-policy screen (administrators; defaults until first saved). */
export const getSecurityInfo: Operation<'com/security_info'> = async ({ caller }) => getPolicy(caller.kykId, true);
