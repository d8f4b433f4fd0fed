import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { API_PREFIX, bearer, readBearer, TOKEN_HEADER, type Envelope } from '#shared/envelope.ts';
import type { RouteRequest, RoutePath, RouteResponse } from '#shared/routes.ts';
import { demoPassword } from '../playwright.config.ts';

/**
 * The contract a walk runs in: the seeded `demo` for the first worker, a contract of its own for
 * each further one (made by the worker fixture in fixtures.ts), so walks running side by side never
 * end each other's administrator session or change each other's policies.
 */
export const DEMO_KYK_ID = workerContractId(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export function workerContractId(parallelIndex: number): string {
  return parallelIndex === 0 ? 'demo' : `demo-w${parallelIndex + 1}`;
}
const DEMO_ADMIN = 'admin';

/**
 * The demo administrator through the API (as the SPA calls it), to arrange what a walk needs: users,
 * groups with a second step. Signs in with force_flg 1 (a browser session of the admin ends) and
 * keeps the refreshed token.
 */
export class AdminApi {
  private token?: string;

  constructor(private readonly request: APIRequestContext) {}

  async call<P extends RoutePath>(path: P, body: RouteRequest<P>): Promise<Envelope<RouteResponse<P>>> {
    const response = await this.request.post(`${API_PREFIX}/${path}`, {
      data: body ?? {},
      headers: { 'accept-language': 'en', ...(this.token ? { [TOKEN_HEADER]: bearer(this.token) } : {}) },
    });
    const refreshed = readBearer(response.headers()[TOKEN_HEADER]);
    if (refreshed) this.token = refreshed;
    return (await response.json()) as Envelope<RouteResponse<P>>;
  }

  /** Calls and expects an INFO answer; returns its data. */
  async ok<P extends RoutePath>(path: P, body: RouteRequest<P>): Promise<RouteResponse<P>> {
    const envelope = await this.call(path, body);
    expect(envelope.msg_level, `${path}: ${envelope.code} ${envelope.message}`).toBe('INFO');
    return envelope.data as RouteResponse<P>;
  }

  /**
   * The API in the session a browser signed in with (the SPA's token cookie, web/src/lib/session.ts):
   * a change "by someone else" while a page is open, without the forced sign-in that would end the
   * browser's session.
   */
  static async ofBrowser(request: APIRequestContext, context: BrowserContext): Promise<AdminApi> {
    const cookie = (await context.cookies()).find((entry) => entry.name === 'atk');
    expect(cookie, 'the browser is signed in').toBeDefined();
    const api = new AdminApi(request);
    api.token = decodeURIComponent(cookie!.value);
    return api;
  }

  async signIn(): Promise<void> {
    await this.ok('login/login_btn', { kyk_id: DEMO_KYK_ID, user_id: DEMO_ADMIN, password: demoPassword, force_flg: 1 });
  }

  async signOut(): Promise<void> {
    if (this.token) await this.call('login/logout_btn', {});
    this.token = undefined;
  }

  /**
   * A user in the ata group `groupId`, or outside any group with the individual drive level `drive`
   * (else no drive rights); without a password the server makes a temporary one.
   */
  async createUser(userId: string, options: { password?: string; ataGroup?: string; drive?: 1 | 2 | 3; language?: 'en' | 'ja' } = {}) {
    return this.ok('com/user_info_reg_btn', {
      user_id: userId,
      user_nm: `E2E ${userId}`,
      email: `${userId}@example.com`,
      language: options.language ?? 'en',
      ...(options.ataGroup ? { groups: { ata: options.ataGroup } } : {}),
      // Individual rights are a detailed-mode field (simple mode registers the defaults).
      ...(options.drive ? { regist_mode: 1 as const, indiv_permission_flg: 1 as const, indiv_com_drive_permission: options.drive } : {}),
      ...(options.password ? { password: options.password } : {}),
    });
  }

  /** An account-area (ata) group whose members need the second step (1 mail, 2 authenticator). */
  async createTwoStepGroup(name: string, twoStep: 1 | 2, mfaValidDays = 30) {
    const { group } = await this.ok('com/user_group_reg_btn', {
      product: 'ata',
      user_group_nm: name,
      com_drive_permission: 3,
      two_step: twoStep,
      mfa_valid_days: mfaValidDays,
    });
    return group;
  }
}
