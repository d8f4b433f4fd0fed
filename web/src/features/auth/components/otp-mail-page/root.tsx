import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ApiError, isAbortError, reportApiError } from '@/lib/api-client.ts';
import { currentLanguage } from '@/lib/i18n/index.ts';
import { loginTwoStep } from '../../api/login-two-step.ts';
import { resendMailCode } from '../../api/resend-mail-code.ts';
import { clearPendingSignIn, storePendingSignIn, type PendingSignIn } from '../../utils/pending-sign-in.ts';
import { classifySignIn } from '../../utils/sign-in-outcome.ts';
import { CodeForm } from '../sign-in/code-form.tsx';
import { StepFrame, StepMissing, usePendingStep } from '../sign-in/step-frame.tsx';
import type { LoginPageState } from '../sign-in/use-sign-in-flow.ts';

/** /otp-mail (SPEC.md §2): the one-time code sent by e-mail, resend, trust this device, back to sign-in. */
export default function OtpMailPage() {
  const initial = usePendingStep('otp-mail');
  const [pending, setPending] = useState(initial);
  if (!pending) return <StepMissing />;
  return <OtpMail pending={pending} onResent={setPending} />;
}

function OtpMail({ pending, onResent }: { pending: PendingSignIn; onResent: (pending: PendingSignIn) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const [resendError, setResendError] = useState<string>();
  const { step } = pending;

  const resend = async () => {
    setResending(true);
    setResent(false);
    setResendError(undefined);
    try {
      const { data } = await resendMailCode({ ticket: step.ticket, language: currentLanguage() }, { silent: true });
      const next = { ...pending, step: data.next };
      storePendingSignIn(next);
      onResent(next);
      setResent(true);
    } catch (error) {
      if (isAbortError(error)) return;
      if (!(error instanceof ApiError) || error.kind !== 'api') {
        reportApiError(error);
        return;
      }
      const outcome = classifySignIn({ code: error.code, message: error.message, data: error.data });
      if (outcome.kind === 'restart') {
        clearPendingSignIn();
        navigate('/login', { replace: true, state: { signInMessage: { text: outcome.message, type: 'error' } } satisfies LoginPageState });
      } else setResendError(error.message);
    } finally {
      setResending(false);
    }
  };

  return (
    <StepFrame
      testId="otp-mail"
      title={t('signIn.mail.title')}
      description={
        <span data-testid="otp-mail-email">{step.email_masked ? t('signIn.mail.sentTo', { email: step.email_masked }) : t('signIn.mail.sent')}</span>
      }
    >
      <SpaceBetween size="l">
        {resent && (
          <Alert type="success" dismissible onDismiss={() => setResent(false)} data-testid="otp-mail-resent">
            {t('signIn.mail.resent')}
          </Alert>
        )}
        {resendError && (
          <Alert type="error" dismissible onDismiss={() => setResendError(undefined)} data-testid="otp-mail-resend-error">
            {resendError}
          </Alert>
        )}
        <CodeForm
          key={step.ticket}
          pending={pending}
          prefix="otp-mail"
          call={(request) => loginTwoStep(request, { silent: true })}
          extraActions={
            <Button formAction="none" loading={resending} onClick={() => void resend()} nativeButtonAttributes={{ 'data-testid': 'otp-mail-resend' }}>
              {t('signIn.mail.resend')}
            </Button>
          }
        />
        <Box variant="small" color="text-body-secondary">
          {t('signIn.mail.help')}
        </Box>
      </SpaceBetween>
    </StepFrame>
  );
}
