/**
 * The trusted-device key a second step with "trust this device" answers. It is kept in
 * localStorage per contract and user, and sent with later sign-ins of that contract and user so the
 * second step is skipped while the device is trusted (docs/sign-in.md).
 */
const keyOf = (kykId: string, userId: string) => `device_token:${kykId.trim().toLowerCase()}:${userId.trim().toLowerCase()}`;

export function readDeviceToken(kykId: string, userId: string): string | undefined {
  try {
    return localStorage.getItem(keyOf(kykId, userId)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeDeviceToken(kykId: string, userId: string, token: string): void {
  try {
    localStorage.setItem(keyOf(kykId, userId), token);
  } catch {
    // storage unavailable (private mode): the second step is asked again next time
  }
}

export function forgetDeviceToken(kykId: string, userId: string): void {
  try {
    localStorage.removeItem(keyOf(kykId, userId));
  } catch {
    // nothing stored
  }
}
