/**
 * Lets code outside React (the API client) navigate with the router once the app registered it;
 * before that, or in tests, it falls back to a full page load.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | undefined;

export function registerNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

/**
 * Accepts only a path of this origin as a post-login destination (no open redirect): resolved
 * against the origin, it must stay on it, and control characters, spaces and backslashes that
 * browsers strip or reinterpret are refused outright.
 */
export function safeNextPath(next: string | null | undefined, origin = window.location.origin): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!next || !next.startsWith('/') || /[\u0000-\u0020\\]/.test(next)) return undefined;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || url.pathname === '/login') return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login URL that brings the user back to where they are after signing in. */
export function loginPath(params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `/login?${text}` : '/login';
}
