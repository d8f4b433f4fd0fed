import type { SsoSettings } from '#shared/schemas/sso.ts';

/** `<origin of the SP login URL>/api/sso/acs`; null until the SP login URL is a URL. */
export function acsUrl(settings: Pick<SsoSettings, 'sp_login_url'>): string | null {
  try {
    return `${new URL(settings.sp_login_url).origin}/api/sso/acs`;
  } catch {
    return null;
  }
}
