import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CommonSettings } from '#shared/schemas/settings.ts';
import { SHARE_LINK_ID_LENGTH, type ShareLink, type ShareLinkRules, type ShareLinkState } from '#shared/schemas/share-links.ts';
import type { ShareLinkRecord } from '#data/share-links.ts';
import { epochSeconds } from '#lib/data/table.ts';
import { DomainError } from '#lib/errors.ts';
import { verifyPassword } from '#lib/passwords.ts';
import { recordSourceFailure, reserveJudgedAttempt, returnSourceAttempt, sourceWindow, type SourceWindow } from '#data/source-attempts.ts';

/** A new link's id and secret: 96 and 256 bits from the CSPRNG; only the secret's hash is kept. */
export function newLinkToken(): { linkId: string; secret: string; token: string; secretHash: string } {
  const linkId = randomBytes(12).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { linkId, secret, token: `${linkId}${secret}`, secretHash: hashSecret(secret) };
}

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** The token's parts (the schema has checked its shape). */
export const splitToken = (token: string): { linkId: string; secret: string } => ({
  linkId: token.slice(0, SHARE_LINK_ID_LENGTH),
  secret: token.slice(SHARE_LINK_ID_LENGTH),
});

/** Whether the secret is the link's, in time independent of where they differ. */
export const secretMatches = (secret: string, link: Pick<ShareLinkRecord, 'secret_hash'>): boolean => {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(link.secret_hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
};

/** The contract's rules for links, from its common settings. */
export const rulesOf = (settings: CommonSettings): ShareLinkRules => ({
  allowed: settings.url_issuing === 1,
  default_days: settings.link_default_days,
  max_days: settings.link_max_days,
  default_downloads: settings.link_default_downloads,
  max_downloads: settings.link_max_downloads,
  password_required: settings.link_password_required === 1,
});

/**
 * What a link is now, the first that applies: revoked, expired, out of downloads, stopped (`usable`
 * false: its file is not reachable or its creator not active), else active.
 */
export function stateOf(link: ShareLinkRecord, usable: boolean, now = new Date().toISOString()): ShareLinkState {
  if (link.revoked_at) return 'revoked';
  if (link.expires_at <= now) return 'expired';
  if (link.max_downloads !== 0 && link.downloads >= link.max_downloads) return 'exhausted';
  return usable ? 'active' : 'stopped';
}

export const toShareLink = (link: ShareLinkRecord, state: ShareLinkState, mayRevoke: boolean): ShareLink => ({
  link_id: link.link_id,
  item_id: link.item_id,
  item_name: link.item_name,
  creator_id: link.creator_id,
  creator_nm: link.creator_nm,
  created_at: link.created_at,
  expires_at: link.expires_at,
  max_downloads: link.max_downloads,
  downloads: link.downloads,
  has_password: !!link.password_hash,
  state,
  revoked_at: link.revoked_at ?? null,
  revoked_by_nm: link.revoked_by_nm ?? null,
  may_revoke: mayRevoke && !link.revoked_at,
});

export const downloadsLeft = (link: Pick<ShareLinkRecord, 'max_downloads' | 'downloads'>): number | null =>
  link.max_downloads === 0 ? null : Math.max(0, link.max_downloads - link.downloads);

/**
 * Guessing is throttled twice (docs/drive.md "Share links"): per source address, every public call
 * is counted before anything is judged and given back when the token proved right, so an address
 * has THROTTLE_WINDOW_SECONDS worth of ADDRESS_FAILURES wrong tokens; and per link,
 * LINK_PASSWORD_FAILURES wrong passwords in the window, from any address (a password is worth
 * guessing from many). Counted before judging, so parallel guesses cannot pass the limit; only a
 * wrong answer is a failure, and a call that finds the places taken by attempts still being judged
 * waits for them (up to IN_FLIGHT_WAIT_MS) rather than being refused: forty parallel downloads with
 * the right password all go through, or get the download limit's own answer.
 */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const ADDRESS_FAILURES = 30;
export const LINK_PASSWORD_FAILURES = 10;
/** Well inside the function's 25 s timeout. */
export const IN_FLIGHT_WAIT_MS = 15_000;

export interface Attempt {
  window: SourceWindow;
  /** Minutes until the window ends: what the refusal tells. */
  minutesLeft: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function reserve(address: string, limit: number): Promise<Attempt> {
  const window = sourceWindow(address, THROTTLE_WINDOW_SECONDS, epochSeconds());
  const waitUntil = Date.now() + IN_FLIGHT_WAIT_MS;
  // A judgement takes a read or one password hash: places free up within milliseconds, unless many
  // wait, so the pauses grow (with jitter, so waiters do not ask in step).
  for (let pauseMs = 20; ; pauseMs = Math.min(pauseMs * 2, 400)) {
    const outcome = await reserveJudgedAttempt(window, limit, THROTTLE_WINDOW_SECONDS);
    if (outcome === 'counted') return { window, minutesLeft: 0 };
    if (outcome === 'failures' || Date.now() >= waitUntil) break;
    await pause(pauseMs / 2 + Math.random() * pauseMs);
  }
  return { window, minutesLeft: Math.max(1, Math.ceil((window.start + THROTTLE_WINDOW_SECONDS - epochSeconds()) / 60)) };
}

/** An attempt of the address (`minutesLeft` > 0: refused). Addresses of share calls count apart from sign-in's. */
export const reserveAddressAttempt = (sourceIp: string): Promise<Attempt> => reserve(`share@${sourceIp}`, ADDRESS_FAILURES);
export const reservePasswordAttempt = (kykId: string, linkId: string): Promise<Attempt> => reserve(`share-link@${kykId}/${linkId}`, LINK_PASSWORD_FAILURES);

/**
 * Judges a counted attempt: right (the judgement answers something), it is given back; wrong
 * (undefined), it stays a failure of the window; a judgement that could not be made (an error) is
 * given back, as nothing was learnt.
 */
export async function judged<T>(attempt: Attempt, judge: () => Promise<T | undefined>): Promise<T | undefined> {
  let answer: T | undefined;
  try {
    answer = await judge();
  } catch (error) {
    await returnSourceAttempt(attempt.window);
    throw error;
  }
  await (answer === undefined ? recordSourceFailure(attempt.window) : returnSourceAttempt(attempt.window));
  return answer;
}

/**
 * The link a public call's token names (a share link or a file-request link, found by `find` in the
 * URL's contract): the address's attempt is counted first and given back only when the secret is
 * right. Unknown, or a secret that does not match, is the same answer.
 */
export async function linkOfToken<T extends Pick<ShareLinkRecord, 'secret_hash'>>(
  kykId: string, token: string, sourceIp: string, find: (kykId: string, linkId: string) => Promise<T | undefined>,
): Promise<T> {
  const attempt = await reserveAddressAttempt(sourceIp);
  if (attempt.minutesLeft > 0) throw new DomainError('shareLinkTooManyAttempts', { minutes: attempt.minutesLeft });
  const { linkId, secret } = splitToken(token);
  const link = await judged(attempt, async () => {
    const found = await find(kykId, linkId);
    return found && secretMatches(secret, found) ? found : undefined;
  });
  if (!link) throw new DomainError('shareLinkNotFound');
  return link;
}

/** A link's password (none: nothing to check): a wrong one counts against the link from any address; a right one is given back. */
export async function checkLinkPassword(kykId: string, linkId: string, hash: string | undefined, password: string | undefined): Promise<void> {
  if (!hash) return;
  const attempt = await reservePasswordAttempt(kykId, linkId);
  if (attempt.minutesLeft > 0) throw new DomainError('shareLinkTooManyAttempts', { minutes: attempt.minutesLeft });
  const right = await judged(attempt, async () => (password && (await verifyPassword(password, hash))) || undefined);
  if (!right) throw new DomainError('shareLinkPasswordWrong');
}
