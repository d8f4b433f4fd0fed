import type { Operation } from '#lib/api-handler.ts';
import { getPolicy } from '#data/password-policy.ts';

/** The conditions in force, for any signed-in user's change-password screen (never the row version). */
export const getPasswordConditions: Operation<'com/password_conditions'> = async ({ caller }) => ({ policy: (await getPolicy(caller.kykId)).policy });
