import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { mutate } from 'swr';
import AppLayout from '@cloudscape-design/components/app-layout';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { changeLanguage } from '@/features/auth/api/change-language.ts';
import { logout } from '@/features/auth/api/logout.ts';
import { useLoginUser } from '@/features/auth/api/get-login-user.ts';
import { useLoginOptions } from '@/features/auth/api/get-login-options.ts';
import { useApplyUserSettings } from '@/features/auth/api/get-user-settings.ts';
import { saveUserSettings } from '@/features/auth/api/save-user-settings.ts';
import { createPageLayoutStore, PageLayoutProvider, usePageLayoutState } from '@/components/page-layout.tsx';
import { isAbortError } from '@/lib/api-client.ts';
import { loginPath } from '@/lib/navigation.ts';
import { clearNotifications, useNotifications, usePageNotifications } from '@/lib/notifications.ts';
import { clearSession, lastSessionEnd, readStoredUser, useIsAuthenticated } from '@/lib/session.ts';
import { SwrDefaults } from '@/lib/swr-defaults.tsx';
import { setTransfersPanelOpen, summarize, useTransfers, useTransfersPanelOpen } from '@/features/drive/utils/transfer-queue.ts';
import { TopBar } from './top-bar.tsx';

// The transfers drawer's content (progress bars and actions) loads when it is first opened.
// Loaded with the first message, and the details panel with the first page that shows one: most
// pages open without either.
const Flashbar = lazy(() => import('@cloudscape-design/components/flashbar'));
const SplitPanel = lazy(() => import('@cloudscape-design/components/split-panel'));
const TransfersPanel = lazy(() => import('@/features/drive/components/transfers-panel.tsx').then((module) => ({ default: module.TransfersPanel })));
const TRANSFERS_DRAWER = 'transfers';

/** The signed-in frame: top navigation, side navigation, breadcrumbs, notifications, the page. */
export function AppShell() {
  const authenticated = useIsAuthenticated();
  const location = useLocation();
  if (!authenticated) {
    const end = lastSessionEnd();
    const here = `${location.pathname}${location.search}`;
    const next = end.returnHere === false || here === '/' ? undefined : here;
    return <Navigate to={loginPath({ next, kyk_id: end.kykId, reason: end.reason })} replace />;
  }
  return (
    <SwrDefaults>
      <SignedInShell />
    </SwrDefaults>
  );
}

function SignedInShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { data } = useLoginUser();
  const user = data?.user;
  const [layoutStore] = useState(createPageLayoutStore);
  const layout = usePageLayoutState(layoutStore);
  const notifications = useNotifications();
  // A page's messages stay on it: another page starts without them (work in progress follows).
  usePageNotifications(location.pathname);
  const [navigationOpen, setNavigationOpen] = useState(true);
  const [splitPanelOpen, setSplitPanelOpen] = useState(false);
  const [splitPanelPosition, setSplitPanelPosition] = useState<'bottom' | 'side'>('bottom');
  // Short enough at the bottom that the table keeps most of the screen; the user resizes it.
  const [splitPanelSize, setSplitPanelSize] = useState(240);
  const splitPanel = layout.splitPanel;
  const [signingOut, setSigningOut] = useState(false);
  // This tab's uploads: a drawer of the frame (so they stay in reach on every page) once there are any.
  const transfers = summarize(useTransfers());
  const transfersOpen = useTransfersPanelOpen() && transfers.total > 0;
  const options = useLoginOptions();
  const contractRefused = options.data?.allowed === false;
  const refusing = useRef(false);
  // The user's display settings kept on the server (rows per page, visual mode, density).
  useApplyUserSettings();

  // SPEC.md §1: a contract without this module signs out and goes to /login with the message.
  useEffect(() => {
    if (!contractRefused || refusing.current) return;
    refusing.current = true;
    const kykId = user?.kyk_id ?? readStoredUser()?.kyk_id;
    void (async () => {
      await logout({ silent: true }).catch(() => undefined);
      clearNotifications();
      await mutate(() => true, undefined, { revalidate: false });
      // The shell then redirects to /login with this reason (an error there).
      clearSession({ reason: 'code.loginContractNotAllowed', kykId, returnHere: false });
    })();
  }, [contractRefused, user?.kyk_id]);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
      // SPEC.md §4: on an info-level result the token is removed and the user goes to /login.
      clearSession({ returnHere: false });
      clearNotifications();
      await mutate(() => true, undefined, { revalidate: false });
      navigate('/login', { replace: true });
    } catch (error) {
      if (!isAbortError(error)) {
        // The API client already showed the error (or went to /login on a timeout).
      }
    } finally {
      setSigningOut(false);
    }
  };

  const admin = user?.rights.admin === 1;
  // The trash, favourites and recent files sit under the drive (a user without drive rights has none: DriveOnly refuses them).
  const driveUser = user === undefined || user.rights.drive >= 1;
  const items: SideNavigationProps.Item[] = [
    { type: 'link', text: t('nav.home'), href: '/' },
    driveUser
      ? {
          type: 'link-group',
          text: t('nav.drive'),
          href: '/storage',
          // Administrators find the access log with the administration pages; others read their own here.
          items: [
            { type: 'link', text: t('nav.favorites'), href: '/favorites' },
            { type: 'link', text: t('nav.recent'), href: '/recent' },
            { type: 'link', text: t('nav.trash'), href: '/trash' },
            ...(admin ? [] : [{ type: 'link' as const, text: t('nav.accessLog'), href: '/access-log' }]),
          ],
        }
      : { type: 'link', text: t('nav.drive'), href: '/storage' },
    { type: 'link', text: t('nav.profile'), href: '/profile' },
    { type: 'link', text: t('nav.manual'), href: '/manual' },
  ];
  if (admin) {
    items.push(
      { type: 'divider' },
      {
        type: 'section-group',
        title: t('nav.administration'),
        items: [
          { type: 'link', text: t('nav.accounts'), href: '/list-user' },
          { type: 'link', text: t('nav.userGroups'), href: '/list-user-group' },
          { type: 'link', text: t('nav.legalEntities'), href: '/legal' },
          { type: 'link', text: t('nav.importHistory'), href: '/import-history' },
          { type: 'link', text: t('nav.securityPolicy'), href: '/security-policy' },
          { type: 'link', text: t('nav.commonSettings'), href: '/common-settings' },
          { type: 'link', text: t('nav.propertyItems'), href: '/property-items' },
          { type: 'link', text: t('nav.dataUsage'), href: '/data-usage' },
          { type: 'link', text: t('nav.shareLinks'), href: '/share-links' },
          { type: 'link', text: t('intake.log.title'), href: '/intake-log' },
          { type: 'link', text: t('nav.accessLog'), href: '/access-log' },
          { type: 'link', text: t('nav.eBookkeeping'), href: '/e-bookkeeping' },
          { type: 'link', text: t('nav.tags'), href: '/tags' },
          { type: 'link', text: t('nav.auditLog'), href: '/audit-log' },
        ],
      },
    );
  }
  const hrefs = ['/storage', '/favorites', '/recent', '/trash', '/access-log', '/profile', '/manual', ...(admin ? ['/list-user', '/list-user-group', '/legal', '/import-history', '/security-policy', '/common-settings', '/property-items', '/data-usage', '/share-links', '/intake-log', '/e-bookkeeping', '/tags', '/audit-log'] : [])];
  // The group create and edit screens live under /user-group/ but belong to the group list; /user
  // (a user's registration, details and edit) belongs to the account list.
  const section = location.pathname.startsWith('/user-group/')
    ? '/list-user-group'
    : location.pathname === '/user'
      ? '/list-user'
      : location.pathname;
  const activeHref = section === '/' ? '/' : hrefs.find((href) => section === href || section.startsWith(`${href}/`));

  const follow = (event: CustomEvent<{ href: string; external?: boolean }>) => {
    if (event.detail.external) return;
    event.preventDefault();
    navigate(event.detail.href);
  };

  return (
    <PageLayoutProvider store={layoutStore}>
      <TopBar
        user={user}
        onSignOut={() => void signOut()}
        onLanguageChange={(language) => void changeLanguage({ language }).catch(() => undefined)}
        onVisualModeChange={(change) => void saveUserSettings(change).catch(() => undefined)}
        signingOut={signingOut}
      />
      <AppLayout
        headerSelector="#top-nav"
        contentType={layout.contentType}
        toolsHide
        drawers={
          transfers.total > 0
            ? [
                {
                  id: TRANSFERS_DRAWER,
                  content: (
                    <Suspense fallback={null}>
                      <TransfersPanel />
                    </Suspense>
                  ),
                  trigger: { iconName: 'upload' },
                  badge: transfers.active > 0,
                  ariaLabels: {
                    drawerName: t('transfers.drawerName'),
                    closeButton: t('transfers.close'),
                    triggerButton: transfers.active > 0 ? t('transfers.triggerActive', { count: transfers.active }) : t('transfers.drawerName'),
                  },
                },
              ]
            : undefined
        }
        activeDrawerId={transfersOpen ? TRANSFERS_DRAWER : null}
        onDrawerChange={({ detail }) => setTransfersPanelOpen(detail.activeDrawerId === TRANSFERS_DRAWER)}
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        navigation={
          <SideNavigation
            header={{ text: t('app.productName'), href: '/storage' }}
            activeHref={activeHref}
            items={items}
            onFollow={follow}
          />
        }
        breadcrumbs={
          layout.breadcrumbs.length > 0 ? (
            // Every page's breadcrumbs start from the same place: the product (as the side navigation's header).
            <BreadcrumbGroup
              items={[{ text: t('app.productName'), href: '/storage' }, ...layout.breadcrumbs]}
              ariaLabel={t('nav.breadcrumbs')}
              onFollow={follow}
              data-testid="breadcrumbs"
            />
          ) : undefined
        }
        // One stack: the newest message on top, the others behind it with a count (Cloudscape's texts).
        // A page's details panel (usePageSplitPanel): open and position are the user's, kept across pages.
        splitPanel={
          splitPanel ? (
            <Suspense fallback={null}>
            <SplitPanel
              header={splitPanel.header}
              closeBehavior="collapse"
              i18nStrings={{
                preferencesTitle: splitPanel.labels.preferences,
                preferencesPositionLabel: splitPanel.labels.position,
                preferencesPositionDescription: '',
                preferencesPositionSide: splitPanel.labels.positionSide,
                preferencesPositionBottom: splitPanel.labels.positionBottom,
                preferencesConfirm: splitPanel.labels.confirm,
                preferencesCancel: splitPanel.labels.cancel,
                closeButtonAriaLabel: splitPanel.labels.close,
                openButtonAriaLabel: splitPanel.labels.open,
                resizeHandleAriaLabel: splitPanel.labels.resize,
              }}
            >
              {splitPanel.content}
            </SplitPanel>
            </Suspense>
          ) : undefined
        }
        splitPanelOpen={splitPanel ? splitPanelOpen : false}
        onSplitPanelToggle={({ detail }) => setSplitPanelOpen(detail.open)}
        splitPanelSize={splitPanelSize}
        onSplitPanelResize={({ detail }) => setSplitPanelSize(detail.size)}
        splitPanelPreferences={{ position: splitPanelPosition }}
        onSplitPanelPreferencesChange={({ detail }) => setSplitPanelPosition(detail.position)}
        notifications={
          notifications.length > 0 ? (
            <div className="no-print">
              <Suspense fallback={null}>
                {/* Every dismiss button has a name, whoever raised the message. */}
                <Flashbar items={notifications.map((item) => (item.dismissLabel ? item : { ...item, dismissLabel: t('common.close') }))} stackItems />
              </Suspense>
            </div>
          ) : undefined
        }
        stickyNotifications
        ariaLabels={{
          navigation: t('nav.sideHeader'),
          navigationToggle: t('nav.openNavigation'),
          navigationClose: t('nav.closeNavigation'),
          notifications: t('nav.notifications'),
        }}
        content={<Outlet />}
      />
    </PageLayoutProvider>
  );
}
