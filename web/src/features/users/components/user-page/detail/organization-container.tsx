import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import type { UserDetail } from '@shared/schemas/users.ts';

/** "Organization": legal entity, department and post. */
export function OrganizationContainer({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const dash = t('common.notAvailable');
  return (
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
  );
}
