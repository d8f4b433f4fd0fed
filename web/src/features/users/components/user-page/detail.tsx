import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mutate as mutateCache } from 'swr';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { productAreas, type ProductArea } from '@shared/schemas/groups.ts';
import type { UserDetail } from '@shared/schemas/users.ts';
import { DeleteModal } from '@/components/delete-modal.tsx';
import { usePageLayout } from '@/components/page-layout.tsx';
import { RecordLoading } from '@/components/record-loading.tsx';
import { Tx } from '@/components/translated.tsx';
import { isAbortError } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { deleteUser } from '../../api/delete-user.ts';
import { useUser } from '../../api/get-user.ts';
import { lapseUser } from '../../api/lapse-user.ts';
import { refreshUserLists } from '../../api/list-users.ts';
import { resetPassword } from '../../api/reset-password.ts';
import { resetTotp } from '../../api/reset-totp.ts';
import { userDevicesKey } from '../../api/list-user-devices.ts';
import { resetTrustedDevices } from '../../api/reset-trusted-devices.ts';
import { unlapseUser } from '../../api/unlapse-user.ts';
import { failureMessage, isStale } from '../../utils/errors.ts';
import { LIST_HREF, userHref } from '../../utils/hrefs.ts';
import { adminFlagField, adminProducts, canSuspend, canUnsuspend, lapseFlagField, lapseProducts, statusNames } from '../../utils/user-form.ts';
import { ConfirmModal, ResetPasswordModal, UnsuspendModal } from '../action-modals.tsx';
import { UserStatusBadge } from '../status-badge.tsx';
import { TempPasswordModal } from '../temp-password-modal.tsx';
import { UserDevicesTable } from './devices-table.tsx';
import { EditUserForm } from './edit-form.tsx';

/** /user?user_id=… (SPEC.md §2): Cloudscape "details page" of one user, with its edit form (`&mode=edit`). */
export function UserDetailPage({ userId, edit }: { userId: string; edit: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useUser(userId);
  const user = data?.user;
  const [reloads, setReloads] = useState(0);

  usePageLayout(
    [
      { text: t('users.title'), href: LIST_HREF },
      { text: user?.user_nm || userId, href: userHref(userId) },
      ...(edit ? [{ text: t('users.actions.edit'), href: userHref(userId, true) }] : []),
    ],
    edit ? 'form' : 'default',
  );

  if (!user) {
    return (
      <RecordLoading
        testId="user-detail-loading"
        loading={isLoading}
        error={error}
        backLabel={t('users.detail.backToList')}
        onBack={() => navigate(LIST_HREF)}
        onRetry={() => void mutate()}
      />
    );
  }

  const onChanged = (changed: UserDetail) => {
    void mutate({ user: changed }, { revalidate: false });
    void refreshUserLists();
  };

  if (edit) {
    return (
      <EditUserForm
        key={`${user.row_version}:${reloads}`}
        user={user}
        onCancel={() => navigate(userHref(user.user_id))}
        onSaved={(saved) => {
          onChanged(saved);
          navigate(userHref(saved.user_id));
        }}
        onReload={async () => {
          await mutate();
          setReloads((count) => count + 1);
        }}
      />
    );
  }
  return <UserDetailView user={user} onChanged={onChanged} onReload={() => void mutate()} />;
}

type Dialog = 'suspend' | 'unsuspend' | 'delete' | 'password' | 'totp' | 'devices';

function UserDetailView({ user, onChanged, onReload }: { user: UserDetail; onChanged: (user: UserDetail) => void; onReload: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [temporary, setTemporary] = useState<string>();

  const openDialog = (next: Dialog) => {
    setError(undefined);
    setDialog(next);
  };
  const version = { user_id: user.user_id, row_version: user.row_version };
  const success = (id: string, header: ReactNode) =>
    notify({ id: newNotificationId(id), type: 'success', header, dismissLabel: t('common.close') }, 8000);

  /** Runs an action; a failure stays in the dialog (-201 also fetches the current version). */
  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      setDialog(undefined);
    } catch (failure) {
      if (isAbortError(failure)) return;
      setError(failureMessage(failure, t));
      if (isStale(failure)) onReload();
    } finally {
      setBusy(false);
    }
  };

  const dash = t('common.notAvailable');
  const byline = (date: string, name: string) => (date ? t('users.detail.registeredBy', { date: formatDateTime(date, language), user: name || dash }) : dash);
  const productList = (products: readonly ProductArea[]) =>
    products.length > 0 ? products.map((product) => t(`products.${product}`)).join(', ') : t('users.detail.none');
  const drivePermissionNames = ['none', 'view', 'active', 'update'] as const;

  return (
    <div data-testid="user-detail" data-user-id={user.user_id} data-user-status={statusNames[user.status]}>
      <ContentLayout
        header={
          <Header
            variant="h1"
            description={t('users.detail.idLine', { id: user.user_id })}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => openDialog('delete')} nativeButtonAttributes={{ 'data-testid': 'user-detail-delete-button' }}>
                  {t('users.actions.delete')}
                </Button>
                {canUnsuspend(user) && (
                  <Button onClick={() => openDialog('unsuspend')} nativeButtonAttributes={{ 'data-testid': 'user-detail-unsuspend-button' }}>
                    {t('users.actions.unsuspend')}
                  </Button>
                )}
                {canSuspend(user) && (
                  <Button onClick={() => openDialog('suspend')} nativeButtonAttributes={{ 'data-testid': 'user-detail-suspend-button' }}>
                    {t('users.actions.suspend')}
                  </Button>
                )}
                <Button variant="primary" onClick={() => navigate(userHref(user.user_id, true))} nativeButtonAttributes={{ 'data-testid': 'user-edit-button' }}>
                  {t('users.actions.edit')}
                </Button>
              </SpaceBetween>
            }
          >
            {user.user_nm}
          </Header>
        }
      >
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">{t('users.detail.info')}</Header>}>
            <KeyValuePairs
              columns={3}
              items={[
                { label: t('users.columns.userId'), value: <span data-testid="user-view-id">{user.user_id}</span> },
                { label: t('users.columns.name'), value: <span data-testid="user-view-name">{user.user_nm}</span> },
                { label: t('users.columns.status'), value: <UserStatusBadge status={user.status} testId="user-view-status" /> },
                { label: t('users.columns.email'), value: <span data-testid="user-view-email">{user.email || dash}</span> },
                { label: t('users.columns.phone'), value: user.phone || dash },
                { label: t('users.columns.language'), value: t(`languages.${user.language}`) },
                { label: t('users.columns.registered'), value: byline(user.regist_date, user.regist_user_nm) },
                { label: t('users.columns.updated'), value: byline(user.update_date, user.update_user_nm) },
              ]}
            />
          </Container>
          <Container header={<Header variant="h2">{t('users.detail.organization')}</Header>}>
            <KeyValuePairs
              columns={3}
              items={[
                { label: t('users.columns.corp'), value: <span data-testid="user-view-corp">{user.corp_nm || dash}</span> },
                { label: t('users.columns.department'), value: user.department || dash },
                { label: t('users.columns.post'), value: user.post || dash },
              ]}
            />
          </Container>
          <Container header={<Header variant="h2">{t('users.detail.groups')}</Header>}>
            <SpaceBetween size="l">
              <KeyValuePairs
                columns={4}
                items={productAreas.map((product) => ({
                  label: t(`products.${product}`),
                  value: <span data-testid={`user-view-group-${product}`}>{user.group_names[product] || t('users.form.noGroup')}</span>,
                }))}
              />
              <KeyValuePairs
                columns={3}
                items={[
                  { label: t('users.detail.adminProducts'), value: productList(adminProducts.filter((product) => user[adminFlagField(product)] === 1)) },
                  { label: t('users.detail.lapseProducts'), value: productList(lapseProducts.filter((product) => user[lapseFlagField(product)] === 1)) },
                  { label: t('users.form.corpPermission'), value: user.ata_corp_permission === 1 ? t('users.detail.yes') : t('users.detail.no') },
                  { label: t('users.form.fileMethod'), value: user.file_regist_method === 1 ? t('users.form.fileMethodDetailed') : t('users.form.fileMethodSimple') },
                  {
                    label: t('users.form.indivPermission'),
                    value:
                      user.indiv_permission_flg === 1
                        ? t('users.detail.individual', {
                            permission: t(`groups.drivePermission.${drivePermissionNames[user.indiv_com_drive_permission] ?? 'none'}`),
                          })
                        : t('users.detail.none'),
                  },
                ]}
              />
            </SpaceBetween>
          </Container>
          <Container
            header={
              <Header
                variant="h2"
                description={t('users.detail.securityDescription')}
                actions={
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button onClick={() => openDialog('password')} nativeButtonAttributes={{ 'data-testid': 'user-reset-password-button' }}>
                      {t('users.actions.resetPassword')}
                    </Button>
                    <Button
                      disabled={user.totp_registered !== 1}
                      onClick={() => openDialog('totp')}
                      nativeButtonAttributes={{ 'data-testid': 'user-reset-totp-button' }}
                    >
                      {t('users.actions.resetTotp')}
                    </Button>
                  </SpaceBetween>
                }
              >
                {t('users.detail.security')}
              </Header>
            }
          >
            <KeyValuePairs
              columns={2}
              items={[
                {
                  label: t('users.detail.passwordChange'),
                  value: (
                    <span data-testid="user-view-password-change">
                      {user.password_change_required === 1 ? (
                        <StatusIndicator type="warning">{t('users.detail.passwordChangeRequired')}</StatusIndicator>
                      ) : (
                        t('users.detail.passwordChangeNotRequired')
                      )}
                    </span>
                  ),
                },
                {
                  label: t('users.detail.totp'),
                  value: (
                    <span data-testid="user-view-totp">
                      {user.totp_registered === 1 ? (
                        <StatusIndicator type="success">{t('users.detail.totpRegistered')}</StatusIndicator>
                      ) : (
                        <StatusIndicator type="stopped">{t('users.detail.totpNotRegistered')}</StatusIndicator>
                      )}
                    </span>
                  ),
                },
              ]}
            />
          </Container>
          <Container
            data-testid="user-devices"
            header={
              <Header
                variant="h2"
                description={t('users.detail.devicesDescription')}
                actions={
                  <Button onClick={() => openDialog('devices')} nativeButtonAttributes={{ 'data-testid': 'user-reset-devices-button' }}>
                    {t('users.actions.resetDevices')}
                  </Button>
                }
              >
                {t('users.detail.devices')}
              </Header>
            }
          >
            <UserDevicesTable userId={user.user_id} />
          </Container>
        </SpaceBetween>
      </ContentLayout>

      {dialog === 'suspend' && (
        <ConfirmModal
          testId="user-suspend-modal"
          header={t('users.suspend.headerOne')}
          note={t('users.suspend.notify')}
          error={error}
          submitLabel={t('users.suspend.submit')}
          busy={busy}
          onConfirm={() =>
            void act(async () => {
              const { user: changed } = await lapseUser(version, { silent: true });
              onChanged(changed);
              success('user-suspend', <Tx k="users.suspend.doneOne" values={{ name: changed.user_nm }} />);
            })
          }
          onDismiss={() => setDialog(undefined)}
        >
          {t('users.suspend.confirmOne', { name: user.user_nm, id: user.user_id })}
        </ConfirmModal>
      )}
      {dialog === 'unsuspend' && (
        <UnsuspendModal
          header={t('users.unsuspend.headerOne')}
          question={t('users.unsuspend.confirmOne', { name: user.user_nm, id: user.user_id })}
          error={error}
          busy={busy}
          onConfirm={(requirePasswordChange) =>
            void act(async () => {
              const { data, message } = await unlapseUser({ ...version, require_password_change: requirePasswordChange }, { silent: true });
              onChanged(data.user);
              success('user-unsuspend', message || <Tx k="users.unsuspend.doneMany" values={{ count: 1 }} />);
            })
          }
          onDismiss={() => setDialog(undefined)}
        />
      )}
      {dialog === 'password' && (
        <ResetPasswordModal
          email={user.email}
          error={error}
          busy={busy}
          onConfirm={(delivery) =>
            void act(async () => {
              const { user: changed, temporary_password: password } = await resetPassword({ ...version, delivery }, { silent: true });
              onChanged(changed);
              if (password) setTemporary(password);
              else success('user-password-mailed', <Tx k="users.resetPassword.mailed" values={{ email: changed.email }} />);
            })
          }
          onDismiss={() => setDialog(undefined)}
        />
      )}
      {dialog === 'totp' && (
        <ConfirmModal
          testId="user-reset-totp-modal"
          header={t('users.resetTotp.header')}
          error={error}
          submitLabel={t('users.resetTotp.submit')}
          busy={busy}
          onConfirm={() =>
            void act(async () => {
              const { user: changed } = await resetTotp(version, { silent: true });
              onChanged(changed);
              success('user-totp-reset', <Tx k="users.resetTotp.done" values={{ name: changed.user_nm }} />);
            })
          }
          onDismiss={() => setDialog(undefined)}
        >
          {t('users.resetTotp.confirm', { name: user.user_nm })}
        </ConfirmModal>
      )}
      {dialog === 'devices' && (
        <ConfirmModal
          testId="user-reset-devices-modal"
          header={t('users.resetDevices.header')}
          error={error}
          submitLabel={t('users.resetDevices.submit')}
          busy={busy}
          onConfirm={() =>
            void act(async () => {
              const { user: changed } = await resetTrustedDevices(version, { silent: true });
              onChanged(changed);
              await mutateCache(userDevicesKey(changed.user_id));
              success('user-devices-reset', <Tx k="users.resetDevices.done" values={{ name: changed.user_nm }} />);
            })
          }
          onDismiss={() => setDialog(undefined)}
        >
          {t('users.resetDevices.confirm', { name: user.user_nm })}
        </ConfirmModal>
      )}
      {dialog === 'delete' && (
        <DeleteModal
          header={t('users.delete.headerOne')}
          consequences={t('users.delete.consequences')}
          error={error}
          busy={busy}
          onDelete={() =>
            void act(async () => {
              await deleteUser(version, { silent: true });
              success('user-deleted', <Tx k="users.delete.deletedOne" values={{ name: user.user_nm }} />);
              void refreshUserLists();
              navigate(LIST_HREF);
            })
          }
          onDismiss={() => setDialog(undefined)}
        >
          {t('users.delete.confirmOne', { name: user.user_nm, id: user.user_id })}
        </DeleteModal>
      )}
      {temporary && <TempPasswordModal password={temporary} user={user} onClose={() => setTemporary(undefined)} />}
    </div>
  );
}
