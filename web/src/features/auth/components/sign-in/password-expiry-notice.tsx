import { useTranslation } from 'react-i18next';
import Link from '@cloudscape-design/components/link';
import { i18n } from '@/lib/i18n/index.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { newNotificationId, notify } from '@/lib/notifications.ts';

function ExpiryNotice({ days }: { days: number }) {
  const { t } = useTranslation();
  return (
    <span data-testid="password-expiry-warning" data-days={days}>
      {days > 0 ? t('signIn.expiry.message', { days }) : t('signIn.expiry.today')}{' '}
      <Link
        href="/change-password"
        color="inverted"
        onFollow={(event) => {
          event.preventDefault();
          navigateTo('/change-password');
        }}
        data-testid="password-expiry-change"
      >
        {t('signIn.expiry.change')}
      </Link>
    </span>
  );
}

/** After a sign-in within the policy's warning period: a flash with a link to /change-password. */
export function notifyPasswordExpiry(days: number): void {
  notify({ id: newNotificationId('password-expiry'), type: 'warning', content: <ExpiryNotice days={days} />, dismissLabel: i18n.t('common.close') });
}
