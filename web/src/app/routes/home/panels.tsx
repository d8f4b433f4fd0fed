import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { LoginUser } from '@shared/schemas/auth.ts';
import { useDataUsage } from '@/features/drive/api/get-data-usage.ts';
import { StorageSummary } from '@/components/quota-state.tsx';
import { linkToAtp } from '@/features/auth/api/link-to-atp.ts';

const go = (navigate: (href: string) => void, href: string) => (event: CustomEvent) => {
  event.preventDefault();
  navigate(href);
};

/** SPEC.md §4 "about to expire": the days left (from get_login_user_info), with the way to change it. */
export function PasswordExpiryNotice({ days }: { days: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Alert
      type="warning"
      data-testid="home-password-expiry"
      header={t('home.passwordExpiry.header')}
      action={<Button onClick={() => navigate('/change-password')}>{t('home.passwordExpiry.change')}</Button>}
    >
      {days <= 0 ? t('home.passwordExpiry.today') : t('home.passwordExpiry.body', { count: days })}
    </Alert>
  );
}

/**
 * What the user's rights allow, one click away: the drive and its pages (drive right from view 1,
 * upload from active 2), the property module when the contract has it, the manual.
 */
export function Shortcuts({ user, property }: { user: LoginUser; property: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const drive = user.rights.drive;
  const openProperty = async () => {
    setOpening(true);
    try {
      const { url } = await linkToAtp();
      window.location.assign(url);
    } catch {
      // the error modal has told the user
    } finally {
      setOpening(false);
    }
  };
  const button = (testId: string, href: string, text: string, iconName: 'folder' | 'upload' | 'search' | 'star' | 'status-pending' | 'remove' | 'support', primary = false) => (
    <Button key={testId} variant={primary ? 'primary' : 'normal'} iconName={iconName} href={href} onFollow={go(navigate, href)} data-testid={testId}>
      {text}
    </Button>
  );
  return (
    <Container header={<Header variant="h2">{t('home.shortcuts.title')}</Header>} data-testid="home-shortcuts">
      <SpaceBetween size="s">
        {drive === 0 && (
          <Box color="text-body-secondary" data-testid="home-no-drive">
            {t('home.shortcuts.noDrive')}
          </Box>
        )}
        <SpaceBetween size="xs" direction="horizontal">
          {drive >= 1 && button('home-shortcut-drive', '/storage', t('home.shortcuts.drive'), 'folder', true)}
          {drive >= 2 && button('home-shortcut-upload', '/storage', t('home.shortcuts.upload'), 'upload')}
          {drive >= 1 && button('home-shortcut-search', '/search-result', t('home.shortcuts.search'), 'search')}
          {drive >= 1 && button('home-shortcut-favorites', '/favorites', t('home.shortcuts.favorites'), 'star')}
          {drive >= 1 && button('home-shortcut-recent', '/recent', t('home.shortcuts.recent'), 'status-pending')}
          {drive >= 1 && button('home-shortcut-trash', '/trash', t('home.shortcuts.trash'), 'remove')}
          {property && (
            <Button key="property" iconName="external" iconAlign="right" loading={opening} onClick={() => void openProperty()} data-testid="home-shortcut-property">
              {t('home.shortcuts.property')}
            </Button>
          )}
          {button('home-shortcut-manual', '/manual', t('home.shortcuts.manual'), 'support')}
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}

/** Administrators: the contract's usage against the quota the operator set (data_usage). */
export function UsagePanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useDataUsage();
  return (
    <Container
      data-testid="home-usage"
      fitHeight
      header={<Header variant="h2" description={t('home.usage.description')}>{t('home.usage.title')}</Header>}
      footer={
        <Box textAlign="center">
          <Link href="/data-usage" onFollow={go(navigate, '/data-usage')}>{t('home.usage.details')}</Link>
        </Box>
      }
    >
      {data ? (
        <StorageSummary usage={data} testIdPrefix="home-usage" />
      ) : (
        <Box color="text-body-secondary">{t('common.loading')}</Box>
      )}
    </Container>
  );
}

/** Administrators: the administration pages, as in the side navigation. */
export function AdminLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const links: [string, string][] = [
    ['/list-user', t('nav.accounts')],
    ['/list-user-group', t('nav.userGroups')],
    ['/legal', t('nav.legalEntities')],
    ['/security-policy', t('nav.securityPolicy')],
    ['/common-settings', t('nav.commonSettings')],
    ['/import-history', t('nav.importHistory')],
    ['/access-log', t('nav.accessLog')],
    ['/share-links', t('nav.shareLinks')],
    ['/intake-log', t('intake.log.title')],
  ];
  return (
    <Container data-testid="home-admin" fitHeight header={<Header variant="h2">{t('home.admin.title')}</Header>}>
      <ColumnLayout columns={2}>
        {links.map(([href, text]) => (
          <Link key={href} href={href} onFollow={go(navigate, href)}>
            {text}
          </Link>
        ))}
      </ColumnLayout>
    </Container>
  );
}
