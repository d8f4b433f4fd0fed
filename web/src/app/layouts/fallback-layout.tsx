import { useIsAuthenticated } from '@/lib/session.ts';
import { SwrDefaults } from '@/lib/swr-defaults.tsx';
import { AppShell } from './app-shell.tsx';
import { PublicLayout } from './public-layout.tsx';

/** The frame of pages outside the known routes: the signed-in shell, or the public one. */
export function FallbackLayout() {
  return useIsAuthenticated() ? (
    <AppShell />
  ) : (
    // The sign-in's password change reads the password conditions through SWR.
    <SwrDefaults>
      <PublicLayout />
    </SwrDefaults>
  );
}
