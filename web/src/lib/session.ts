import type { LoginUser } from '@shared/schemas/auth.ts';
import { deleteCookie, readCookie, writeCookie } from './cookies.ts';
import { createStore, useStore } from './store.ts';

/** The token cookie of SPEC.md §3. "Authenticated" is true at start when it exists (§4). */
export const TOKEN_COOKIE = 'atk';
const USER_INFO_KEY = 'user_info';

const tokenStore = createStore<string | undefined>(readCookie(TOKEN_COOKIE));

export const getToken = (): string | undefined => tokenStore.get();

export function setToken(token: string): void {
  lastEnd = {};
  if (token === tokenStore.get() && readCookie(TOKEN_COOKIE) === token) return;
  writeCookie(TOKEN_COOKIE, token);
  tokenStore.set(token);
}

/** Why the session ended, for the redirect to /login that follows (the shell reads it). */
export interface SessionEnd {
  /** Catalogue key shown on the login page, e.g. `code.tokenTimeout`. */
  reason?: string;
  /** Contract ID to prefill. */
  kykId?: string;
  /** Come back to the current page after signing in again (default true; false on sign-out). */
  returnHere?: boolean;
}

let lastEnd: SessionEnd = {};

export const lastSessionEnd = (): SessionEnd => lastEnd;

/** Removes the token and the cached user: the sign-out and token-timeout paths both end here. */
export function clearSession(end: SessionEnd = {}): void {
  lastEnd = end;
  deleteCookie(TOKEN_COOKIE);
  try {
    localStorage.removeItem(USER_INFO_KEY);
  } catch {
    // storage unavailable (private mode): nothing cached
  }
  tokenStore.set(undefined);
}

export const isAuthenticated = (): boolean => tokenStore.get() !== undefined;

/** Re-renders when the token appears or disappears. */
export const useIsAuthenticated = (): boolean => useStore(tokenStore) !== undefined;

export function readStoredUser(): LoginUser | undefined {
  try {
    const raw = localStorage.getItem(USER_INFO_KEY);
    return raw ? (JSON.parse(raw) as LoginUser) : undefined;
  } catch {
    return undefined;
  }
}

export function storeUser(user: LoginUser): void {
  try {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(user));
  } catch {
    // storage unavailable: the shell fetches the user instead
  }
}
