import { Outlet } from 'react-router';
import { TopBar } from './top-bar.tsx';

/** Screens before sign-in (login, one-time codes, SSO): top navigation with the language switch only. */
export function PublicLayout() {
  return (
    <>
      <TopBar />
      <main className="public-main">
        <Outlet />
      </main>
    </>
  );
}
