import { useTranslation } from 'react-i18next';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useLoginOptions } from '@/features/auth/api/get-login-options.ts';
import { useLoginUser } from '@/features/auth/api/get-login-user.ts';
import { usePageLayout } from '@/components/page-layout.tsx';
import { FavoritesList, RecentList } from './lists.tsx';
import { AdminLinks, PasswordExpiryNotice, Shortcuts, UsagePanel } from './panels.tsx';

const halves = [{ colspan: { default: 12, s: 6 } }, { colspan: { default: 12, s: 6 } }];

/**
 * Home (/, SPEC.md §2; docs/home.md): what a signed-in user needs first. It composes several
 * features (drive lists and usage, the sign-in's user and options), so it lives with the app, not in one. The password-expiry
 * notice, the shortcuts the user's rights allow, recent files and favourites (drive users), and
 * for administrators the data usage against the quota and the administration pages. Only calls
 * that exist: get_login_user_info, get_login_options, recent_list, favorite_list, data_usage.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { data } = useLoginUser();
  const options = useLoginOptions();
  const user = data?.user;
  usePageLayout([{ text: t('pages.home'), href: '/' }]);
  const expiresIn = data && 'password_expires_in_days' in data ? data.password_expires_in_days : undefined;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('home.description')}>
          {user ? t('home.welcome', { name: user.user_nm || user.user_id }) : t('pages.home')}
        </Header>
      }
    >
      {user && (
        <SpaceBetween size="l">
          {typeof expiresIn === 'number' && <PasswordExpiryNotice days={expiresIn} />}
          <Shortcuts user={user} property={options.data?.options.property === 1} />
          {user.rights.drive >= 1 && (
            <Grid gridDefinition={halves}>
              <RecentList />
              <FavoritesList />
            </Grid>
          )}
          {user.rights.admin === 1 && (
            <Grid gridDefinition={halves}>
              <UsagePanel />
              <AdminLinks />
            </Grid>
          )}
        </SpaceBetween>
      )}
    </ContentLayout>
  );
}
