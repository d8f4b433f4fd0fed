import type { Operation } from '#lib/api-handler.ts';
import { listDevices, toTrustedDevice } from '#data/devices.ts';
import { requireUser } from '#domain/user-records.ts';

/** user_device_list: a user's trusted second-step devices, for the administrator's device list. */
export const listUserDevices: Operation<'com/user_device_list'> = async ({ caller, input }) => {
  const user = await requireUser(caller.kykId, input.user_id);
  const devices = await listDevices(caller.kykId, user.user_id);
  return { devices: devices.map((device) => toTrustedDevice(device)), totp_registered: user.totp_secret ? 1 : 0 };
};
