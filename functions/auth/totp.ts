import { generateSecret } from '@otplib/core';
import { base32 } from '@otplib/plugin-base32-scure';
import { crypto } from '@otplib/plugin-crypto-node';
import { verify } from '@otplib/totp';
import { generateTOTP } from '@otplib/uri';

/**
 * Authenticator (TOTP, RFC 6238) with otplib's defaults that every authenticator app reads:
 * SHA-1, 6 digits, 30-second steps, 160-bit Base32 secrets, from otplib's parts with node:crypto's
 * HMAC and random bytes (its main entry brings a JavaScript hash library, for browsers). One step
 * either side is accepted for clock drift; `afterTimeStep` makes a code of the last accepted step (or
 * earlier) fail, which is the replay protection (the step itself is stored with a conditional update).
 */
const ISSUER = 'Common Drive';
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret({ crypto, base32, length: 20 });

/** What the activation page shows: the key to type (grouped in fours, as people copy it by hand) and the URI its QR code carries (drawn by the page). */
export function totpActivation(secret: string, kykId: string, userId: string): { generation_key: string; otpauth_url: string } {
  const otpauth_url = generateTOTP({ issuer: ISSUER, label: `${kykId}:${userId}`, secret });
  return { generation_key: secret.replace(/(.{4})(?=.)/g, '$1 '), otpauth_url };
}

/** The time step of a valid code newer than `afterTimeStep`, else undefined. */
export async function verifyTotp(secret: string, code: string, afterTimeStep?: number): Promise<number | undefined> {
  try {
    const result = await verify({ secret, token: code, crypto, base32, epochTolerance: TOLERANCE_SECONDS, ...(afterTimeStep === undefined ? {} : { afterTimeStep }) });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch (error) {
    // otplib throws when `afterTimeStep` lies beyond the tolerance window (another instance's
    // clock ran ahead): no code of this window can be newer, so it is a wrong code.
    if (error instanceof Error && error.name === 'AfterTimeStepRangeExceededError') return undefined;
    throw error;
  }
}
