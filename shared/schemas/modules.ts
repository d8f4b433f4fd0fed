import * as z from 'zod/mini';
import { productModules, type ProductModule } from '../constants.ts';

/**
 * Signing in to a sibling module without a password (SPEC.md §1, §7 get_dx_auth_key and
 * link_to_atp; docs/home.md "Sibling modules"): a short-lived key signed for one module only.
 */

/** The modules a key can be asked for: every module of SPEC.md §1 but this product. */
export const siblingModules = productModules.filter((module) => module !== 'drive') as Exclude<ProductModule, 'drive'>[];
export type SiblingModule = Exclude<ProductModule, 'drive'>;

/** Seconds a key is valid: long enough for the browser to follow the link, too short to be worth stealing. */
export const DX_KEY_SECONDS = 60;

export const dxAuthKeyRequest = z.strictObject({
  module: z.enum(siblingModules as [SiblingModule, ...SiblingModule[]], 'validation.invalidValue'),
});
export type DxAuthKeyRequest = z.input<typeof dxAuthKeyRequest>;
export const dxAuthKeyResponse = z.object({
  module: z.enum(siblingModules as [SiblingModule, ...SiblingModule[]]),
  dx_auth_key: z.string(),
  expires_at: z.string(),
});
export type DxAuthKeyResponse = z.infer<typeof dxAuthKeyResponse>;

export const linkToAtpRequest = z.strictObject({});
/** The property module's sign-in address with a fresh key in its fragment (never sent to a server log). */
export const linkToAtpResponse = z.object({ url: z.string(), expires_at: z.string() });
export type LinkToAtpResponse = z.infer<typeof linkToAtpResponse>;
