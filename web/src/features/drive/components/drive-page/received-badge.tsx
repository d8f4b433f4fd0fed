import { useTranslation } from 'react-i18next';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Popover from '@cloudscape-design/components/popover';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DriveItem } from '../../api/get-file-info.ts';
import { describeArrival, isReceived } from '../../utils/arrival.ts';

/**
 * The "Received" badge of a file that came in without a sign-in (list, grid and phone views): a
 * popover says how it came (the link's title, or the mail's sender, subject and date), when, that
 * it waits for a member to accept it and what accepting registers it as. Nothing for other entries.
 */
export function ReceivedBadge({ item }: { item: DriveItem }) {
  const { t, i18n } = useTranslation();
  if (!isReceived(item)) return null;
  const lines = describeArrival(item.received, t, i18n.language === 'ja' ? 'ja' : 'en');
  return (
    // The row or tile under it keeps its selection and does not open.
    <span className="drive-received" onClick={(event) => event.stopPropagation()} onDoubleClick={(event) => event.stopPropagation()}>
      <Popover
        triggerType="custom"
        size="medium"
        position="top"
        dismissAriaLabel={t('common.close')}
        header={t('arrivals.badge')}
        content={
          <SpaceBetween size="xxs">
            {lines.map((line) => (
              <Box key={line} variant="p" data-testid="received-line">
                {line}
              </Box>
            ))}
          </SpaceBetween>
        }
      >
        <button type="button" className="drive-marker-button" aria-label={t('arrivals.badgeLabel', { name: item.name })} data-testid="received-badge">
          <Badge color="severity-medium">{t('arrivals.badge')}</Badge>
        </button>
      </Popover>
    </span>
  );
}
