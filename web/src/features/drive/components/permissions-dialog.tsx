import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@/components/app-modal.tsx';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import TokenGroup from '@cloudscape-design/components/token-group';
import { codes } from '@shared/codes.ts';
import { permissionSaveRequest, type PermissionPolicy, type PermissionPrincipal } from '@shared/schemas/drive.ts';
import { ConflictAlert } from '@/components/conflict-alert.tsx';
import { ListErrorState } from '@/components/list-error.tsx';
import { UserGroupPicker, type PickerItem } from '@/components/user-group-picker.tsx';
import { newNotificationId, notify, SUCCESS_DISMISS_MS } from '@/lib/notifications.ts';
import { useZodForm } from '@/lib/use-zod-form.ts';
import type { DriveItem } from '../api/get-file-info.ts';
import { useFolderPermissions, type FolderPermissions } from '../api/get-folder-permissions.ts';
import { saveFolderPermissions } from '../api/save-folder-permissions.ts';

type Side = 'update' | 'view';
interface PermissionValues {
  mode: 'inherit' | 'own';
  policy: PermissionPolicy;
  update: PermissionPrincipal[];
  view: PermissionPrincipal[];
}

const idsOf = (principals: PermissionPrincipal[], kind: PermissionPrincipal['kind']) => principals.filter((entry) => entry.kind === kind).map((entry) => entry.id);
const keyOf = (entry: PermissionPrincipal) => `${entry.kind}:${entry.id}`;
const fromPicked = (item: PickerItem): PermissionPrincipal =>
  item.user_id ? { kind: 'user', id: item.user_id, name: item.user_nm } : { kind: 'group', id: item.user_group_id!, name: item.user_group_nm };

/**
 * The access-permission dialog of a folder (SPEC.md §2, §5; docs/drive.md "Folder permissions"):
 * follow the folders above, or an allow or deny list with an update side and a view side, each
 * filled from the user-or-group picker. The settings of the folders above are shown, since they
 * apply too. Read only for whoever may not change them.
 */
export function PermissionsDialog({ folder, onDismiss, onSaved }: { folder: DriveItem; onDismiss: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useFolderPermissions(folder.id);
  return (
    <Modal visible size="large" data-testid="permissions-dialog" onDismiss={onDismiss} header={t('permissions.title', { name: folder.name })}>
      {data ? (
        <PermissionsForm key={data.row_version} settings={data} onDismiss={onDismiss} onSaved={onSaved} onReload={async () => void (await mutate())} />
      ) : error !== undefined ? (
        <ListErrorState error={error} onRetry={() => void mutate()} />
      ) : (
        <Box textAlign="center" padding="l">
          <Spinner /> {t('permissions.loading')}
        </Box>
      )}
    </Modal>
  );
}

function PermissionsForm({ settings, onDismiss, onSaved, onReload }: { settings: FolderPermissions; onDismiss: () => void; onSaved: () => void; onReload: () => Promise<void> }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState<Side>();
  const form = useZodForm({
    initial: { mode: settings.own ? 'own' : 'inherit', policy: settings.policy, update: settings.update, view: settings.view } satisfies PermissionValues as PermissionValues,
    schema: permissionSaveRequest,
    toBody: (values: PermissionValues) => ({
      id: settings.folder.id,
      row_version: settings.row_version,
      inherit: values.mode === 'inherit' ? (1 as const) : (0 as const),
      policy: values.policy,
      update: { users: idsOf(values.update, 'user'), groups: idsOf(values.update, 'group') },
      view: { users: idsOf(values.view, 'user'), groups: idsOf(values.view, 'group') },
    }),
    send: (body) => saveFolderPermissions(body, { silent: true }),
    onSaved: () => {
      notify({ id: newNotificationId('permissions'), type: 'success', header: t('permissions.saved', { name: settings.folder.name }), dismissLabel: t('common.close') }, SUCCESS_DISMISS_MS);
      onSaved();
    },
    messageFields: { [codes.permissionNoUpdater.code]: 'update', [codes.permissionBothSides.code]: 'view' },
    conflictCodes: [codes.editedByAnotherUser.code],
    onReload,
  });
  const values = form.values;
  const editable = settings.may_edit;
  const sideText = (side: Side, part: '' | 'Description') => t(`permissions.sides.${values.policy}${side === 'update' ? 'Update' : 'View'}${part}`);
  // A user or group goes on one side only: adding it to one takes it off the other.
  const pick = (side: Side, items: PickerItem[]) => {
    const picked = items.map(fromPicked);
    const keys = new Set(picked.map(keyOf));
    const other: Side = side === 'update' ? 'view' : 'update';
    form.change(side, picked);
    form.change(other, values[other].filter((entry) => !keys.has(keyOf(entry))));
  };

  const sideField = (side: Side) => (
    <FormField
      label={sideText(side, '')}
      description={sideText(side, 'Description')}
      errorText={side === 'update' ? (form.errorOf('update') ?? form.errorOf('users') ?? form.errorOf('groups')) : form.errorOf('view')}
      data-testid={`permissions-side-${side}`}
    >
      <SpaceBetween size="xs">
        {values[side].length === 0 ? (
          <Box color="text-body-secondary">{t('permissions.sides.empty')}</Box>
        ) : (
          <TokenGroup
            readOnly={!editable}
            items={values[side].map((entry) => ({
              label: entry.name,
              description: `${t(`permissions.sides.${entry.kind}`)} · ${entry.id}`,
              iconName: entry.kind === 'group' ? 'group' : 'user-profile',
              dismissLabel: t('permissions.sides.remove', { name: entry.name }),
            }))}
            onDismiss={({ detail }) => form.change(side, values[side].filter((_, index) => index !== detail.itemIndex))}
          />
        )}
        {editable && (
          <Button iconName="add-plus" onClick={() => setPicking(side)} nativeButtonAttributes={{ 'data-testid': `permissions-add-${side}` }}>
            {t('permissions.sides.add')}
          </Button>
        )}
      </SpaceBetween>
    </FormField>
  );

  return (
    <form {...form.formProps}>
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss} nativeButtonAttributes={{ 'data-testid': 'permissions-cancel' }}>
              {t('common.cancel')}
            </Button>
            {editable && (
              <Button variant="primary" loading={form.busy} disabled={!form.changed} formAction="submit" nativeButtonAttributes={{ 'data-testid': 'permissions-save' }}>
                {t('permissions.save')}
              </Button>
            )}
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {form.conflict && <ConflictAlert message={form.conflict} onReload={() => void form.reload()} reloading={form.reloading} />}
          {!editable && <Alert type="info">{t('permissions.readOnly')}</Alert>}
          {settings.inherited.length > 0 && (
            <Alert type="info" header={t('permissions.inherited.header')} data-testid="permissions-inherited">
              <ul className="permissions-inherited">
                {settings.inherited.map((entry) => (
                  <li key={entry.folder.id}>
                    {t('permissions.inherited.entry', { folder: entry.folder.name, policy: t(`permissions.policy.${entry.policy}`) })}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          <FormField label={t('permissions.mode.label')}>
            <RadioGroup
              value={values.mode}
              onChange={({ detail }) => form.change('mode', detail.value as PermissionValues['mode'])}
              items={[
                { value: 'inherit', label: t('permissions.mode.inherit'), description: t('permissions.mode.inheritDescription'), disabled: !editable },
                { value: 'own', label: t('permissions.mode.own'), description: t('permissions.mode.ownDescription'), disabled: !editable },
              ]}
              data-testid="permissions-mode"
            />
          </FormField>
          {values.mode === 'own' && (
            <Container header={<Header variant="h3">{t('permissions.policy.label')}</Header>}>
              <SpaceBetween size="l">
                <RadioGroup
                  value={values.policy}
                  onChange={({ detail }) => form.change('policy', detail.value as PermissionPolicy)}
                  items={(['allow', 'deny'] as const).map((policy) => ({
                    value: policy,
                    label: t(`permissions.policy.${policy}`),
                    description: t(`permissions.policy.${policy}Description`),
                    disabled: !editable,
                  }))}
                  data-testid="permissions-policy"
                />
                <ColumnLayout columns={2} borders="vertical">
                  {sideField('update')}
                  {sideField('view')}
                </ColumnLayout>
              </SpaceBetween>
            </Container>
          )}
        </SpaceBetween>
      </Form>
      {picking && (
        <UserGroupPicker
          product="ata"
          tabs={['groups', 'users']}
          initialSelectedIds={values[picking].map((entry) => entry.id)}
          header={t('permissions.sides.pickTitle', { side: sideText(picking, '') })}
          onDismiss={() => setPicking(undefined)}
          onConfirm={(items) => {
            pick(picking, items);
            setPicking(undefined);
          }}
        />
      )}
    </form>
  );
}
