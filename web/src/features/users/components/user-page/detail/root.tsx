import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { UserDetail } from '@shared/schemas/users.ts';
import { usePageLayout } from '@/components/page-layout.tsx';
import { RecordLoading } from '@/components/record-loading.tsx';
import { useUser } from '../../../api/get-user.ts';
import { refreshUserLists } from '../../../api/list-users.ts';
import { LIST_HREF, userHref } from '../../../utils/hrefs.ts';
import { canSuspend, canUnsuspend, statusNames } from '../../../utils/user-form.ts';
import { EditUserForm } from '../edit-form.tsx';
import { DevicesContainer } from './devices-container.tsx';
import { UserDialogs, type Dialog } from './dialogs.tsx';
import { GroupsContainer } from './groups-container.tsx';
import { InfoContainer } from './info-container.tsx';
import { OrganizationContainer } from './organization-container.tsx';
import { SecurityContainer } from './security-container.tsx';
import { SignInsContainer } from './sign-ins-container.tsx';

/**
 * /user?user_id=… (SPEC.md §2): Cloudscape "details page" of one user, with its edit form
 * (`&mode=edit`). As cloudscape-design/demos: this root holds the record and the page header; each
 * container is its own component, the actions' dialogs another.
 */
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

function UserDetailView({ user, onChanged, onReload }: { user: UserDetail; onChanged: (user: UserDetail) => void; onReload: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>();

  return (
    <div data-testid="user-detail" data-user-id={user.user_id} data-user-status={statusNames[user.status]}>
      <ContentLayout
        header={
          <Header
            variant="h1"
            description={t('users.detail.idLine', { id: user.user_id })}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => setDialog('delete')} nativeButtonAttributes={{ 'data-testid': 'user-detail-delete-button' }}>
                  {t('users.actions.delete')}
                </Button>
                {canUnsuspend(user) && (
                  <Button onClick={() => setDialog('unsuspend')} nativeButtonAttributes={{ 'data-testid': 'user-detail-unsuspend-button' }}>
                    {t('users.actions.unsuspend')}
                  </Button>
                )}
                {canSuspend(user) && (
                  <Button onClick={() => setDialog('suspend')} nativeButtonAttributes={{ 'data-testid': 'user-detail-suspend-button' }}>
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
          <InfoContainer user={user} />
          <OrganizationContainer user={user} />
          <GroupsContainer user={user} />
          <SecurityContainer user={user} onResetPassword={() => setDialog('password')} onResetTotp={() => setDialog('totp')} />
          <DevicesContainer userId={user.user_id} onReset={() => setDialog('devices')} />
          <SignInsContainer userId={user.user_id} userName={user.user_nm} />
        </SpaceBetween>
      </ContentLayout>
      <UserDialogs user={user} dialog={dialog} onClose={() => setDialog(undefined)} onChanged={onChanged} onReload={onReload} />
    </div>
  );
}
