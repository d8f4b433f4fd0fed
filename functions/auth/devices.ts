import { auditActor, type Operation } from '#lib/api-handler.ts';
import { writeAudit } from '#lib/audit.ts';
import { DomainError } from '#lib/errors.ts';
import { deleteDevice, deviceIdOf, listDevices, toTrustedDevice } from '#data/devices.ts';

/** device_list: the caller's trusted devices; `current` marks the one this browser holds the key of. */
export const listOwnDevices: Operation<'com/device_list'> = async ({ caller, input }) => {
  const currentId = input.device_token ? deviceIdOf(input.device_token) : undefined;
  const devices = await listDevices(caller.kykId, caller.userId);
  return { devices: devices.map((device) => toTrustedDevice(device, currentId)), totp_registered: caller.user.totp_secret ? 1 : 0 };
};

/** device_del_btn: forget one of the caller's trusted devices (its next sign-in asks the second step). */
export const deleteOwnDevice: Operation<'com/device_del_btn'> = async (context) => {
  const { caller, input } = context;
  if (!(await deleteDevice(caller.kykId, caller.userId, input.device_id))) {
    throw new DomainError('deleteFailure', {}, {}, 'notice.deviceNotFound');
  }
  await writeAudit(auditActor(context), { action: 'user.device_delete', targetType: 'user', targetId: caller.userId, before: { device_id: input.device_id }, after: null });
  return {};
};
