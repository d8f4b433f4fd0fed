import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codes } from '@shared/codes.ts';
import { infoChangeRequest } from '@shared/schemas/auth.ts';
import { reportApiError } from '@/lib/api-client.ts';
import { fieldErrors } from '@/lib/form-validation.ts';
import { currentLanguage } from '@/lib/i18n/index.ts';
import { useFormState } from '@/lib/use-form-state.ts';
import { loginInfoChange } from '../../api/login-info-change.ts';
import type { PendingSignIn } from '../../utils/pending-sign-in.ts';
import { StepFrame, StepMissing, usePendingStep } from '../sign-in/step-frame.tsx';
import { useSignInFlow } from '../sign-in/use-sign-in-flow.ts';

type Field = 'user_nm' | 'email';
const testIds: Record<Field, string> = { user_nm: 'info-change-name', email: 'info-change-email' };

/** /login/info-change: the user information a sign-in requires (-990000010008) before going on. */
export default function InfoChangePage() {
  const pending = usePendingStep('info-change');
  if (!pending) return <StepMissing />;
  return <InfoChange pending={pending} />;
}

function InfoChange({ pending }: { pending: PendingSignIn }) {
  const { t } = useTranslation();
  const flow = useSignInFlow();
  const { step } = pending;
  const { values, change, submitted, setSubmitted, serverErrors, setServerErrors } = useFormState<Record<Field, string>>({
    user_nm: step.user_nm ?? '',
    email: step.email ?? '',
  });
  const [busy, setBusy] = useState(false);
  const request = { ticket: step.ticket, ...values, language: currentLanguage() };
  const errors = { ...(submitted ? fieldErrors(infoChangeRequest, request, t) : {}), ...serverErrors };

  const submit = async () => {
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(fieldErrors(infoChangeRequest, request, t)).length > 0) return;
    setBusy(true);
    try {
      const refusal = await flow.run(() => loginInfoChange(request, { silent: true }), { kyk_id: pending.kyk_id, user_id: pending.user_id, next: pending.next }, { replace: true });
      if (!refusal) return;
      const { error } = refusal;
      if (error.code === codes.input.code && Object.keys(error.fields).length > 0) setServerErrors(error.fields);
      else reportApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, type: 'text' | 'email', autoComplete: string) => (
    <FormField label={label} errorText={errors[name]} controlId={testIds[name]}>
      <Input
        type={type}
        value={values[name]}
        invalid={!!errors[name]}
        disabled={busy}
        autoComplete={autoComplete}
        onChange={({ detail }) => change(name, detail.value)}
        nativeInputAttributes={{ 'data-testid': testIds[name], name }}
      />
    </FormField>
  );

  return (
    <StepFrame testId="info-change" title={t('signIn.info.title')} description={t('signIn.info.description')} code={pending.code}>
      <form
        noValidate
        data-testid="info-change-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Form
          actions={
            <Button variant="primary" loading={busy} nativeButtonAttributes={{ 'data-testid': 'info-change-submit' }}>
              {t('signIn.info.submit')}
            </Button>
          }
        >
          <SpaceBetween size="m">
            {field('user_nm', t('signIn.info.name'), 'text', 'name')}
            {field('email', t('signIn.info.email'), 'email', 'email')}
          </SpaceBetween>
        </Form>
      </form>
    </StepFrame>
  );
}
