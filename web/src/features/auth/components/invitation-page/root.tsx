import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { codes } from '@shared/codes.ts';
import type { RouteResponse } from '@shared/routes.ts';
import { invitationPasswordRequest } from '@shared/schemas/invitations.ts';
import { ApiError, callApi, isAbortError, reportApiError } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { currentLanguage } from '@/lib/i18n/index.ts';
import { useFormState } from '@/lib/use-form-state.ts';
import { ConditionsPanel } from '../change-password-page/conditions-panel.tsx';
import { PasswordFormField } from '../change-password-page/password-form-field.tsx';
import { StepFrame } from '../sign-in/step-frame.tsx';
import { fieldOfPasswordError, newPasswordFormErrors } from '../../utils/password-conditions.ts';

type Invitation = RouteResponse<'com/invitation_info'>;
type State = { step: 'loading' } | { step: 'refused'; message: string } | { step: 'ready'; invitation: Invitation } | { step: 'done'; invitation: Invitation };
type Field = 'new_password' | 'confirm_password';
const empty: Record<Field, string> = { new_password: '', confirm_password: '' };
const testIds: Record<Field, string> = { new_password: 'invitation-new-password', confirm_password: 'invitation-confirm-password' };

/**
 * /invitation?kyk_id=…&token=…: the page of the link an imported user is mailed (issue 28 item 19).
 * It reads the invitation (unknown, used or expired: the server's reason), then sets the first
 * password with the change-password form's rules, messages and conditions; then on to sign-in.
 */
export default function InvitationPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const kykId = params.get('kyk_id') ?? '';
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(() => (kykId && token ? { step: 'loading' } : { step: 'refused', message: t('users.invitation.missing') }));
  const { values, change, submitted, setSubmitted, serverErrors, setServerErrors } = useFormState(empty);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!kykId || !token) return;
    const controller = new AbortController();
    callApi('com/invitation_info', { kyk_id: kykId, token, language: currentLanguage() }, { signal: controller.signal, silent: true }).then(
      (invitation) => setState({ step: 'ready', invitation }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        setState({ step: 'refused', message: error instanceof ApiError ? error.message : t('users.invitation.missing') });
      },
    );
    return () => controller.abort();
  }, [kykId, token, t]);

  const request = { kyk_id: kykId, token, ...values, language: currentLanguage() };
  const localErrors = () => newPasswordFormErrors(invitationPasswordRequest, request, t);
  const errors = { ...(submitted ? localErrors() : {}), ...serverErrors };

  const submit = async (invitation: Invitation) => {
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(localErrors()).length > 0) return;
    setBusy(true);
    try {
      await callApi('com/invitation_password_set', request, { silent: true });
      setState({ step: 'done', invitation });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const field = fieldOfPasswordError(error.code);
      if (field === 'new_password' || field === 'confirm_password') setServerErrors({ [field]: error.message });
      else if (error.code === codes.input.code && Object.keys(error.fields).length > 0) setServerErrors(error.fields);
      else if (error.code === codes.address.code) setState({ step: 'refused', message: error.message });
      else reportApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const signIn = () => navigate(`/login?${new URLSearchParams({ kyk_id: kykId }).toString()}`, { replace: true });

  const field = (name: Field, label: string) => (
    <PasswordFormField name={name} label={label} value={values[name]} error={errors[name]} disabled={busy} testId={testIds[name]} autoFocus={name === 'new_password'} onChange={(value) => change(name, value)} />
  );

  return (
    <StepFrame testId="invitation-page" title={t('users.invitation.title')} description={t('users.invitation.description')} wide={state.step === 'ready'}>
      {state.step === 'loading' && (
        <Box data-testid="invitation-loading">
          <Spinner /> {t('users.invitation.loading')}
        </Box>
      )}
      {state.step === 'refused' && (
        <Alert type="error" data-testid="invitation-refused">
          {state.message}
        </Alert>
      )}
      {state.step === 'done' && (
        <Alert
          type="success"
          data-testid="invitation-done"
          header={t('users.invitation.doneTitle')}
          action={<Button variant="primary" onClick={signIn} nativeButtonAttributes={{ 'data-testid': 'invitation-sign-in' }}>{t('users.invitation.signIn')}</Button>}
        >
          {t('users.invitation.doneDescription', { kykId: state.invitation.kyk_id, userId: state.invitation.user_id })}
        </Alert>
      )}
      {state.step === 'ready' && (
        <SpaceBetween size="l">
          <form
            noValidate
            data-testid="invitation-form"
            onSubmit={(event) => {
              event.preventDefault();
              void submit(state.invitation);
            }}
          >
            <Form
              actions={
                <Button variant="primary" loading={busy} nativeButtonAttributes={{ 'data-testid': 'invitation-submit' }}>
                  {t('users.invitation.submit')}
                </Button>
              }
            >
              <SpaceBetween size="l">
                <Box variant="small" color="text-body-secondary" data-testid="invitation-account">
                  {t('users.invitation.account', { kykId: state.invitation.kyk_id, userId: state.invitation.user_id, name: state.invitation.user_nm })}
                  <br />
                  {t('users.invitation.expires', { at: formatDateTime(state.invitation.expires_at, language) })}
                </Box>
                {field('new_password', t('users.invitation.newPassword'))}
                {field('confirm_password', t('users.invitation.confirmPassword'))}
              </SpaceBetween>
            </Form>
          </form>
          <ConditionsPanel state="ready" policy={state.invitation.policy} />
        </SpaceBetween>
      )}
    </StepFrame>
  );
}
