/** Minimal cookie helpers for the values SPEC.md §3 keeps on the client. */
export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) return decodeURIComponent(entry.slice(prefix.length));
  }
  return undefined;
}

const attributes = (): string => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  return `; Path=/; SameSite=Strict${secure}`;
};

/** A session cookie (no expiry): the server's idle timeout decides how long the token lives. */
export function writeCookie(name: string, value: string): void {
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}${attributes()}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=${attributes()}; Max-Age=0`;
}
