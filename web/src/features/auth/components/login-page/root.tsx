import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { AlertProps } from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { MessageKey } from '@shared/messages.ts';
import { showErrorModal } from '@/lib/error-modal-store.ts';
import { i18n } from '@/lib/i18n/index.ts';
import { lazyValue } from '@/lib/lazy-value.ts';
import { navigateTo, safeNextPath } from '@/lib/navigation.ts';
import { useIsAuthenticated } from '@/lib/session.ts';
import type { LoginPageState } from '../sign-in/use-sign-in-flow.ts';
import { usePageTitle } from '@/components/page-layout.tsx';

type Field = 'kyk_id' | 'user_id' | 'password';

/**
 * A redirect to /login names its message as a catalogue key (`reason` for information, `message`
 * or `error` for an error); free text is ignored, so a link cannot make the product's own sign-in
 * page display a stranger's words.
 */
const isMessageKey = (value: string | null): value is MessageKey => !!value && /^(code|notice)\.\w+$/.test(value) && i18n.exists(value);

const goToLocation = (url: string) => window.location.assign(url);

/**
 * The shared schema (and zod with it), and the sign-in call with the API client and the sign-in flow,
 * load with the first keystroke or submit rather than with the page.
 */
const signInCode = lazyValue(() => import('./sign-in.ts'));

/** A message the page was opened with, and the other-location countdown, are rare: their code loads when shown. */
const Alert = lazy(() => import('@cloudscape-design/components/alert'));
const DifferentLocation = lazy(() => import('./different-location.tsx').then((module) => ({ default: module.DifferentLocation })));

/** Reasons a redirect carries that are refusals rather than information. */
const errorReasons: ReadonlySet<string> = new Set(['code.loginContractNotAllowed', 'notice.contractNotAllowed', 'notice.signInTicketInvalid']);

/**
 * The sign-in screen (SPEC.md §2): contract ID, user ID, password; force-login on -990000010003;
 * the further steps open their own pages (docs/sign-in.md); another location counts down and goes.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.title'));
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const authenticated = useIsAuthenticated();
  const next = safeNextPath(params.get('next')) ?? '/storage';
  const redirectError = params.get('message') ?? params.get('error');
  const reason = params.get('reason');

  const [values, setValues] = useState<Record<Field, string>>({ kyk_id: params.get('kyk_id') ?? '', user_id: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const routeState = (location.state ?? {}) as LoginPageState;
  const { differentLocation, signInMessage: stepMessage } = routeState;

  const localErrors = useMemo(() => {
    const code = signInCode.loaded();
    return submitted && code ? code.loginErrors(values, t) : {};
  }, [submitted, values, t]);
  const errorOf = (field: Field) => localErrors[field] ?? serverErrors[field];

  if (authenticated && !busy) return <Navigate to={next} replace />;

  const change = (field: Field, value: string) => {
    void signInCode.load().catch(() => {});
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors((previous) => {
      if (!(field in previous)) return previous;
      const rest = { ...previous };
      delete rest[field];
      return rest;
    });
  };

  const signIn = async (force: 0 | 1) => {
    let code;
    try {
      code = await signInCode.load();
    } catch {
      showErrorModal({ message: t('notice.networkError') });
      return;
    }
    setSubmitted(true);
    if (Object.keys(code.loginErrors(values, t)).length > 0) return;
    setBusy(true);
    try {
      const refusal = await code.signInWithPassword(values, force, next, navigate, t);
      if (refusal?.kind === 'signed-in-elsewhere') {
        showErrorModal({
          message: refusal.message,
          level: refusal.level,
          confirm: { label: t('login.signInAnyway'), onConfirm: () => signIn(1) },
        });
      } else if (refusal?.kind === 'fields') {
        setServerErrors(refusal.fields);
      }
    } finally {
      setBusy(false);
    }
  };

  if (differentLocation) {
    return (
      <Suspense fallback={null}>
        <DifferentLocation url={differentLocation.url} message={differentLocation.message} onGo={goToLocation} />
      </Suspense>
    );
  }

  // The message a redirect (or a step sending the user back) carries: an error, else information.
  const notice: { type: AlertProps.Type; text: string } | undefined = isMessageKey(redirectError)
    ? { type: 'error', text: t(redirectError) }
    : isMessageKey(reason)
      ? { type: errorReasons.has(reason) ? 'error' : 'info', text: t(reason) }
      : stepMessage;


  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void signIn(0);
  };

  const input = (field: Field, label: string, testId: string, options: { type?: 'password' | 'text'; autoComplete: string; autoFocus?: boolean }) => (
    <FormField label={label} errorText={errorOf(field)} controlId={`login-${field}`}>
      <Input
        value={values[field]}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        autoFocus={options.autoFocus}
        disableBrowserAutocorrect
        invalid={!!errorOf(field)}
        onChange={({ detail }) => change(field, detail.value)}
        nativeInputAttributes={{ 'data-testid': testId, name: field }}
      />
    </FormField>
  );

  return (
    <div className="login-page">
      <form onSubmit={onSubmit} noValidate data-testid="login-form">
        <SpaceBetween size="l">
          {notice && (
            <Suspense fallback={null}>
              <Alert type={notice.type} data-testid="login-redirect-message">
                {notice.text}
              </Alert>
            </Suspense>
          )}
          <Container header={<Header variant="h1" description={t('login.description')}>{t('login.title')}</Header>}>
            <Form
              actions={
                <Button variant="primary" formAction="submit" loading={busy} nativeButtonAttributes={{ 'data-testid': 'login-submit' }}>
                  {t('login.submit')}
                </Button>
              }
            >
              <SpaceBetween size="m">
                {input('kyk_id', t('login.kykId'), 'login-kyk-id', { autoComplete: 'organization', autoFocus: !values.kyk_id })}
                {input('user_id', t('login.userId'), 'login-user-id', { autoComplete: 'username', autoFocus: !!values.kyk_id })}
                {input('password', t('login.password'), 'login-password', { type: 'password', autoComplete: 'current-password' })}
              </SpaceBetween>
            </Form>
          </Container>
          <Box textAlign="center">
            <Link
              href="/com_drive/sso"
              onFollow={(event) => {
                event.preventDefault();
                navigateTo('/com_drive/sso');
              }}
              data-testid="login-sso-link"
            >
              {t('signIn.sso')}
            </Link>
          </Box>
          <Box textAlign="center" color="text-body-secondary" fontSize="body-s">
            {t('app.productName')}
          </Box>
        </SpaceBetween>
      </form>
    </div>
  );
}
