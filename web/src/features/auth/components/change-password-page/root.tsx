import { useIsAuthenticated } from '@/lib/session.ts';
import { OwnPasswordChange } from './own-password.tsx';
import { SignInPasswordChange } from './sign-in-password.tsx';

/**
 * /change-password (SPEC.md §2). Signed in: the user's own change (current, new, confirm). Not
 * signed in: the change a sign-in requires (first sign-in, administrator reset, expired, policy not
 * met), proved by the pending step's ticket instead of the current password.
 */
export default function ChangePasswordPage() {
  return useIsAuthenticated() ? <OwnPasswordChange /> : <SignInPasswordChange />;
}
