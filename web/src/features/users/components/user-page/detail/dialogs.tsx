import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mutate as mutateCache } from 'swr';
import type { UserDetail } from '@shared/schemas/users.ts';
import { DeleteModal } from '@/components/delete-modal.tsx';
import { Tx } from '@/components/translated.tsx';
import { isAbortError } from '@/lib/api-client.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { deleteUser } from '../../../api/delete-user.ts';
import { lapseUser } from '../../../api/lapse-user.ts';
import { userDevicesKey } from '../../../api/list-user-devices.ts';
import { refreshUserLists } from '../../../api/list-users.ts';
import { resetPassword } from '../../../api/reset-password.ts';
import { resetTotp } from '../../../api/reset-totp.ts';
import { resetTrustedDevices } from '../../../api/reset-trusted-devices.ts';
import { unlapseUser } from '../../../api/unlapse-user.ts';
import { failureMessage, isStale } from '../../../utils/errors.ts';
import { LIST_HREF } from '../../../utils/hrefs.ts';
import { ConfirmModal, ResetPasswordModal, UnsuspendModal } from '../../action-modals.tsx';
import { TempPasswordModal } from '../../temp-password-modal.tsx';

export type Dialog = 'suspend' | 'unsuspend' | 'delete' | 'password' | 'totp' | 'devices';

/**
 * The details page's actions as dialogs (suspend, unsuspend, delete, password, authenticator and
 * device resets). A failure stays in the dialog; -201 also fetches the current version.
 */
export function UserDialogs({
  user,
  dialog,
  onClose,
  onChanged,
  onReload,
}: {
  user: UserDetail;
  dialog: Dialog | undefined;
  onClose: () => void;
  onChanged: (user: UserDetail) => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [shownFor, setShownFor] = useState<Dialog>();
  const [temporary, setTemporary] = useState<string>();

  // A dialog opened again starts without the last one's error.
  if (dialog !== shownFor) {
    setShownFor(dialog);
    setError(undefined);
  }

  const version = { user_id: user.user_id, row_version: user.row_version };
  const success = (id: string, header: ReactNode) => notify({ id: newNotificationId(id), type: 'success', header, dismissLabel: t('common.close') });
  const setDialog = (next: undefined) => {
    if (next === undefined) onClose();
  };

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      onClose();
    } catch (failure) {
      if (isAbortError(failure)) return;
      setError(failureMessage(failure, t));
      if (isStale(failure)) onReload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
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
    </>
  );
}
