import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@/components/app-modal.tsx';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codes } from '@shared/codes.ts';
import { drivePermissions, GROUP_LIST_UPDATES_MAX } from '@shared/schemas/groups.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { reportRefusal } from '@/lib/api-client.ts';
import type { UserGroup } from '../api/list-user-groups.ts';
import { updateGroupPermissions } from '../api/update-group-permissions.ts';
import { keepAll, permissionUpdates, type BulkPermissionChoice } from '../utils/bulk-permissions.ts';
import { drivePermissionNames, type DrivePermission } from '../utils/group-form.ts';

/**
 * Bulk edit from the list: administrator and common-drive permission of the selected groups, saved
 * in one all-or-nothing call with the row versions the list showed.
 */
export function EditPermissionsModal({
  groups,
  onDismiss,
  onReload,
  onSaved,
}: {
  groups: UserGroup[];
  onDismiss: () => void;
  /** Reloads the list (after -201), which hands fresh row versions back in `groups`. */
  onReload: () => void;
  onSaved: (count: number) => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<BulkPermissionChoice>(keepAll);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; stale: boolean }>();

  const keep: SelectProps.Option = { value: 'keep', label: t('groups.permissions.keep') };
  const adminOptions: SelectProps.Option[] = [keep, { value: '1', label: t('collection.yes') }, { value: '0', label: t('collection.no') }];
  const driveOptions: SelectProps.Option[] = [
    keep,
    ...drivePermissions.map((value) => ({ value: String(value), label: t(`groups.drivePermission.${drivePermissionNames[value]}`) })),
  ];
  const selectedOf = (options: SelectProps.Option[], value: string | number) => options.find((option) => option.value === String(value)) ?? keep;

  const updates = permissionUpdates(groups, choice);
  const chosen = choice.admin_permission !== 'keep' || choice.com_drive_permission !== 'keep';
  const tooMany = updates.length > GROUP_LIST_UPDATES_MAX;
  const problem = tooMany
    ? t('groups.permissions.tooMany', { max: GROUP_LIST_UPDATES_MAX })
    : chosen && updates.length === 0
      ? t('groups.permissions.nothingToChange')
      : undefined;

  const save = async () => {
    if (updates.length === 0 || tooMany) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await updateGroupPermissions({ updates }, { silent: true });
      onSaved(updates.length);
    } catch (error) {
      reportRefusal(error, (refusal) => setFailure({ message: [refusal.message, ...Object.values(refusal.fields)].join(' '), stale: refusal.code === codes.editedByAnotherUser.code }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      data-testid="group-permissions-modal"
      onDismiss={() => !busy && onDismiss()}
      header={t('groups.permissions.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'group-permissions-cancel' }}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              loading={busy}
              disabled={updates.length === 0 || tooMany}
              onClick={() => void save()}
              nativeButtonAttributes={{ 'data-testid': 'group-permissions-submit' }}
            >
              {t('common.save')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">{t('groups.permissions.description', { count: groups.length })}</Box>
        <FormField label={t('groups.form.admin')}>
          <Select
            data-testid="group-permissions-admin"
            selectedOption={selectedOf(adminOptions, choice.admin_permission)}
            options={adminOptions}
            onChange={({ detail }) => {
              const value = detail.selectedOption.value;
              setChoice((previous) => ({ ...previous, admin_permission: value === '1' ? 1 : value === '0' ? 0 : 'keep' }));
            }}
          />
        </FormField>
        <FormField label={t('groups.form.drive')} errorText={problem}>
          <Select
            data-testid="group-permissions-drive"
            selectedOption={selectedOf(driveOptions, choice.com_drive_permission)}
            options={driveOptions}
            onChange={({ detail }) => {
              const value = detail.selectedOption.value;
              setChoice((previous) => ({
                ...previous,
                com_drive_permission: value === 'keep' || value === undefined ? 'keep' : (Number(value) as DrivePermission),
              }));
            }}
          />
        </FormField>
        {failure && (
          <ConflictAlert
            message={failure.message}
            onReload={
              failure.stale
                ? () => {
                    onReload();
                    setFailure(undefined);
                  }
                : undefined
            }
          />
        )}
      </SpaceBetween>
    </Modal>
  );
}
