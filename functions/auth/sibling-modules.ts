import type { Caller, Operation } from '#lib/api-handler.ts';
import { config } from '#lib/config.ts';
import { signDxKey } from '#lib/dx-keys.ts';
import { DomainError } from '#lib/errors.ts';
import { contractAllows, getContract } from '#data/contracts.ts';
import type { User } from '#data/users.ts';
import type { SiblingModule } from '#shared/schemas/modules.ts';

/** The user's lapse flag of a module (SPEC.md §3: atp, atk, atc), where the user record has one. */
const lapsed = (user: User, module: SiblingModule): boolean =>
  (module === 'property' && user.atp_lapse_flg === 1)
  || (module === 'knowledge' && user.atk_lapse_flg === 1)
  || (module === 'commerce' && user.atc_lapse_flg === 1);

/**
 * A key for a module the contract has (its login options) and the user is not lapsed in; else
 * SPEC.md §8 "no system options" (-990000390001).
 */
async function keyFor(caller: Caller, module: SiblingModule) {
  const contract = await getContract(caller.kykId);
  if (!contractAllows(contract, module) || lapsed(caller.user, module)) throw new DomainError('moduleNotInContract');
  const { key, claims } = await signDxKey({ kykId: caller.kykId, userId: caller.userId, language: caller.user.language }, module);
  return { key, expiresAt: new Date(claims.exp * 1000).toISOString() };
}

/** get_dx_auth_key (docs/home.md "Sibling modules"). */
export const getDxAuthKey: Operation<'com/get_dx_auth_key'> = async ({ caller, input, log }) => {
  const { key, expiresAt } = await keyFor(caller, input.module);
  log.info('dx auth key issued', { module: input.module });
  return { module: input.module, dx_auth_key: key, expires_at: expiresAt };
};

/**
 * link_to_atp: the property module's sign-in address with a fresh key and the contract in the
 * fragment (a fragment never reaches a server's log nor a Referer header).
 */
export const linkToAtp: Operation<'com/link_to_atp'> = async ({ caller, log }) => {
  const base = config.moduleUrl('property');
  const { key, expiresAt } = await keyFor(caller, 'property');
  if (!base) throw new DomainError('moduleLinkNotConfigured');
  log.info('dx auth key issued', { module: 'property', via: 'link_to_atp' });
  const fragment = new URLSearchParams({ kyk_id: caller.kykId, dx_auth_key: key }).toString();
  return { url: `${base.replace(/#.*$/, '')}#${fragment}`, expires_at: expiresAt };
};
