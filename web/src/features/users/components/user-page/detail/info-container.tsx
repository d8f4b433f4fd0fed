import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import type { UserDetail } from '@shared/schemas/users.ts';
import { UserStatusBadge } from '../../status-badge.tsx';
import { useByline } from './format.ts';

/** "User information": ID, name, status, contact, language, who registered and updated it. */
export function InfoContainer({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const byline = useByline();
  const dash = t('common.notAvailable');
  return (
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
  );
}
