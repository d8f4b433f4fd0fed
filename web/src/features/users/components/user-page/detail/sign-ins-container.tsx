import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { SignInOutcome } from '@shared/schemas/auth.ts';
import { ApiError } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { currentLanguage } from '@/lib/i18n/index.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';
import { endUserSession } from '../../../api/end-user-session.ts';
import { useUserSignIns } from '../../../api/list-user-sign-ins.ts';

const outcomeStatus: Record<SignInOutcome, StatusIndicatorProps.Type> = {
  success: 'success', sso: 'success', wrong_data: 'error', locked: 'error', not_accepted: 'stopped', second_step_failed: 'error', ip_refused: 'stopped',
};

/** "Sign-in activity": the live session (with "End session") and the latest sign-ins, every outcome. */
export function SignInsContainer({ userId, userName }: { userId: string; userName: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data, error, isLoading, mutate } = useUserSignIns(userId);
  const [ending, setEnding] = useState(false);
  const session = data?.session ?? null;

  const end = async () => {
    setEnding(true);
    try {
      await endUserSession({ user_id: userId });
      notify({ id: newNotificationId('session-ended'), type: 'success', header: t('users.signIns.ended', { name: userName }), dismissLabel: t('common.close') });
      await mutate();
    } catch {
      // The API client shows the error.
    } finally {
      setEnding(false);
    }
  };

  return (
    <Container
      data-testid="user-sign-ins"
      header={
        <Header
          variant="h2"
          description={t('users.signIns.description')}
          actions={
            <Button disabled={!session} loading={ending} onClick={() => void end()} nativeButtonAttributes={{ 'data-testid': 'user-end-session-button' }}>
              {t('users.signIns.endSession')}
            </Button>
          }
        >
          {t('users.signIns.title')}
        </Header>
      }
    >
      {error ? (
        <Alert type="error">{error instanceof ApiError ? error.message : t('notice.networkError')}</Alert>
      ) : (
        <SpaceBetween size="l">
          <KeyValuePairs
            columns={3}
            items={[
              {
                label: t('users.signIns.session'),
                value: (
                  <span data-testid="user-session-state">
                    {session ? <StatusIndicator type="success">{t('users.signIns.sessionLive')}</StatusIndicator> : <StatusIndicator type="stopped">{t('users.signIns.noSession')}</StatusIndicator>}
                  </span>
                ),
              },
              { label: t('users.signIns.sessionStarted'), value: session ? formatDateTime(session.started_at, language) : '-' },
              { label: t('users.signIns.sessionFrom'), value: session ? [session.ip_address, session.browser].filter(Boolean).join(' · ') || '-' : '-' },
            ]}
          />
          <Table
            data-testid="user-sign-ins-table"
            variant="embedded"
            wrapLines
            loading={isLoading}
            loadingText={t('app.loading')}
            items={data?.events ?? []}
            ariaLabels={{ tableLabel: t('users.signIns.title') }}
            columnDefinitions={[
              { id: 'at', header: t('users.signIns.at'), cell: (event) => formatDateTime(event.at, language, { seconds: true }) },
              { id: 'outcome', header: t('users.signIns.outcome'), cell: (event) => <StatusIndicator type={outcomeStatus[event.outcome]}>{t(`users.signIns.outcomes.${event.outcome}`)}</StatusIndicator> },
              { id: 'ip', header: t('users.signIns.ipAddress'), cell: (event) => event.ip_address },
              { id: 'browser', header: t('users.signIns.browser'), cell: (event) => event.browser || '-' },
            ]}
            empty={
              <Box textAlign="center" color="text-body-secondary" padding={{ vertical: 's' }}>
                {t('users.signIns.none')}
              </Box>
            }
          />
        </SpaceBetween>
      )}
    </Container>
  );
}
