import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { PageKey } from '@/components/under-construction.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { InitialLoading, RouteError } from './route-status.tsx';

/**
 * The routes of SPEC.md §2. Built screens are lazy chunks (the login page never loads the drive
 * table, nor the signed-in frame with its AppLayout); the rest show the under-construction page. While a lazy chunk loads, the navigation is
 * "loading" and the root layout shows the overlay after 200 ms.
 */
const soon = (path: string, page: PageKey, publicPage = false): RouteObject => ({
  path,
  lazy: async () => {
    const { UnderConstruction } = await import('@/components/under-construction.tsx');
    return { element: <UnderConstruction page={page} publicPage={publicPage} /> };
  },
});

/** A built screen: its own lazy chunk, whose default export is the page. */
const page = (path: string, load: () => Promise<{ default: ComponentType }>): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await load()).default }),
});

export const routeObjects: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    HydrateFallback: InitialLoading,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', lazy: async () => ({ Component: (await import('@/features/auth/components/login-page/root.tsx')).default }) },
          // The steps a sign-in may still need (docs/sign-in.md); each keeps its pending step in sessionStorage.
          page('otp-mail', () => import('@/features/auth/components/otp-mail-page/root.tsx')),
          page('otp-multi-part', () => import('@/features/auth/components/otp-totp-page/root.tsx')),
          page('login/info-change', () => import('@/features/auth/components/info-change-page/root.tsx')),
          // SAML single sign-on: start (contract ID -> IdP), the ACS's hand-over, and its refusals.
          page('com_drive/sso', () => import('@/features/sso/components/sso-page/root.tsx')),
          page('com_drive/sso-fail', () => import('@/features/sso/components/sso-fail-page/root.tsx')),
          page('com_drive/sso-login', () => import('@/features/sso/components/sso-login-page/root.tsx')),
          // The invitation an imported user is mailed: set a first password (issue 28 item 19).
          page('invitation', () => import('@/features/auth/components/invitation-page/root.tsx')),
          // A share link's download page: no sign-in, sent with Referrer-Policy: no-referrer (docs/drive.md "Share links").
          page('share/:kykId/:token', () => import('@/features/shares/components/share-page/root.tsx')),
          // A file-request link's upload page: no sign-in, the folder never shown (docs/drive.md "File requests").
          page('request/:kykId/:token', () => import('@/features/intake/components/request-page/root.tsx')),
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/app-shell.tsx')).AppShell }),
        children: [
          // Home: recent files, favourites, shortcuts, the administrators' usage, a password-expiry notice (docs/home.md).
          { index: true, lazy: async () => ({ Component: (await import('./routes/home/root.tsx')).default }) },
          // The user manual, printable, with its downloadable edition (docs/home.md "Manual").
          page('manual', () => import('@/features/manual/components/manual-page/root.tsx')),
          {
            lazy: async () => ({ Component: (await import('./layouts/admin-only.tsx')).DriveOnly }),
            children: [
              { path: 'storage', lazy: async () => ({ Component: (await import('@/features/drive/components/drive-page/root.tsx')).default }) },
              // The drive's trash: restore, restore to a chosen folder, delete for good, empty (docs/drive.md "Trash").
              page('trash', () => import('@/features/drive/components/trash-page/root.tsx')),
              // The drive's access log: administrators read the contract's events, others their own (docs/drive.md "Access log").
              page('access-log', () => import('@/features/drive/components/access-log-page/root.tsx')),
              // The user's favourites and recent files, each opening the entry's place in the drive (docs/drive.md).
              page('favorites', () => import('@/features/drive/components/favorites-page/root.tsx')),
              page('recent', () => import('@/features/drive/components/recent-page/root.tsx')),
              // The drive search: conditions and results with their places (docs/drive.md "Search").
              page('search-result', () => import('@/features/drive/components/search-page/root.tsx')),
            ],
          },
          soon('location', 'location'),
          page('profile', () => import('@/features/auth/components/profile-page/root.tsx')),
          {
            // Administration: non-administrators get the no-permission page, and no API call is made.
            lazy: async () => ({ Component: (await import('./layouts/admin-only.tsx')).AdminOnly }),
            children: [
              page('security-policy', () => import('@/features/security/components/security-policy-page/root.tsx')),
              page('common-settings', () => import('@/features/settings/components/common-settings-page/root.tsx')),
              // Property items: the drive's own fields (docs/property-items.md).
              page('property-items', () => import('@/features/properties/components/property-items-page/root.tsx')),
              page('list-user', () => import('@/features/users/components/user-list-page/root.tsx')),
              // Registration (?mode=new), details (?user_id=…) and edit (&mode=edit) of one user.
              page('user', () => import('@/features/users/components/user-page/root.tsx')),
              page('list-user-group', () => import('@/features/groups/components/group-list-page/root.tsx')),
              page('user-group/create', () => import('@/features/groups/components/group-form-page/create.tsx')),
              page('user-group/edit/:id', () => import('@/features/groups/components/group-form-page/edit.tsx')),
              page('legal', () => import('@/features/legal/components/corp-list-page/root.tsx')),
              page('legal/add', () => import('@/features/legal/components/corp-create-page/root.tsx')),
              page('legal/:id', () => import('@/features/legal/components/corp-detail-page/root.tsx')),
              page('import-history', () => import('@/features/imports/components/import-history-page/root.tsx')),
              page('import-history/:id', () => import('@/features/imports/components/import-detail-page/root.tsx')),
              page('data-usage', () => import('@/features/drive/components/data-usage-page/root.tsx')),
              // Every share link of the contract, with revoke (docs/drive.md "Share links").
              page('share-links', () => import('@/features/drive/components/share-links-page/root.tsx')),
              // Electronic bookkeeping: correction history, tax-office export, late scans (docs/e-bookkeeping.md).
              page('e-bookkeeping', () => import('@/features/drive/components/e-bookkeeping-page/root.tsx')),
              // The contract's common tags: create, rename, delete (docs/drive.md "Tags administration").
              page('tags', () => import('@/features/drive/components/tags-admin-page/root.tsx')),
              // The audit log: every change and sign-in, with the readable difference (docs/operations.md "Read the audit log").
              page('audit-log', () => import('@/features/audit/components/audit-log-page/root.tsx')),
              // Each mail received at the intake addresses: the files it made, or why it was refused (docs/drive.md "Receiving documents by mail").
              page('intake-log', () => import('@/features/intake/components/intake-log-page/root.tsx')),
            ],
          },
        ],
      },
      {
        // /change-password: signed in, the own password change inside the signed-in frame; not signed
        // in, the change a sign-in requires (first sign-in, reset, expired) in the public frame.
        lazy: async () => ({ Component: (await import('./layouts/fallback-layout.tsx')).FallbackLayout }),
        children: [page('change-password', () => import('@/features/auth/components/change-password-page/root.tsx'))],
      },
      {
        // Not-found inside the frame the visitor would otherwise see.
        lazy: async () => ({ Component: (await import('./layouts/fallback-layout.tsx')).FallbackLayout }),
        children: [{ path: '*', lazy: async () => ({ Component: (await import('@/components/under-construction.tsx')).NotFound }) }],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
