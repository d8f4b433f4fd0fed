import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate, type NavigateFunction } from 'react-router';
import { ApiError, isAbortError, reportApiError, type ApiResult } from '@/lib/api-client.ts';
import { setLanguage } from '@/lib/i18n/index.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { storeUser } from '@/lib/session.ts';
import { storeDeviceToken } from '../../utils/device-token.ts';
import { clearPendingSignIn, stepPaths, storePendingSignIn } from '../../utils/pending-sign-in.ts';
import { classifySignIn, type SignInOutcome } from '../../utils/sign-in-outcome.ts';
import { notifyPasswordExpiry } from './password-expiry-notice.tsx';

/** A message /login shows when a step sends the user back there (router state: a link cannot set it). */
export interface LoginPageState {
  signInMessage?: { text: string; type: 'error' | 'info' };
  /** -990000010010: the message and where to go after 3 seconds. */
  differentLocation?: { url: string; message: string };
}

/** Who is signing in: the device token and the pending step are kept per contract and user. */
export interface SignInContext {
  kyk_id: string;
  user_id: string;
  next: string;
}

/**
 * Turns the answer of any sign-in call into the outcome, and acts on the ones every page handles
 * the same way: signed in (keep user and device token, warn of an expiring password, go on), a
 * further step (remember it, open its page), start again (back to /login with the message), another
 * location (/login shows the countdown). `refused` is left to the page (inline or the error modal).
 */
export function useSignInFlow() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return signInFlow(navigate, t);
}

/** The flow outside a component (the login page loads it with the first keystroke or submit). */
export function signInFlow(navigate: NavigateFunction, t: TFunction) {

  const outcomeOf = (answer: ApiResult<unknown> | unknown): SignInOutcome | undefined => {
    if (answer instanceof ApiError) {
      if (answer.kind !== 'api') return undefined;
      return classifySignIn({ code: answer.code, message: answer.message, data: answer.data });
    }
    if (answer && typeof answer === 'object' && 'code' in answer) return classifySignIn(answer as ApiResult<unknown>);
    return undefined;
  };

  /** Acts on the outcome; answers it when the page still has to (refused), else undefined. */
  const apply = async (outcome: SignInOutcome, context: SignInContext, options: { replace?: boolean } = {}): Promise<SignInOutcome | undefined> => {
    switch (outcome.kind) {
      case 'signed-in': {
        const { user, data } = outcome;
        if (data.device_token) storeDeviceToken(user.kyk_id, user.user_id, data.device_token);
        clearPendingSignIn();
        storeUser(user);
        // SWR (and the signed-in user's read) load with the signed-in frame, not with the login page.
        const [{ mutate }, { loginUserKey }] = await Promise.all([import('swr'), import('../../api/get-login-user.ts')]);
        await mutate(loginUserKey, { user }, { revalidate: false });
        setLanguage(user.language);
        if (outcome.message && outcome.code !== 0) {
          notify({ id: newNotificationId('sign-in'), type: 'success', content: outcome.message, dismissLabel: t('common.close') }, 8000);
        }
        if (typeof data.password_expires_in_days === 'number') notifyPasswordExpiry(data.password_expires_in_days);
        navigate(context.next, { replace: true });
        return undefined;
      }
      case 'step':
        // A second step passed with "trust this device" may be followed by another step.
        if (outcome.deviceToken) storeDeviceToken(context.kyk_id, context.user_id, outcome.deviceToken);
        storePendingSignIn({ step: outcome.step, kyk_id: context.kyk_id, user_id: context.user_id, next: context.next, code: outcome.code });
        navigate(stepPaths[outcome.step.step], { replace: options.replace ?? false });
        return undefined;
      case 'restart':
        clearPendingSignIn();
        navigate('/login', { replace: true, state: { signInMessage: { text: outcome.message, type: 'error' } } satisfies LoginPageState });
        return undefined;
      case 'redirect':
        clearPendingSignIn();
        navigate('/login', { replace: true, state: { differentLocation: { url: outcome.url, message: outcome.message } } satisfies LoginPageState });
        return undefined;
      case 'refused':
        return outcome;
    }
  };

  /**
   * Runs one sign-in call and acts on its answer. Refusals come back for the page to show (with the
   * ApiError for field errors); transport failures and aborted calls show the default way.
   */
  const run = async <T>(
    call: () => Promise<ApiResult<T>>,
    context: SignInContext,
    options: { replace?: boolean; restartInPlace?: boolean } = {},
  ): Promise<{ refused: SignInOutcome & { kind: 'refused' }; error: ApiError } | undefined> => {
    let answer: ApiResult<T> | ApiError;
    try {
      answer = await call();
    } catch (error) {
      if (isAbortError(error)) return undefined;
      if (!(error instanceof ApiError) || error.kind !== 'api') {
        reportApiError(error);
        return undefined;
      }
      answer = error;
    }
    let outcome = outcomeOf(answer);
    if (!outcome) return undefined;
    // On /login itself a refusal that would start the sign-in again (e.g. locked) is shown in place.
    if (outcome.kind === 'restart' && options.restartInPlace) outcome = { kind: 'refused', code: outcome.code, message: outcome.message };
    const left = await apply(outcome, context, options);
    if (left?.kind === 'refused') {
      const error = answer instanceof ApiError ? answer : new ApiError('api', left.code, 'ERROR', left.message);
      return { refused: left, error };
    }
    return undefined;
  };

  return { run, apply, outcomeOf };
}
