import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';

/** SPEC.md §9: the redirect to the account's location waits 3 seconds. */
export const REDIRECT_DELAY_SECONDS = 3;

/** -990000010010: the account belongs to another location; its message, a countdown, then there. */
export function DifferentLocation({ url, message, onGo }: { url: string; message: string; onGo: (url: string) => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(REDIRECT_DELAY_SECONDS);

  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, REDIRECT_DELAY_SECONDS - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        onGo(url);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [url, onGo]);

  return (
    <div className="login-page">
      <Alert type="warning" data-testid="login-different-location" header={t('signIn.location.title')}>
        <SpaceBetween size="xs">
          <span data-url={url}>{message}</span>
          <Box variant="small" data-testid="login-different-location-countdown">
            {t('signIn.location.countdown', { seconds: left })}
          </Box>
          <Link href={url} data-testid="login-different-location-go">
            {t('signIn.location.goNow')}
          </Link>
        </SpaceBetween>
      </Alert>
    </div>
  );
}
