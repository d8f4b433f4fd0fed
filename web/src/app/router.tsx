import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFound, UnderConstruction, type PageKey } from '@/components/under-construction.tsx';
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
  element: <UnderConstruction page={page} publicPage={publicPage} />,
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
          soon('otp-mail', 'otpMail', true),
          soon('otp-multi-part', 'otpMultiPart', true),
          soon('change-password', 'changePassword', true),
          soon('com_drive/sso', 'sso', true),
          soon('com_drive/sso-fail', 'ssoFail', true),
          soon('com_drive/sso-login', 'ssoLogin', true),
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/app-shell.tsx')).AppShell }),
        children: [
          { index: true, element: <Navigate to="/storage" replace /> },
          { path: 'storage', lazy: async () => ({ Component: (await import('@/features/drive/components/drive-page/root.tsx')).default }) },
          soon('search-result', 'searchResult'),
          soon('user', 'user'),
          soon('security-policy', 'securityPolicy'),
          soon('legal', 'legal'),
          soon('legal/add', 'legalAdd'),
          soon('list-user-group', 'listUserGroup'),
          soon('user-group/edit/:id', 'userGroupEdit'),
          soon('user-group/create', 'userGroupCreate'),
          soon('list-user', 'listUser'),
          soon('location', 'location'),
          soon('profile', 'profile'),
        ],
      },
      {
        // Not-found inside the frame the visitor would otherwise see.
        lazy: async () => ({ Component: (await import('./layouts/fallback-layout.tsx')).FallbackLayout }),
        children: [{ path: '*', element: <NotFound /> }],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
