import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { codeName } from '@shared/codes.ts';
import type { LoginStepKind } from '@shared/schemas/auth.ts';
import type { LoginPageState } from './use-sign-in-flow.ts';
import { clearPendingSignIn, isPendingExpired, readPendingSignIn, type PendingSignIn } from '../../utils/pending-sign-in.ts';
import { usePageTitle } from '@/components/page-layout.tsx';

/**
 * The pending step of this page from sessionStorage (survives a reload). Undefined when there is
 * none or its ticket has expired: the page then sends the user back to /login (StepMissing).
 */
export function usePendingStep(kind: LoginStepKind): PendingSignIn | undefined {
  const [pending] = useState(() => {
    const found = readPendingSignIn(kind);
    return found && !isPendingExpired(found) ? found : undefined;
  });
  return pending;
}

/** The frame of every sign-in step page: title, the server's message, the form, back to sign-in. */
export function StepFrame({ testId, title, description, code, wide = false, children }: {
  testId: string;
  /** Room for two columns (the QR code, the password conditions). */
  wide?: boolean;
  title: string;
  description?: ReactNode;
  /** The code that named this step: its catalogue message is shown above the form. */
  code?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(title);
  const name = code === undefined ? undefined : codeName(code);
  const message = name ? t(`code.${name}`) : undefined;
  return (
    <div className={wide ? 'login-page login-page-wide' : 'login-page'} data-testid={testId}>
      <SpaceBetween size="l">
        {message && (
          <Alert type="info" data-testid="sign-in-step-message">
            {message}
          </Alert>
        )}
        <Container header={<Header variant="h1" description={description}>{title}</Header>}>{children}</Container>
        <Box textAlign="center">
          <Link
            href="/login"
            onFollow={(event) => {
              event.preventDefault();
              clearPendingSignIn();
              navigate('/login', { replace: true });
            }}
            data-testid="sign-in-back"
          >
            {t('signIn.backToLogin')}
          </Link>
        </Box>
      </SpaceBetween>
    </div>
  );
}

/** No pending step (a bookmark, a reload after it expired): back to /login with the message. */
export function StepMissing() {
  const { t } = useTranslation();
  return <Navigate to="/login" replace state={{ signInMessage: { text: t('notice.signInTicketInvalid'), type: 'error' } } satisfies LoginPageState} />;
}
