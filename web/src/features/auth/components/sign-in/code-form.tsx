import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codes } from '@shared/codes.ts';
import { twoStepRequest } from '@shared/schemas/auth.ts';
import type { ApiResult } from '@/lib/api-client.ts';
import { reportApiError } from '@/lib/api-client.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { currentLanguage } from '@/lib/i18n/index.ts';
import type { PendingSignIn } from '../../utils/pending-sign-in.ts';
import { useSignInFlow } from './use-sign-in-flow.ts';

type TwoStepCall = (request: { ticket: string; auth_code: string; trust_device: 0 | 1; language: 'en' | 'ja' }) => Promise<ApiResult<unknown>>;

/**
 * The code entry of both second steps (mail and authenticator): the six-digit code, "trust this
 * device for N days", submit. A wrong code (-990000010014) and input errors show under the field;
 * a step that is over goes back to /login (useSignInFlow).
 */
export function CodeForm({ pending, call, prefix, extraActions }: {
  pending: PendingSignIn;
  call: TwoStepCall;
  /** Test-id prefix: `otp-mail` or `otp-totp`. */
  prefix: string;
  extraActions?: ReactNode;
}) {
  const { t } = useTranslation();
  const flow = useSignInFlow();
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { step } = pending;

  const request = { ticket: step.ticket, auth_code: code, trust_device: trust ? (1 as const) : (0 as const), language: currentLanguage() };
  const localError = submitted ? fieldErrors(twoStepRequest, request, t).auth_code : undefined;
  const error = localError ?? serverError;

  const submit = async () => {
    setSubmitted(true);
    setServerError(undefined);
    if (fieldErrors(twoStepRequest, request, t).auth_code) return;
    setBusy(true);
    try {
      const refusal = await flow.run(() => call(request), { kyk_id: pending.kyk_id, user_id: pending.user_id, next: pending.next }, { replace: true });
      if (!refusal) return;
      const { error: failure } = refusal;
      if (failure.code === codes.loginWrongOtp.code) setServerError(failure.message);
      else if (failure.code === codes.input.code && failure.fields.auth_code) setServerError(failure.fields.auth_code);
      else reportApiError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      data-testid={`${prefix}-form`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {extraActions}
            <Button variant="primary" loading={busy} nativeButtonAttributes={{ 'data-testid': `${prefix}-submit` }}>
              {t('signIn.code.submit')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          <FormField label={t('signIn.code.label')} description={t('signIn.code.description')} errorText={error} controlId={`${prefix}-code`}>
            <Input
              value={code}
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              disableBrowserAutocorrect
              invalid={!!error}
              onChange={({ detail }) => {
                setCode(detail.value);
                setServerError(undefined);
              }}
              nativeInputAttributes={{ 'data-testid': `${prefix}-code`, name: 'auth_code', maxLength: 12 }}
            />
          </FormField>
          {step.trust_days ? (
            <Checkbox checked={trust} onChange={({ detail }) => setTrust(detail.checked)} nativeInputAttributes={{ 'data-testid': `${prefix}-trust` }}>
              {t('signIn.code.trust', { days: step.trust_days })}
            </Checkbox>
          ) : null}
        </SpaceBetween>
      </Form>
    </form>
  );
}
