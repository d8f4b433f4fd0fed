import type { MsgLevel } from './codes.ts';

/** Every API response, success or failure, is this envelope (SPEC.md §7). */
export interface Envelope<T = unknown> {
  code: number;
  msg_level: MsgLevel;
  message: string;
  info: EnvelopeInfo | null;
  data: T | null;
}

export interface EnvelopeInfo {
  /** Per-field messages of an input error (-4), keyed by the request field path. */
  fields?: Record<string, string>;
  /** The request id the server logged this call under, for support. */
  request_id?: string;
}

/** Prefix under which CloudFront and the local adapter serve the API (SPA routes never collide). */
export const API_PREFIX = '/api';

/**
 * The header that carries the token both ways: the client sends `Bearer <token>`, and every
 * authenticated response answers the refreshed token in the same form.
 */
export const TOKEN_HEADER = 'authorization';
/**
 * The key a retrying client sends with a call that must not happen twice (an upload's completion, a
 * link's creation, a job's start): one UUID per user action, kept across that action's retries.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9-]{16,64}$/;
export const bearer = (token: string): string => `Bearer ${token}`;
export const readBearer = (header: string | undefined | null): string | undefined =>
  header?.match(/^Bearer\s+(\S+)$/i)?.[1];
