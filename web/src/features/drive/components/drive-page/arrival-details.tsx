import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { formatDateTime } from '@/lib/format.ts';
import type { Arrival } from '../../utils/arrival.ts';
import { linkTitle } from '../../utils/arrival.ts';

/**
 * The details panel's "Arrival" of a received file: how it came (link or mail), the sender, the
 * mail's subject, date and Message-ID, the link or address it came through and who made it, and
 * the style accepting registers it as.
 */
export function ArrivalDetails({ arrival }: { arrival: Arrival }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'ja' ? 'ja' : 'en';
  const none = t('common.notAvailable');
  const mail = arrival.channel === 'mail';
  const title = linkTitle(arrival);
  return (
    <div data-testid="details-arrival" data-channel={arrival.channel}>
      <SpaceBetween size="xs">
        <Box variant="h3">{t('arrivals.details.header')}</Box>
        <KeyValuePairs
          columns={3}
          items={[
            { label: t('arrivals.details.state'), value: <StatusIndicator type="pending">{t('arrivals.details.waiting')}</StatusIndicator> },
            { label: t('arrivals.details.channel'), value: <span data-testid="arrival-channel">{t(`arrivals.details.channels.${arrival.channel}`)}</span> },
            {
              label: t('arrivals.details.sender'),
              value: <span data-testid="arrival-sender">{arrival.sender ? (mail ? arrival.sender : t('arrivals.details.senderUnverified', { sender: arrival.sender })) : none}</span>,
            },
            ...(mail
              ? [
                  { label: t('arrivals.details.subject'), value: <span data-testid="arrival-subject">{arrival.subject || none}</span> },
                  { label: t('arrivals.details.mailDate'), value: arrival.mail_date ? formatDateTime(arrival.mail_date, language) : none },
                  { label: t('arrivals.details.messageId'), value: <Box variant="code" fontSize="body-s">{arrival.message_id || none}</Box> },
                ]
              : [{ label: t('arrivals.details.linkTitle'), value: <span data-testid="arrival-link">{title ?? none}</span> }]),
            { label: t('arrivals.details.source'), value: <Box variant="code" fontSize="body-s">{arrival.source_id}</Box> },
            { label: t('arrivals.details.creator'), value: arrival.creator_nm ?? arrival.creator_id },
            { label: t('arrivals.details.style'), value: <span data-testid="arrival-style">{t(`versions.documentStyles.${arrival.document_style ?? 'general'}`)}</span> },
            { label: t('arrivals.details.receivedAt'), value: formatDateTime(arrival.received_at, language) },
          ]}
        />
      </SpaceBetween>
    </div>
  );
}
