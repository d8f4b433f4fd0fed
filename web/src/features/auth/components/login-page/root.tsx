import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { mutate } from 'swr';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codes } from '@shared/codes.ts';
import type { MessageKey } from '@shared/messages.ts';
import { loginRequest } from '@shared/schemas/auth.ts';
import { ApiError, isAbortError, reportApiError } from '@/lib/api-client.ts';
import { showErrorModal } from '@/lib/error-modal-store.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { currentLanguage, i18n, setLanguage } from '@/lib/i18n/index.ts';
import { safeNextPath } from '@/lib/navigation.ts';
import { storeUser, useIsAuthenticated } from '@/lib/session.ts';
import { login } from '../../api/login.ts';
import { loginUserKey } from '../../api/get-login-user.ts';

type Field = 'kyk_id' | 'user_id' | 'password';

/**
 * A redirect to /login names its message as a catalogue key (`reason` for information, `message`
 * or `error` for an error); free text is ignored, so a link cannot make the product's own sign-in
 * page display a stranger's words.
 */
const isMessageKey = (value: string | null): value is MessageKey => !!value && /^(code|notice)\.\w+$/.test(value) && i18n.exists(value);

/** The sign-in screen (SPEC.md §2): contract ID, user ID, password; force-login on -990000010003. */
export default function LoginPage() {
  const { t } = useTranslation();
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

  const localErrors = useMemo(() => (submitted ? fieldErrors(loginRequest, values, t) : {}), [submitted, values, t]);
  const errorOf = (field: Field) => localErrors[field] ?? serverErrors[field];

  if (authenticated && !busy) return <Navigate to={next} replace />;

  const change = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors((previous) => {
      if (!(field in previous)) return previous;
      const rest = { ...previous };
      delete rest[field];
      return rest;
    });
  };

  const signIn = async (force: 0 | 1) => {
    setSubmitted(true);
    if (Object.keys(fieldErrors(loginRequest, values, t)).length > 0) return;
    setBusy(true);
    try {
      const { user } = await login({ ...values, force_flg: force, language: currentLanguage() }, { silent: true });
      storeUser(user);
      await mutate(loginUserKey, { user }, { revalidate: false });
      setLanguage(user.language);
      navigate(next, { replace: true });
    } catch (error) {
      if (isAbortError(error)) return;
      if (error instanceof ApiError && error.code === codes.loginSameUser.code) {
        showErrorModal({
          message: error.message,
          level: error.msgLevel,
          confirm: { label: t('login.signInAnyway'), onConfirm: () => signIn(1) },
        });
      } else if (error instanceof ApiError && error.code === codes.input.code && Object.keys(error.fields).length > 0) {
        setServerErrors(error.fields);
      } else {
        reportApiError(error);
      }
    } finally {
      setBusy(false);
    }
  };

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
          {isMessageKey(redirectError) && (
            <Alert type="error" data-testid="login-redirect-message">
              {t(redirectError)}
            </Alert>
          )}
          {!isMessageKey(redirectError) && isMessageKey(reason) && (
            <Alert type="info" data-testid="login-redirect-message">
              {t(reason)}
            </Alert>
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
          <Box textAlign="center" color="text-body-secondary" variant="small">
            {t('app.productName')}
          </Box>
        </SpaceBetween>
      </form>
    </div>
  );
}
