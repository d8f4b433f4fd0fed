import { generateSecret, generateURI, verify } from 'otplib';
// The core and the SVG renderer only: the package's main entry also loads its PNG encoder (pngjs).
import { create as createQr } from 'qrcode/lib/core/qrcode.js';
import { render as renderSvg } from 'qrcode/lib/renderer/svg-tag.js';

/**
 * Authenticator (TOTP, RFC 6238) with otplib's defaults that every authenticator app reads:
 * SHA-1, 6 digits, 30-second steps, 160-bit Base32 secrets. One step either side is accepted for
 * clock drift; `afterTimeStep` makes a code of the last accepted step (or earlier) fail, which is
 * the replay protection (the step itself is stored with a conditional update).
 */
const ISSUER = 'Common Drive';
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export async function totpActivation(secret: string, kykId: string, userId: string): Promise<{ generation_key: string; otpauth_url: string; qr_svg: string }> {
  const otpauth_url = generateURI({ issuer: ISSUER, label: `${kykId}:${userId}`, secret });
  const qr_svg = renderSvg(createQr(otpauth_url, { errorCorrectionLevel: 'M' }), { margin: 2 });
  // Grouped in fours, as people copy it by hand into an app.
  return { generation_key: secret.replace(/(.{4})(?=.)/g, '$1 '), otpauth_url, qr_svg };
}

/** The time step of a valid code newer than `afterTimeStep`, else undefined. */
export async function verifyTotp(secret: string, code: string, afterTimeStep?: number): Promise<number | undefined> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS, ...(afterTimeStep === undefined ? {} : { afterTimeStep }) });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch (error) {
    // otplib throws when `afterTimeStep` lies beyond the tolerance window (another instance's
    // clock ran ahead): no code of this window can be newer, so it is a wrong code.
    if (error instanceof Error && error.name === 'AfterTimeStepRangeExceededError') return undefined;
    throw error;
  }
}
